import type { PagedItems } from '../../lib/use-paged-items.ts';
import { ItemGrid } from './item-grid.tsx';
import { LoadMore } from './load-more.tsx';

/**
 * A list shown page by page (`usePagedItems`): its grid, then Load more. Where a page could not
 * be loaded, nothing after it can show until it is: the visitor is told, and asks for it again.
 */
export function PagedItemGrid({ list, label, emptyText }: { list: PagedItems; label: string; emptyText?: string }) {
  const failed = list.failed && (
    <div className="load-more" role="alert">
      <p className="load-more__count">
        {list.items ? 'More wallpapers could not be loaded.' : 'These wallpapers could not be loaded.'}
      </p>
      <button type="button" className="button" disabled={list.isFetching} onClick={list.retry}>
        {list.isFetching ? 'Loading…' : 'Try again'}
      </button>
    </div>
  );
  if (failed && !list.items) return failed;
  return (
    <>
      <ItemGrid items={list.items} loading={list.isPending} label={label} {...(emptyText && { emptyText })} />
      {failed ||
        (list.hasMore && list.items && (
          <LoadMore shown={list.items.length} total={list.total!} busy={list.isFetching} onLoad={list.loadMore} />
        ))}
    </>
  );
}
