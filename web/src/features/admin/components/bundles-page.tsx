import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { bundlePagePath, MAX_BUNDLE_ITEMS, type AdminBundle } from '#contract/bundles.ts';
import type { Item } from '#contract/item.ts';
import { formatUsd } from '#contract/money.ts';
import { AdminOnly } from '../../../components/admin-only.tsx';
import { ItemImage } from '../../../components/catalogue/item-image.tsx';
import { notify } from '../../../lib/toast.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useAdminItems } from '../api/get-admin-items.ts';
import { useAdminBundles, useBundleActions } from '../api/bundles.ts';
import { useAdminAction } from '../hooks/use-admin-action.ts';
import { AdminNav } from './admin-nav.tsx';

const PICKER_SIZE = 8;

/** Finds paid wallpapers by name and adds them to the bundle being made. */
function ItemPicker({ chosen, onAdd }: { chosen: Item[]; onAdd: (item: Item) => void }) {
  const [words, setWords] = useState('');
  const query = new URLSearchParams({ price: 'paid', limit: String(PICKER_SIZE), ...(words.trim() && { q: words }) });
  const { data, isFetching } = useAdminItems(query.toString());
  const taken = new Set(chosen.map((item) => item.itemId));
  return (
    <div className="bundle-picker">
      <label htmlFor="bundle-find">Find paid wallpapers to add</label>
      <input
        id="bundle-find"
        type="search"
        value={words}
        onChange={(event) => setWords(event.target.value)}
        placeholder="Name or itemId"
        aria-describedby="bundle-find-help"
      />
      <p id="bundle-find-help" className="form__hint">
        Free wallpapers cannot be in a bundle, so only paid ones are listed.
      </p>
      <ul className="bundle-picker__results" aria-label="Wallpapers found" aria-busy={isFetching}>
        {data?.items.map((item) => (
          <li key={item.itemId}>
            <span>
              {item.name} · {formatUsd(item.price)}
              {!item.published && ' · unpublished'}
            </span>
            <button
              type="button"
              className="button button--small button--ghost"
              disabled={taken.has(item.itemId) || chosen.length >= MAX_BUNDLE_ITEMS}
              onClick={() => onAdd(item)}
              aria-label={`Add ${item.name} to the bundle`}
            >
              {taken.has(item.itemId) ? 'Added' : 'Add'}
            </button>
          </li>
        ))}
        {data?.items.length === 0 && <li className="empty-state">No paid wallpaper matches.</li>}
      </ul>
    </div>
  );
}

/** A new bundle, or the one being edited: its name, description, price and wallpapers. */
function BundleForm({ editing, onDone }: { editing: AdminBundle | undefined; onDone: () => void }) {
  const { create, update } = useBundleActions();
  const [items, setItems] = useState<Item[]>(editing?.items ?? []);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const worth = items.reduce((sum, item) => sum + item.price, 0);
  // Edit opens the form with its name in focus: on a phone the form is below the list.
  const nameField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (editing) nameField.current?.focus();
  }, [editing]);

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const fields = {
      name: String(data.get('name') ?? ''),
      description: String(data.get('description') ?? ''),
      price: Number(data.get('price')),
      itemIds: items.map((item) => item.itemId),
    };
    if (items.length < 2) return setError('Add at least two wallpapers.');
    setError('');
    setSaving(true);
    try {
      const saved = editing
        ? await update(editing.bundleId, fields)
        : await create({ ...fields, published: data.get('published') === 'on' });
      notify.success(editing ? `“${saved.name}” was saved` : `“${saved.name}” was made`);
      onDone();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The bundle could not be saved. Please try again.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="form coupon-form"
      onSubmit={(event) => void save(event)}
      aria-label={editing ? `Edit ${editing.name}` : 'New bundle'}
    >
      <h2 className="admin-order__heading">{editing ? `Edit “${editing.name}”` : 'New bundle'}</h2>
      <label htmlFor="bundle-name">Name</label>
      <input id="bundle-name" name="name" maxLength={80} required defaultValue={editing?.name} ref={nameField} />
      <label htmlFor="bundle-description">Description (optional)</label>
      <textarea
        id="bundle-description"
        name="description"
        maxLength={500}
        rows={2}
        defaultValue={editing?.description}
      />
      <label htmlFor="bundle-price">Price in USD</label>
      <input
        id="bundle-price"
        name="price"
        type="number"
        min={0.01}
        max={1000}
        step={0.01}
        required
        defaultValue={editing?.price}
        aria-describedby="bundle-price-help"
      />
      <p id="bundle-price-help" className="form__hint">
        {items.length > 0 && `Bought one by one, the wallpapers below cost ${formatUsd(worth)}. `}A shopper who owns
        some of them pays only for the others, at the bundle’s rate.
      </p>
      <h3 className="bundle-form__subtitle">Wallpapers ({items.length})</h3>
      {items.length === 0 ? (
        <p className="form__hint">None yet: find them below.</p>
      ) : (
        <ol className="bundle-form__items" aria-label="Wallpapers in the bundle">
          {items.map((item) => (
            <li key={item.itemId}>
              <span>
                {item.name} · {formatUsd(item.price)}
              </span>
              <button
                type="button"
                className="button button--small button--ghost"
                onClick={() => setItems(items.filter((other) => other.itemId !== item.itemId))}
                aria-label={`Take ${item.name} out of the bundle`}
              >
                Remove
              </button>
            </li>
          ))}
        </ol>
      )}
      <ItemPicker chosen={items} onAdd={(item) => setItems([...items, item])} />
      {!editing && (
        <label className="form__check">
          <input type="checkbox" name="published" /> Publish it now
        </label>
      )}
      <p className="form__error" role="alert">
        {error}
      </p>
      <span className="bundle-form__actions">
        <button type="submit" className="button" disabled={saving}>
          {saving ? 'Saving…' : editing ? 'Save the bundle' : 'Make the bundle'}
        </button>
        {editing && (
          <button type="button" className="button button--ghost" onClick={onDone}>
            Cancel
          </button>
        )}
      </span>
    </form>
  );
}

function BundleRow({ bundle, onEdit }: { bundle: AdminBundle; onEdit: () => void }) {
  const { update, remove } = useBundleActions();
  const { busy, act } = useAdminAction();
  const name = `“${bundle.name}”`;
  const state = !bundle.published
    ? 'Draft'
    : bundle.onSale
      ? 'On sale'
      : 'Not on sale: one of its wallpapers is unpublished';
  const [first] = bundle.items;
  return (
    <li className="admin-bundle">
      {first && <ItemImage item={first} sizes="64px" />}
      <span className="admin-banner__facts">
        <strong>{bundle.onSale ? <Link to={bundlePagePath(bundle.bundleId)}>{bundle.name}</Link> : bundle.name}</strong>
        <span className="admin-order__line-state">
          {bundle.items.length} wallpapers · {formatUsd(bundle.price)} (one by one {formatUsd(bundle.worth)}) · {state}{' '}
          · sold {bundle.sold} {bundle.sold === 1 ? 'time' : 'times'}
        </span>
      </span>
      <span className="admin-banner__actions">
        <button
          type="button"
          className="button button--small button--ghost"
          onClick={onEdit}
          aria-label={`Edit ${name}`}
        >
          Edit
        </button>
        <button
          type="button"
          className="button button--small button--ghost"
          disabled={busy}
          aria-label={`${bundle.published ? 'Unpublish' : 'Publish'} ${name}`}
          onClick={() =>
            void act(
              () => update(bundle.bundleId, { published: !bundle.published }),
              bundle.published ? `${name} is unpublished` : `${name} is published`,
            )
          }
        >
          {bundle.published ? 'Unpublish' : 'Publish'}
        </button>
        {bundle.sold > 0 ? (
          <span className="admin-order__line-state">Bought, so it stays: unpublish it to stop selling it</span>
        ) : (
          <button
            type="button"
            className="button button--small button--ghost"
            disabled={busy}
            aria-label={`Delete ${name}`}
            onClick={() => {
              if (confirm(`Delete ${name}? Its wallpapers stay in the store.`))
                void act(() => remove(bundle.bundleId), `${name} was deleted`);
            }}
          >
            Delete
          </button>
        )}
      </span>
    </li>
  );
}

function Bundles() {
  usePageMeta('Bundles');
  const { data, isPending, isError } = useAdminBundles();
  const [editing, setEditing] = useState<AdminBundle>();
  return (
    <section className="section admin-coupons">
      <AdminNav />
      <h1 className="page-title">Bundles</h1>
      <p className="page-lead">
        A set of paid wallpapers at one price, with its own page and a card on the home page while it is published and
        all its wallpapers are. A wallpaper in a published bundle can’t be deleted.
      </p>
      <div className="admin-coupons__layout">
        <div>
          {isPending ? (
            <p className="page-loading">Loading the bundles…</p>
          ) : isError ? (
            <p role="alert">The bundles could not be loaded. Please reload the page.</p>
          ) : data.length === 0 ? (
            <p className="empty-state">There is no bundle yet.</p>
          ) : (
            <ul className="admin-banners" aria-label="Bundles">
              {data.map((bundle) => (
                <BundleRow key={bundle.bundleId} bundle={bundle} onEdit={() => setEditing(bundle)} />
              ))}
            </ul>
          )}
        </div>
        <BundleForm key={editing?.bundleId ?? 'new'} editing={editing} onDone={() => setEditing(undefined)} />
      </div>
    </section>
  );
}

export const BundlesPage = () => (
  <AdminOnly>
    <Bundles />
  </AdminOnly>
);
