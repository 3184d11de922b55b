import { MESSAGES } from '../../../../contract/constants.ts';
import type { Item } from '../../../../contract/item.ts';
import { ItemCard } from './item-card.tsx';

interface ItemGridProps {
  items: Item[] | undefined;
  loading: boolean;
  /** Cards of the first row are loaded eagerly; they are usually in view. */
  eagerCount?: number;
  emptyText?: string;
  label: string;
}

export function ItemGrid({ items, loading, eagerCount = 4, emptyText = MESSAGES.noInfo, label }: ItemGridProps) {
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
  return (
    <ul className="item-grid" aria-label={label}>
      {items.map((item, index) => (
        <li key={item.itemId}>
          <ItemCard item={item} eager={index < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
