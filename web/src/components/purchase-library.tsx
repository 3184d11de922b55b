import { useLibrary } from '../lib/purchases.ts';
import { ItemLine } from './catalogue/item-line.tsx';
import { PhonePicker } from './phone-picker.tsx';
import { PurchaseDownloads } from './purchase-downloads.tsx';
import { AccountSection } from './account-section.tsx';

/** Everything the user owns; each Download gets a fresh link, so purchases never expire. */
export function PurchaseLibrary() {
  const { data, isError, refetch } = useLibrary();
  /** Links expire: each download asks for the library again. */
  const freshFile = async (itemId: string) =>
    (await refetch()).data?.find((entry) => entry.itemId === itemId)?.downloads[0];

  return (
    <AccountSection
      id="library-title"
      title="Your wallpapers"
      className="purchase-library"
      failed={isError ? 'Your purchases' : undefined}
    >
      {!data ? (
        <p className="page-loading">Loading your purchases…</p>
      ) : data.length === 0 ? (
        <p className="empty-state">You have not bought any wallpapers yet.</p>
      ) : (
        <>
          <PhonePicker />
          <ul className="cart-lines" aria-label="Your wallpapers">
            {data.map((entry) => (
              <ItemLine
                key={entry.itemId}
                item={entry}
                details={
                  <p className="cart-line__tags">
                    Bought {new Date(entry.purchasedAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}
                  </p>
                }
              >
                <PurchaseDownloads itemId={entry.itemId} itemName={entry.name} file={() => freshFile(entry.itemId)} />
              </ItemLine>
            ))}
          </ul>
        </>
      )}
    </AccountSection>
  );
}
