import { NavLink } from 'react-router';

const SECTIONS = [
  { to: '/admin/items', label: 'Catalogue' },
  { to: '/upload', label: 'Upload' },
  { to: '/review', label: 'Review' },
  { to: '/admin/orders', label: 'Orders' },
  { to: '/admin/coupons', label: 'Coupons' },
  { to: '/admin/banners', label: 'Banners' },
  { to: '/admin/bundles', label: 'Bundles' },
  { to: '/admin/sales', label: 'Sales' },
  { to: '/admin/activity', label: 'Activity' },
] as const;

/** The admin area's sections, at the top of each of its pages. */
export function AdminNav() {
  return (
    <nav className="admin-nav" aria-label="Admin">
      {SECTIONS.map((section) => (
        <NavLink key={section.to} to={section.to} end={section.to !== '/admin/orders'} className="admin-nav__link">
          {section.label}
        </NavLink>
      ))}
    </nav>
  );
}
