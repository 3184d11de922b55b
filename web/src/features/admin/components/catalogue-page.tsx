import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ADMIN_ITEMS_COUNTED, ADMIN_ITEMS_PAGE_SIZE, type AdminItem } from '#contract/admin.ts';
import { THEMES } from '#contract/constants.ts';
import { itemPagePath } from '#contract/item-url.ts';
import { formatUsd } from '#contract/money.ts';
import { AdminOnly } from '../../../components/admin-only.tsx';
import { ItemImage } from '../../../components/catalogue/item-image.tsx';
import { countText } from '../../../lib/count-text.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useItemFileUrl } from '../../../lib/use-public-config.ts';
import { useDeleteItem } from '../api/delete-item.ts';
import { useAdminItems } from '../api/get-admin-items.ts';
import { useUpdateItem } from '../api/update-item.ts';
import { useAdminAction } from '../hooks/use-admin-action.ts';
import { AdminNav } from './admin-nav.tsx';
import { ItemEditor } from './item-editor.tsx';
import { Pager } from './pager.tsx';

/** The filters the page keeps in its address, each with its choices ('' is any). */
const FILTERS = [
  { name: 'tag', label: 'Theme', choices: THEMES.map((theme) => [theme.tag, theme.label] as const) },
  {
    name: 'price',
    label: 'Price',
    choices: [
      ['free', 'Free'],
      ['paid', 'Paid'],
    ] as const,
  },
  {
    name: 'photoType',
    label: 'Type',
    choices: [
      ['static', 'Static'],
      ['live', 'Live'],
    ] as const,
  },
  {
    name: 'state',
    label: 'State',
    choices: [
      ['published', 'Published'],
      ['unpublished', 'Unpublished'],
    ] as const,
  },
] as const;

const SOLD_STAYS = 'Sold: it stays for its buyers, so it cannot be deleted. Unpublish it to take it off sale.';

function CatalogueItem({ item }: { item: AdminItem }) {
  const [editing, setEditing] = useState(false);
  const { busy, act } = useAdminAction();
  const updateItem = useUpdateItem();
  const deleteItem = useDeleteItem();
  const fileUrl = useItemFileUrl();
  const picture = fileUrl(item.itemId, item.thumbnails.at(-1)?.file ?? item.thumbnail);

  const togglePublished = () =>
    act(
      () => updateItem(item.itemId, { published: !item.published }),
      item.published ? `${item.name} is no longer in the store` : `${item.name} is in the store`,
    );
  const remove = () => {
    if (!confirm(`Delete ${item.name}? Its files are removed for good.`)) return;
    void act(() => deleteItem(item.itemId), `${item.name} was deleted`);
  };

  return (
    <li className="admin-item" aria-busy={busy}>
      <div className="admin-item__summary">
        <div className="admin-item__picture">
          <ItemImage item={item} sizes="96px" />
        </div>
        <div className="admin-item__text">
          <h2 className="admin-item__name">
            {item.published ? <Link to={itemPagePath(item)}>{item.name}</Link> : item.name}
          </h2>
          <p className="admin-item__id">{item.itemId}</p>
          <p className="admin-item__badges">
            <span className={item.published ? 'badge badge--on' : 'badge'}>
              {item.published ? 'Published' : 'Unpublished'}
            </span>
            <span className="badge">{item.freeDownload ? 'Free' : formatUsd(item.price)}</span>
            <span className="badge">{item.photoType === 'live' ? 'Live' : 'Static'}</span>
            {item.sold && <span className="badge">Sold</span>}
            <span className="admin-item__tags">{item.tags.join(' · ')}</span>
          </p>
        </div>
        <div className="admin-item__actions">
          <button
            type="button"
            className="button button--small button--ghost"
            aria-expanded={editing}
            onClick={() => setEditing(!editing)}
          >
            Edit
          </button>
          <button
            type="button"
            className="button button--small button--ghost"
            disabled={busy}
            onClick={() => void togglePublished()}
          >
            {item.published ? 'Unpublish' : 'Publish'}
          </button>
          <button
            type="button"
            className="button button--small button--ghost"
            disabled={busy || item.sold}
            title={item.sold ? SOLD_STAYS : undefined}
            onClick={remove}
          >
            Delete
          </button>
        </div>
      </div>
      {item.sold && <p className="admin-item__note">{SOLD_STAYS}</p>}
      {editing && (
        <ItemEditor
          item={item}
          picture={{ src: picture, alt: item.name }}
          idPrefix={`edit-${item.itemId}`}
          saveLabel="Save changes"
          savedMessage={`${item.name} saved`}
          onSaved={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      )}
    </li>
  );
}

function Catalogue() {
  usePageMeta('Catalogue');
  const [params, setParams] = useSearchParams();
  // The catalogue pages only as far as it counts (ADMIN_ITEMS_COUNTED).
  const page = Math.min(
    Math.max(1, Math.floor(Number(params.get('page'))) || 1),
    Math.floor(ADMIN_ITEMS_COUNTED / ADMIN_ITEMS_PAGE_SIZE) + 1,
  );
  const query = new URLSearchParams([
    ...['q', ...FILTERS.map((filter) => filter.name)].flatMap((name) => {
      const value = params.get(name);
      return value ? [[name, value] as [string, string]] : [];
    }),
    ...(page > 1 ? [['offset', String((page - 1) * ADMIN_ITEMS_PAGE_SIZE)] as [string, string]] : []),
  ]).toString();
  const { data, isPending, isError, isPlaceholderData } = useAdminItems(query);
  const pages = data ? Math.max(1, Math.ceil(data.total / ADMIN_ITEMS_PAGE_SIZE)) : 1;

  const setFilter = (name: string, value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      next.delete('page');
      return next;
    });
  const goTo = (to: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('page', String(to));
      return next;
    });
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFilter('q', String(new FormData(event.currentTarget).get('q') ?? '').trim());
  };

  return (
    <section className="section admin-catalogue">
      <AdminNav />
      <h1 className="page-title">Catalogue</h1>
      <form className="admin-filters" role="search" onSubmit={search}>
        <label className="admin-filters__search">
          Name or item id
          <span className="admin-filters__search-row">
            <input name="q" type="search" defaultValue={params.get('q') ?? ''} key={params.get('q') ?? ''} />
            <button type="submit" className="button button--small">
              Search
            </button>
          </span>
        </label>
        {FILTERS.map((filter) => (
          <label key={filter.name}>
            {filter.label}
            <select value={params.get(filter.name) ?? ''} onChange={(e) => setFilter(filter.name, e.target.value)}>
              <option value="">Any</option>
              {filter.choices.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
        ))}
      </form>
      {isPending ? (
        <p className="page-loading">Loading the catalogue…</p>
      ) : isError ? (
        <p role="alert">The catalogue could not be loaded. Please reload the page.</p>
      ) : (
        <>
          <p className="section__count" role="status">
            {countText(data.total, 'item', { atLeast: data.more })}
          </p>
          {data.items.length === 0 ? (
            <p className="empty-state">No item matches these filters.</p>
          ) : (
            <ul className="admin-items" aria-label="Items" aria-busy={isPlaceholderData}>
              {data.items.map((item) => (
                // Keyed by the item alone: a job that changes it (a clip, a palette) must not close an open editor.
                <CatalogueItem key={item.itemId} item={item} />
              ))}
            </ul>
          )}
          <Pager page={page} pages={pages} more={data.more} onGo={goTo} />
        </>
      )}
    </section>
  );
}

export const CataloguePage = () => (
  <AdminOnly>
    <Catalogue />
  </AdminOnly>
);
