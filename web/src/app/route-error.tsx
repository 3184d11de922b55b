import { Link, useRouteError } from 'react-router';

/** Shown when a page fails to load or throws: a way back instead of a blank screen. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <section className="section not-found" role="alert">
      <h1 className="page-title">Something went wrong</h1>
      <p>This page could not be shown. Reload to try again, or go back home.</p>
      <button type="button" className="button" onClick={() => location.reload()}>
        Reload
      </button>{' '}
      <Link className="button button--ghost" to="/">
        Home
      </Link>
    </section>
  );
}
