import { useEffect, useRef, useState } from 'react';
import { PREVIEW_REVERT_MS } from '../../../../contract/constants.ts';
import type { Item } from '../../../../contract/item.ts';
import { Icon } from '../ui/icons.tsx';
import { ItemImage } from './item-image.tsx';
import { useItemFileUrl } from '../../lib/use-public-config.ts';

const isVideo = (file: string) => /\.(mp4|webm|mov)$/i.test(file);

/**
 * The card's picture. Clicking it shows the item's preview (a live item plays its clip, muted)
 * and brings the still back after 2900 ms; clicks in between are ignored.
 */
export function ItemPreview({ item, sizes, eager }: { item: Item; sizes: string; eager: boolean }) {
  const [previewing, setPreviewing] = useState(false);
  const fileUrl = useItemFileUrl();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const showPreview = () => {
    if (previewing || !item.preview) return;
    setPreviewing(true);
    timer.current = setTimeout(() => setPreviewing(false), PREVIEW_REVERT_MS);
  };

  const previewUrl = item.preview ? fileUrl(item.itemId, item.preview) : '';
  return (
    <button
      type="button"
      className="item-preview"
      onClick={showPreview}
      aria-label={item.preview ? `Preview ${item.name}` : item.name}
      aria-pressed={previewing}
      data-previewing={previewing}
    >
      <ItemImage item={item} sizes={sizes} eager={eager} />
      {previewing &&
        (isVideo(item.preview) ? (
          <video
            className="item-preview__layer"
            src={previewUrl}
            poster={item.poster ? fileUrl(item.itemId, item.poster) : undefined}
            autoPlay
            muted
            loop
            playsInline
            aria-hidden="true"
          />
        ) : (
          <img className="item-preview__layer" src={previewUrl} alt="" width={720} height={1280} />
        ))}
      {item.photoType === 'live' && !previewing && (
        <span className="item-preview__play" aria-hidden="true">
          <Icon name="play" size={18} />
        </span>
      )}
    </button>
  );
}
