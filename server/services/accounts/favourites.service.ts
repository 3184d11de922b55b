import { MAX_FAVOURITES } from '#contract/constants.ts';
import type { Item } from '#contract/item.ts';
import type { FavouritesRepository } from '../../db/repositories/favourites.repository.ts';
import { toPublicItem, type ItemLinks } from '../catalogue/item-view.ts';

/** The wallpapers a user marked with a heart; a visitor's hearts join them at sign-in. */
export class FavouritesService {
  private readonly favourites: FavouritesRepository;
  private readonly links: ItemLinks;

  constructor(deps: { favourites: FavouritesRepository; links: ItemLinks }) {
    this.favourites = deps.favourites;
    this.links = deps.links;
  }

  async list(userId: string): Promise<Item[]> {
    const rows = await this.favourites.itemsOf(userId, MAX_FAVOURITES);
    return rows.map((row) => toPublicItem(row, this.links));
  }

  add(userId: string, itemIds: string[]): Promise<void> {
    return this.favourites.add(userId, [...new Set(itemIds)]);
  }

  remove(userId: string, itemId: string): Promise<void> {
    return this.favourites.remove(userId, itemId);
  }
}
