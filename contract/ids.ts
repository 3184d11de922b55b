/**
 * The original store's id format, used for transactionId and itemId: UTC yyyymmdd_hhmm_ plus 8 random
 * hex characters. Ids made later sort after earlier ones as text, which is how the catalogue
 * finds its newest items.
 */
export const TIMESTAMP_ID_PATTERN = /^\d{8}_\d{4}_[0-9a-f]{8}$/;

/** Our order ids are UUIDs; the payment provider's never are, which tells the two apart in a path. */
export const ORDER_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `suffix` (8 hex characters) is random unless the caller must make the same id again. */
export function timestampId(at: Date = new Date(), suffix: string = randomHex()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}`;
  const time = `${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}`;
  return `${date}_${time}_${suffix}`;
}

function randomHex(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(4));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
