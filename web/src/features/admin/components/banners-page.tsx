import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { BANNER_SIZE, MAX_ACTIVE_BANNERS, type Banner } from '#contract/banners.ts';
import { tagPagePath } from '#contract/item-url.ts';
import { AdminOnly } from '../../../components/admin-only.tsx';
import { notify } from '../../../lib/toast.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useAdminBanners, useBannerActions } from '../api/banners.ts';
import { useAdminAction } from '../hooks/use-admin-action.ts';
import { AdminNav } from './admin-nav.tsx';

function NewBanner() {
  const { create } = useBannerActions();
  const [error, setError] = useState('');
  const [progress, setProgress] = useState<number | null>(null);

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const image = data.get('image');
    if (!(image instanceof File) || image.size === 0) return setError('Choose the banner’s picture.');
    setError('');
    setProgress(0);
    try {
      const made = await create(
        { title: String(data.get('title') ?? ''), tag: String(data.get('tag') ?? '') },
        image,
        setProgress,
      );
      notify.success(`“${made.title}” is on the home pages`);
      form.reset();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The banner could not be made. Please try again.');
    } finally {
      setProgress(null);
    }
  };

  return (
    <form className="form coupon-form" onSubmit={(event) => void save(event)} aria-label="New banner">
      <h2 className="admin-order__heading">New banner</h2>
      <label htmlFor="banner-title">Title</label>
      <input id="banner-title" name="title" maxLength={60} required />
      <label htmlFor="banner-tag">Opens the wallpapers tagged</label>
      <input id="banner-tag" name="tag" maxLength={30} placeholder="landscape" required />
      <label htmlFor="banner-image">
        Picture (cropped to {BANNER_SIZE.width}×{BANNER_SIZE.height})
      </label>
      <input id="banner-image" name="image" type="file" accept="image/jpeg,image/png,image/webp,image/avif" required />
      {progress !== null && (
        <progress max={1} value={progress} aria-label="Sending the picture">
          {Math.round(progress * 100)}%
        </progress>
      )}
      <p className="form__error" role="alert">
        {error}
      </p>
      <button type="submit" className="button" disabled={progress !== null}>
        {progress !== null ? 'Making it…' : 'Make the banner'}
      </button>
    </form>
  );
}

function BannerRow({ banner, first, last }: { banner: Banner; first: boolean; last: boolean }) {
  const { update, remove } = useBannerActions();
  const { busy, act } = useAdminAction();
  const name = `“${banner.title}”`;
  const button = (label: string, onClick: () => void, disabled = false) => (
    <button
      type="button"
      className="button button--small button--ghost"
      disabled={busy || disabled}
      aria-label={`${label} ${name}`}
      onClick={onClick}
    >
      {label}
    </button>
  );
  return (
    <li className="admin-banner">
      <img src={banner.imageSmall} alt="" width={585} height={187} loading="lazy" />
      <span className="admin-banner__facts">
        <strong>{banner.title}</strong>
        <span className="admin-order__line-state">
          {banner.active ? 'Shown' : 'Hidden'} · opens <Link to={tagPagePath(banner.tag)}>#{banner.tag}</Link>
        </span>
      </span>
      <span className="admin-banner__actions">
        {button('Up', () => void act(() => update(banner.id, { move: 'up' }), `${name} moved up`), first)}
        {button('Down', () => void act(() => update(banner.id, { move: 'down' }), `${name} moved down`), last)}
        {button(
          banner.active ? 'Hide' : 'Show',
          () =>
            void act(
              () => update(banner.id, { active: !banner.active }),
              banner.active ? `${name} is hidden` : `${name} is shown`,
            ),
        )}
        {button('Delete', () => {
          if (confirm(`Delete ${name}? Its picture goes too.`))
            void act(() => remove(banner.id), `${name} was deleted`);
        })}
      </span>
    </li>
  );
}

function Banners() {
  usePageMeta('Banners');
  const { data, isPending, isError } = useAdminBanners();
  return (
    <section className="section admin-coupons">
      <AdminNav />
      <h1 className="page-title">Banners</h1>
      <p className="page-lead">
        Shown on the home page and as the Android app’s home banners, in this order (the first {MAX_ACTIVE_BANNERS}{' '}
        shown). While none is shown, the app shows the themes’ banners.
      </p>
      <div className="admin-coupons__layout">
        <div>
          {isPending ? (
            <p className="page-loading">Loading the banners…</p>
          ) : isError ? (
            <p role="alert">The banners could not be loaded. Please reload the page.</p>
          ) : data.length === 0 ? (
            <p className="empty-state">There is no banner yet.</p>
          ) : (
            <ul className="admin-banners" aria-label="Banners">
              {data.map((banner, index) => (
                <BannerRow key={banner.id} banner={banner} first={index === 0} last={index === data.length - 1} />
              ))}
            </ul>
          )}
        </div>
        <NewBanner />
      </div>
    </section>
  );
}

export const BannersPage = () => (
  <AdminOnly>
    <Banners />
  </AdminOnly>
);
