import { useLibrary } from '../lib/purchases.ts';
import { ItemLine } from './catalogue/item-line.tsx';
import { PhonePicker } from './phone-picker.tsx';
import { PurchaseDownloads } from './purchase-downloads.tsx';

/** Everything the user owns; each Download gets a fresh link, so purchases never expire. */
export function PurchaseLibrary() {
  const { data, isPending, isError, refetch } = useLibrary();
  /** Links expire: each download asks for the library again. */
  const freshFile = async (itemId: string) =>
    (await refetch()).data?.find((entry) => entry.itemId === itemId)?.downloads[0];

  return (
    <section className="purchase-library" aria-labelledby="library-title">
      <h2 id="library-title" className="section__title">
        Your wallpapers
      </h2>
      {isPending ? (
        <p className="page-loading">Loading your purchases…</p>
      ) : isError ? (
        <p role="alert">Your purchases could not be loaded. Please reload the page.</p>
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
    </section>
  );
}
