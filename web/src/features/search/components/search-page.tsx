import { Link, useSearchParams } from 'react-router';
import { THEMES } from '#contract/constants.ts';
import { PAGES } from '#contract/pages.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { usePagedItems } from '../../../lib/use-paged-items.ts';
import { PagedItemGrid } from '../../../components/catalogue/paged-item-grid.tsx';
import { ColourFilters, useColourFilters } from '../../../components/catalogue/colour-filters.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { listPaths } from '../../../lib/catalogue-api.ts';

export function SearchPage() {
  const [params] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const meta = PAGES.search.meta;
  usePageMeta(q ? `“${q}” wallpapers` : meta.title, meta.description);
  const colours = useColourFilters();
  const list = usePagedItems(listPaths.search(q, colours.query), {
    enabled: q.length > 0,
  });

  return (
    <section className="section">
      <h1 className="page-title">{q ? `Results for “${q}”` : 'Search wallpapers'}</h1>
      <SearchBox key={q} initial={q} autoFocus={!q} />
      {!q ? (
        <p className="empty-state">
          Type a name, a colour or a mood — or browse{' '}
          {THEMES.map((theme, i) => (
            <span key={theme.tag}>
              {i > 0 && (i === THEMES.length - 1 ? ' or ' : ', ')}
              <Link to={theme.path}>{theme.label.toLowerCase()}</Link>
            </span>
          ))}
          .
        </p>
      ) : list.error ? (
        <p className="empty-state" role="alert">
          {list.error.message}
        </p>
      ) : (
        <>
          {list.suggestion && (
            <p className="search-page__suggestion" role="status">
              Nothing matched “{q}”. Showing results for{' '}
              <Link to={`/search?q=${encodeURIComponent(list.suggestion)}`}>
                <strong>{list.suggestion}</strong>
              </Link>
              .
            </p>
          )}
          <ColourFilters />
          {/* The cards' names are third-level headings: the list needs its own second level. */}
          <h2 className="visually-hidden">Wallpapers found</h2>
          <PagedItemGrid
            list={list}
            label="Search results"
            emptyText={
              colours.words
                ? `No ${colours.words} wallpapers match “${q}”. Try another colour.`
                : `No wallpapers match “${q}”. Try another word.`
            }
          />
        </>
      )}
    </section>
  );
}
