import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PREVIEW_REVERT_MS } from '../../lib/ui-constants.ts';
import { itemPagePath } from '#contract/item-url.ts';
import type { Item } from '#contract/item.ts';
import { Icon } from '../ui/icons.tsx';
import { ItemImage } from './item-image.tsx';
import { LiveClip } from './live-clip.tsx';
import { useItemFileUrl } from '../../lib/use-public-config.ts';

const isVideo = (file: string) => /\.(mp4|webm|mov)$/i.test(file);

/**
 * The card's picture, a link to the wallpaper's own page, with the preview on a control of its
 * own: pressed, it shows the item's preview over the still (a live item plays its clip, muted)
 * and brings the still back after 2900 ms; presses in between are ignored.
 */
export function ItemPreview({ item, sizes, eager }: { item: Item; sizes: string; eager: boolean }) {
  const [previewing, setPreviewing] = useState(false);
  const fileUrl = useItemFileUrl();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const showPreview = () => {
    if (previewing) return;
    setPreviewing(true);
    timer.current = setTimeout(() => setPreviewing(false), PREVIEW_REVERT_MS);
  };

  const previewUrl = item.preview ? fileUrl(item.itemId, item.preview) : '';
  const live = item.photoType === 'live';
  return (
    <div className="item-preview" data-previewing={previewing}>
      {/* The name below is the same link for the keyboard and screen readers; this one is for a tap on the picture. */}
      <Link to={itemPagePath(item)} className="item-preview__link" tabIndex={-1} aria-hidden="true">
        <ItemImage item={item} sizes={sizes} eager={eager} />
        {previewing &&
          (isVideo(item.preview) ? (
            <LiveClip item={item} className="item-preview__layer" />
          ) : (
            <img className="item-preview__layer" src={previewUrl} alt="" width={720} height={1280} />
          ))}
      </Link>
      {item.preview && (
        <button
          type="button"
          className={live ? 'item-preview__button item-preview__button--live' : 'item-preview__button'}
          onClick={showPreview}
          aria-label={`Preview ${item.name}`}
          aria-pressed={previewing}
          title="Preview"
        >
          <Icon name={live ? 'play' : 'eye'} size={18} />
        </button>
      )}
    </div>
  );
}
