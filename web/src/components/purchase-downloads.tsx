import { useNavigate } from 'react-router';
import type { PurchasedFile } from '#contract/orders.ts';
import { Icon } from './ui/icons.tsx';
import { phoneFileLink, phoneFileName, usePhoneScreen } from '../lib/phone-screen.ts';

/**
 * A bought wallpaper's downloads, each one tap away: the original, and the file made for the
 * visitor's phone once the picker knows it. `file` gives the link to use, fresh where links expire.
 */
export function PurchaseDownloads({
  itemId,
  itemName,
  file,
}: {
  itemId: string;
  itemName: string;
  file: () => Promise<PurchasedFile | undefined>;
}) {
  const navigate = useNavigate();
  const { screen } = usePhoneScreen();
  const download = async (forPhone: boolean) => {
    const original = await file();
    if (!original) return;
    navigate(`/download/${itemId}`, {
      state:
        forPhone && screen
          ? { downloadLink: phoneFileLink(itemId, original.link, screen), downloadName: phoneFileName(itemId, screen) }
          : { downloadLink: original.link, downloadName: original.name },
    });
  };
  return (
    <div className="cart-line__actions">
      <button
        type="button"
        className="button button--small"
        onClick={() => void download(false)}
        aria-label={`Download ${itemName}`}
      >
        <Icon name="download" size={16} /> Download
      </button>
      {screen && (
        <button
          type="button"
          className="button button--small button--ghost"
          onClick={() => void download(true)}
          aria-label={`Download ${itemName} for your phone (${screen.width}×${screen.height})`}
        >
          <Icon name="phone" size={16} /> For my phone ({screen.width}×{screen.height})
        </button>
      )}
    </div>
  );
}
