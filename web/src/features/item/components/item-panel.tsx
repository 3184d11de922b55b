import { useEffect } from 'react';
import { Link } from 'react-router';
import { OLED_DARK_SHARE } from '#contract/colour.ts';
import type { Item } from '#contract/item.ts';
import { tagPagePath } from '#contract/item-url.ts';
import { formatUsd } from '#contract/money.ts';
import { FavouriteButton } from '../../../components/catalogue/favourite-button.tsx';
import { PhonePicker } from '../../../components/phone-picker.tsx';
import { Icon } from '../../../components/ui/icons.tsx';
import { notify } from '../../../lib/toast.ts';
import { countView, viewEnded } from '../../../lib/count-view.ts';
import { downloadFile } from '../../../lib/download-file.ts';
import { phoneFileLink, phoneFileName, usePhoneScreen } from '../../../lib/phone-screen.ts';
import { useOwned } from '../../../lib/purchases.ts';
import { ItemGrid } from '../../../components/catalogue/item-grid.tsx';
import { useLikeItem } from '../../../lib/catalogue-api.ts';
import { PhonePreview } from './phone-preview.tsx';
import { SendToPhone } from './send-to-phone.tsx';

/** Shown before the visitor's phone is known: the most common screen of the list. */
const DEFAULT_SCREEN = { width: 1170, height: 2532 };

/** Everything about the carousel's current card: what it is, how it looks on the visitor's phone, its phone file. */
export function ItemPanel({ item }: { item: Item }) {
  const { screen } = usePhoneScreen();
  const owned = useOwned().get(item.itemId);
  const source = owned?.downloads[0]?.link ?? item.downloadList[0]?.link;
  const size = screen ?? DEFAULT_SCREEN;
  useEffect(() => {
    countView(item.itemId);
    return viewEnded;
  }, [item.itemId]);

  const downloadForPhone = async () => {
    if (!source || !screen) return;
    try {
      await downloadFile(phoneFileLink(item.itemId, source, screen), phoneFileName(item.itemId, screen));
    } catch (error) {
      notify.error(error instanceof Error ? error.message : 'The download failed.');
    }
  };

  return (
    <>
      <section className="item-panel lazy-render" aria-label="About this wallpaper">
        <PhonePreview item={item} screen={size} />
        <div className="item-panel__facts">
          {/* The card above carries the name as its heading; here it is the panel's title. */}
          <div className="item-panel__title">
            <p className="item-panel__name">{item.name}</p>
            <FavouriteButton item={item} />
          </div>
          <p className="item-panel__price">{item.freeDownload ? 'Free' : formatUsd(item.price)}</p>
          {item.palette.length > 0 && (
            <ul className="item-panel__palette" aria-label="Colours">
              {item.palette.map((colour) => (
                <li key={colour} style={{ background: colour }} title={colour}>
                  <span className="visually-hidden">{colour}</span>
                </li>
              ))}
            </ul>
          )}
          {item.darkShare !== undefined && item.darkShare >= OLED_DARK_SHARE && (
            <p className="item-panel__oled">
              OLED dark: {Math.round(item.darkShare * 100)} % near-black, kind to an OLED screen&apos;s battery
            </p>
          )}
          <ul className="item-panel__tags" aria-label="Tags">
            {item.tags.map((tag) => (
              <li key={tag}>
                <Link to={tagPagePath(tag)}>#{tag}</Link>
              </li>
            ))}
          </ul>
          <dl className="item-panel__files">
            {item.downloadList.map((file) => (
              <div key={file.name}>
                <dt>{file.ext === 'mp4' ? 'Live video' : 'Image'}</dt>
                <dd>
                  {file.ext.toUpperCase()} · {file.dimensions}
                </dd>
              </div>
            ))}
          </dl>
          <PhonePicker />
          {source ? (
            // Drawn hidden until the phone is known; the entry shows it once it detects one (decision 034).
            <button
              type="button"
              className="button button--wide"
              data-phone-download
              hidden={!screen}
              onClick={() => void downloadForPhone()}
            >
              <Icon name="download" /> For my phone{screen && ` (${screen.width}×${screen.height})`}
            </button>
          ) : (
            <p className="item-panel__note">Buy it to download it for your phone.</p>
          )}
          {source && <SendToPhone item={item} screen={screen} />}
        </div>
      </section>
      <MoreLikeThis item={item} />
    </>
  );
}

/** Wallpapers sharing this one's tags, under its panel. */
function MoreLikeThis({ item }: { item: Item }) {
  const { data, isPending, isError } = useLikeItem(item.itemId);
  if (isError || (data && data.length === 0)) return null;
  return (
    <section className="more-like-this lazy-render" aria-labelledby="more-like-this-title">
      <h2 id="more-like-this-title" className="section__title">
        More like this
      </h2>
      <ItemGrid items={data} loading={isPending} eagerCount={0} label={`More like ${item.name}`} />
    </section>
  );
}
