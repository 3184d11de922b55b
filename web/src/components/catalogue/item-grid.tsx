import { useRef } from 'react';
import { MESSAGES } from '#contract/constants.ts';
import type { Item } from '#contract/item.ts';
import { ItemCard } from './item-card.tsx';
import { CHUNK_SIZE, useWindowedChunks } from './use-windowed-chunks.ts';

interface ItemGridProps {
  items: Item[] | undefined;
  loading: boolean;
  /** Cards of the first row are loaded eagerly; they are usually in view. */
  eagerCount?: number;
  emptyText?: string;
  label: string;
}

export function ItemGrid({ items, loading, eagerCount = 4, emptyText = MESSAGES.noInfo, label }: ItemGridProps) {
  const list = useRef<HTMLUListElement>(null);
  const hidden = useWindowedChunks(list, items?.length ?? 0);
  if (loading) {
    return (
      <div className="item-grid" aria-busy="true" aria-label={`${label}, loading`}>
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className="item-card item-card--skeleton" />
        ))}
      </div>
    );
  }
  if (!items?.length) return <p className="empty-state">{emptyText}</p>;
  // Far from the view, a chunk of cards is one spacer of its height (a long list stays light).
  const chunks = Array.from({ length: Math.ceil(items.length / CHUNK_SIZE) }, (_, chunk) => chunk);
  return (
    <ul className="item-grid" aria-label={label} ref={list}>
      {chunks.map((chunk) =>
        hidden.has(chunk) ? (
          <li
            key={`gap-${chunk}`}
            className="item-grid__gap"
            aria-hidden="true"
            data-chunk={chunk}
            style={{ height: hidden.get(chunk) }}
          />
        ) : (
          items.slice(chunk * CHUNK_SIZE, (chunk + 1) * CHUNK_SIZE).map((item, offset) => {
            const index = chunk * CHUNK_SIZE + offset;
            return (
              <li key={item.itemId} data-chunk={chunk} aria-posinset={index + 1} aria-setsize={items.length}>
                <ItemCard item={item} eager={index < eagerCount} />
              </li>
            );
          })
        ),
      )}
    </ul>
  );
}
