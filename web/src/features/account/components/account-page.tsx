import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { notify } from '../../../lib/toast.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { endSession } from '../api/end-session.ts';
import { userStore, useUser } from '../../../lib/user-store.ts';
import { PurchaseLibrary } from '../../../components/purchase-library.tsx';
import { ItemGrid } from '../../../components/catalogue/item-grid.tsx';
import { useAccountFavourites } from '../../../lib/favourites.ts';
import { AccountSection } from '../../../components/account-section.tsx';

/** The wallpapers the user gave a heart, on this and every other browser. */
function AccountFavourites() {
  const { data, isPending, isError } = useAccountFavourites();
  return (
    <AccountSection
      id="favourites-title"
      title="Your favourites"
      className="account-favourites"
      failed={isError ? 'Your favourites' : undefined}
    >
      <ItemGrid
        items={data}
        loading={isPending}
        label="Your favourites"
        emptyText="Give a wallpaper a heart and it waits for you here."
      />
    </AccountSection>
  );
}

export function AccountPage() {
  usePageMeta('Your account');
  const user = useUser();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  // Logging out clears the user before the move home has finished: no detour to the login page.
  if (!user) return leaving ? null : <Navigate to="/login?returnUrl=/account" replace />;

  const logout = async () => {
    setLeaving(true);
    try {
      await endSession();
    } catch {
      notify.error('We could not reach the server; you are logged out on this device.');
    }
    userStore.clear();
    navigate('/');
  };

  return (
    <section className="section account-page">
      <h1 className="page-title">Hello, {user.firstName}</h1>
      <dl className="account-page__details">
        <div>
          <dt>First name</dt>
          <dd>{user.firstName}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{user.email}</dd>
        </div>
        {user.isAdmin && (
          <div>
            <dt>Role</dt>
            <dd>
              Administrator · <Link to="/review">Review</Link> · <Link to="/admin/items">Catalogue</Link> ·{' '}
              <Link to="/upload">Upload</Link>
            </dd>
          </div>
        )}
      </dl>
      <button type="button" className="button button--ghost" disabled={leaving} onClick={() => void logout()}>
        Logout
      </button>
      <PurchaseLibrary />
      <AccountFavourites />
    </section>
  );
}
