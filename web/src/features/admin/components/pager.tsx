/**
 * Previous and next pages of an admin list, with where the list is; nothing for a single page.
 * `more`: the list holds more than its `pages` count.
 */
export function Pager({
  page,
  pages,
  more = false,
  onGo,
}: {
  page: number;
  pages: number;
  more?: boolean;
  onGo: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <nav className="admin-pager" aria-label="Pages">
      <button
        type="button"
        className="button button--small button--ghost"
        disabled={page <= 1}
        onClick={() => onGo(page - 1)}
      >
        Previous
      </button>
      <span>
        Page {page} of {pages}
        {more && '+'}
      </span>
      <button
        type="button"
        className="button button--small button--ghost"
        disabled={page >= pages}
        onClick={() => onGo(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
