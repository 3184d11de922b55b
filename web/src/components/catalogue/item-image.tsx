import { useState } from 'react';
import { MESSAGES } from '#contract/constants.ts';
import type { Item } from '#contract/item.ts';
import { FIRST_VIEW_TIMING } from '#contract/pages.ts';
import { useItemFileUrl } from '../../lib/use-public-config.ts';

interface ItemImageProps {
  item: Item;
  /** Layout width hint for the browser's choice among the thumbnail sizes. */
  sizes: string;
  /** Above the fold: load at once and with priority (it is the page's largest paint). */
  eager?: boolean;
}

/** A thumbnail that picks its size from srcset and shows a blurred placeholder while loading. */
export function ItemImage({ item, sizes, eager = false }: ItemImageProps) {
  const [failed, setFailed] = useState(false);
  const fileUrl = useItemFileUrl();
  if (failed || !item.thumbnail) {
    return (
      <div className="item-image item-image--missing" role="img" aria-label={`${item.name}: ${MESSAGES.imageNotFound}`}>
        {MESSAGES.imageNotFound}
      </div>
    );
  }
  const largest = item.thumbnails.at(-1);
  const srcSet = (pick: (t: Item['thumbnails'][number]) => string | undefined) =>
    item.thumbnails
      .map((t) => pick(t) && `${fileUrl(item.itemId, pick(t)!)} ${t.width}w`)
      .filter(Boolean)
      .join(', ');
  const avif = srcSet((t) => t.avif);
  return (
    <picture>
      {avif && <source type="image/avif" srcSet={avif} sizes={sizes} />}
      <img
        className="item-image"
        src={fileUrl(item.itemId, item.thumbnail)}
        srcSet={srcSet((t) => t.file) || undefined}
        sizes={sizes}
        width={largest?.width ?? 720}
        height={largest?.height ?? 1280}
        alt={`${item.name} wallpaper`}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        elementtiming={eager ? FIRST_VIEW_TIMING : undefined}
        decoding="async"
        style={item.placeholder ? { backgroundImage: `url("${item.placeholder}")` } : undefined}
        onError={() => setFailed(true)}
      />
    </picture>
  );
}
