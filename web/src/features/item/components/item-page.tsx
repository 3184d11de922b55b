import { Link, useParams } from 'react-router';
import { THEMES } from '#contract/constants.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useItem } from '../../../lib/catalogue-api.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useUser } from '../../../lib/user-store.ts';
import { ItemPanel } from './item-panel.tsx';
import { WallpaperCard } from './wallpaper-card.tsx';

/** A wallpaper's own page (/wallpapers/{itemId}/{slug}): the address every link and email gives it. */
export function ItemPage() {
  const { itemId } = useParams();
  const { data: item, isPending, error } = useItem(itemId);
  const user = useUser();
  usePageMeta(item ? `${item.name} ${item.photoType === 'live' ? 'live ' : ''}wallpaper` : 'Wallpaper');

  if (isPending)
    return (
      <section className="section item-page" aria-busy="true" aria-label="Loading the wallpaper">
        <div className="item-page__stage">
          <div className="carousel__loading" />
        </div>
      </section>
    );
  if (!item)
    return (
      <section className="section not-found">
        <h1 className="page-title">This wallpaper is not in the store</h1>
        <p role="alert">
          {error instanceof ApiRequestError && error.status === 404
            ? 'It may have been taken down, or the link is mistyped.'
            : 'It could not be loaded. Please try again.'}
        </p>
        <Link className="button" to="/item/0">
          See the newest wallpapers
        </Link>{' '}
        <Link className="button button--ghost" to="/">
          Home
        </Link>
      </section>
    );

  const theme = THEMES.find((candidate) => item.tags.includes(candidate.tag));
  return (
    <section className="section item-page">
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <ol>
          <li>
            <Link to="/">Home</Link>
          </li>
          {theme && (
            <li>
              <Link to={theme.path}>{theme.label}</Link>
            </li>
          )}
          <li aria-current="page">{item.name}</li>
        </ol>
      </nav>
      <h1 className="page-title item-page__title">{item.name}</h1>
      {user?.isAdmin && (
        <p className="item-page__admin">
          <Link to={`/admin/items?q=${encodeURIComponent(item.itemId)}`}>Edit in the catalogue</Link>
        </p>
      )}
      <div className="item-page__stage">
        <WallpaperCard item={item} eager linked={false} />
      </div>
      <ItemPanel item={item} />
    </section>
  );
}
