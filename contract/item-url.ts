/**
 * The spec's image path rule: a value containing 'https' is a full URL, anything else is a
 * file in the item's public folder.
 */
export function itemFileUrl(itemId: string, file: string): string {
  return file.includes('https') ? file : `/images/items/${itemId}/${file}`;
}
