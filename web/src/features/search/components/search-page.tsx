import { Link, useSearchParams } from 'react-router';
import { THEMES } from '../../../../../contract/constants.ts';
import { PAGES } from '../../../../../contract/pages.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useSearch } from '../../../lib/catalogue-api.ts';
import { ItemGrid } from '../../../components/catalogue/item-grid.tsx';
import { SearchBox } from '../../../components/search-box.tsx';

export function SearchPage() {
  const [params] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const meta = PAGES.search.meta;
  usePageMeta(q ? `“${q}” wallpapers` : meta.title, meta.description);
  const { data, isPending, isError, error } = useSearch(q);

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
      ) : isError ? (
        <p className="empty-state" role="alert">
          {error.message}
        </p>
      ) : (
        <ItemGrid
          items={data}
          loading={isPending}
          label="Search results"
          emptyText={`No wallpapers match “${q}”. Try another word.`}
        />
      )}
    </section>
  );
}
