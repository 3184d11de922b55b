import { useNavigate } from 'react-router';
import { Icon } from './ui/icons.tsx';
import { useLibrary } from '../lib/purchases.ts';
import { useItemFileUrl } from '../lib/use-public-config.ts';
import { PhonePicker } from './phone-picker.tsx';

/** Everything the user owns; each Download gets a fresh link, so purchases never expire. */
export function PurchaseLibrary() {
  const fileUrl = useItemFileUrl();
  const { data, isPending, isError, refetch } = useLibrary();
  const navigate = useNavigate();

  const download = async (itemId: string) => {
    const fresh = (await refetch()).data?.find((entry) => entry.itemId === itemId)?.downloads[0];
    if (fresh) navigate(`/download/${itemId}`, { state: { downloadLink: fresh.link, downloadName: fresh.name } });
  };

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
              <li key={entry.itemId} className="cart-line" data-item-id={entry.itemId}>
                <img src={fileUrl(entry.itemId, entry.thumbnail)} alt="" width={72} height={128} loading="lazy" />
                <div className="cart-line__text">
                  <p className="cart-line__name">{entry.name}</p>
                  <p className="cart-line__tags">
                    Bought {new Date(entry.purchasedAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}
                  </p>
                </div>
                <button
                  type="button"
                  className="button button--small"
                  onClick={() => void download(entry.itemId)}
                  aria-label={`Download ${entry.name}`}
                >
                  <Icon name="download" size={16} /> Download
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
