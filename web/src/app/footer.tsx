import { Link } from 'react-router';

export function Footer({ storeName }: { storeName: string }) {
  return (
    <footer className="footer lazy-render">
      <p>
        © {new Date().getFullYear()} {storeName}. All rights reserved.
      </p>
      <nav className="footer__links" aria-label="Footer">
        <Link to="/policy">PRIVACY POLICY</Link>
        <Link to="/apps">MOBILE APP</Link>
        <span className="footer__label">SUPPLIERS</span>
      </nav>
    </footer>
  );
}
