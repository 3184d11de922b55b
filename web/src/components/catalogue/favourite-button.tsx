import type { Item } from '#contract/item.ts';
import { useFavourites } from '../../lib/favourites.ts';
import { Icon } from '../ui/icons.tsx';

/** A heart: gives a wallpaper a place in the visitor's favourites, or takes it away. */
export function FavouriteButton({ item, className = '' }: { item: Item; className?: string }) {
  const favourites = useFavourites();
  const on = favourites.has(item.itemId);
  return (
    <button
      type="button"
      className={`favourite-button ${className}`.trim()}
      aria-pressed={on}
      aria-label={on ? `Remove ${item.name} from favourites` : `Add ${item.name} to favourites`}
      onClick={() => void favourites.toggle(item)}
    >
      <Icon name="heart" size={22} />
    </button>
  );
}
