import type { CSSProperties } from 'react';
import type { Item } from '#contract/item.ts';
import { useItemFileUrl } from '../../lib/use-public-config.ts';

/** A live item's clip as the store plays it: muted, looping, inline, over its poster frame. */
export function LiveClip({ item, className, style }: { item: Item; className: string; style?: CSSProperties }) {
  const fileUrl = useItemFileUrl();
  return (
    <video
      className={className}
      style={style}
      src={fileUrl(item.itemId, item.preview)}
      poster={item.poster ? fileUrl(item.itemId, item.poster) : undefined}
      autoPlay
      muted
      loop
      playsInline
      aria-hidden="true"
    />
  );
}
