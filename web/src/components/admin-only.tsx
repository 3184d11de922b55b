import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useUser } from '../lib/user-store.ts';

/** Admin pages: anyone else goes to the login page (the server checks the role on every call too). */
export function AdminOnly({ children }: { children: ReactNode }) {
  const user = useUser();
  const location = useLocation();
  if (!user?.isAdmin) return <Navigate to={`/login?returnUrl=${encodeURIComponent(location.pathname)}`} replace />;
  return children;
}
