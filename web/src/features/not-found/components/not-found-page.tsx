import { Link } from 'react-router';
import { THEMES } from '#contract/constants.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';

export function NotFoundPage() {
  usePageMeta('Page not found');
  return (
    <section className="section not-found">
      <p className="not-found__code">404</p>
      <h1 className="page-title">Page not found</h1>
      <p>This page does not exist, or it has moved. These do:</p>
      <ul className="not-found__links">
        <li>
          <Link className="button" to="/">
            Home
          </Link>
        </li>
        {THEMES.map((theme) => (
          <li key={theme.tag}>
            <Link className="button button--ghost" to={theme.path}>
              {theme.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
