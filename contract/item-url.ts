import { THEMES } from './constants.ts';
import { slugify } from './text.ts';

/** Where public item files are served unless PUBLIC_ASSET_URL names a bucket or CDN: the server's own path. */
export const DEFAULT_ASSET_BASE = '/images';

/**
 * The original store's image path rule: a value containing 'https' is a full URL, anything else is a
 * file in the item's public folder, under `assetBase` (the server's /images, or PUBLIC_ASSET_URL
 * whose root holds the same keys).
 */
export function itemFileUrl(itemId: string, file: string, assetBase = DEFAULT_ASSET_BASE): string {
  return file.includes('https') ? file : `${assetBase}/items/${itemId}/${file}`;
}

/**
 * A wallpaper's own page, which never moves: its id, which never changes, then its name as a
 * slug for people and search engines. The slug is only read to send an old one to the current
 * one (decision 033).
 */
export function itemPagePath(item: { itemId: string; name: string }): string {
  return `/wallpapers/${item.itemId}/${slugify(item.name, 'wallpaper')}`;
}

/** Where a tag's wallpapers are: its theme's page, or a search for it. */
export function tagPagePath(tag: string): string {
  return THEMES.find((theme) => theme.tag === tag)?.path ?? `/search?q=${encodeURIComponent(tag)}`;
}
