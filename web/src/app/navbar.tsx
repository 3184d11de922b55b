import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { THEMES } from '#contract/constants.ts';
import { Icon } from '../components/ui/icons.tsx';
import { useCart } from '../lib/cart-store.ts';
import { useUser } from '../lib/user-store.ts';
import { useHideOnScroll } from './use-hide-on-scroll.ts';

export function Navbar({ storeName }: { storeName: string }) {
  const hidden = useHideOnScroll();
  const { totalCount } = useCart();
  const user = useUser();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const [menuPath, setMenuPath] = useState(location.pathname);
  // Close the phone menu whenever the page changes.
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname);
    setMenuOpen(false);
  }

  return (
    <header className={hidden && !menuOpen ? 'navbar navbar--hidden' : 'navbar'} data-testid="navbar">
      <nav className="navbar__inner" aria-label="Main">
        <Link to="/" className="navbar__brand">
          {storeName}
        </Link>
        <ul id="main-menu" className={menuOpen ? 'navbar__links navbar__links--open' : 'navbar__links'}>
          {THEMES.map((theme) => (
            <li key={theme.tag}>
              <NavLink to={theme.path}>{theme.nav}</NavLink>
            </li>
          ))}
          {/* The carousel: every wallpaper, newest first, one at a time. */}
          <li>
            <NavLink to="/item/0">NEWEST</NavLink>
          </li>
          <li>
            <NavLink to="/help">HELP CENTER</NavLink>
          </li>
          {user?.isAdmin && (
            <li>
              <NavLink to="/admin/items">ADMIN</NavLink>
            </li>
          )}
        </ul>
        <div className="navbar__icons">
          <Link to="/search" className="icon-button" aria-label="Search">
            <Icon name="search" />
          </Link>
          <Link to={user ? '/account' : '/login'} className="icon-button" aria-label={user ? 'Your account' : 'Log in'}>
            <Icon name="user" />
          </Link>
          <Link
            to="/cart/view"
            className="icon-button"
            aria-label={`Cart, ${totalCount} ${totalCount === 1 ? 'item' : 'items'}`}
          >
            <Icon name="cart" />
            {/* The count is drawn from data-count (CSS), so the page can count an item added before the app runs. */}
            <span
              className="icon-button__count"
              data-testid="cart-count"
              data-count={totalCount}
              hidden={totalCount === 0}
              aria-hidden="true"
            />
          </Link>
          <button
            type="button"
            className="icon-button navbar__menu-button"
            aria-expanded={menuOpen}
            aria-controls="main-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <Icon name={menuOpen ? 'close' : 'menu'} />
          </button>
        </div>
      </nav>
    </header>
  );
}
