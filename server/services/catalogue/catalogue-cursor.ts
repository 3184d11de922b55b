import { z } from 'zod';
import { ITEM_SORTS } from '#contract/item.ts';
import type { ListOrder, SortKey } from '../../db/repositories/items.repository.ts';
import { DomainError } from '../../shared/errors.ts';

/**
 * A cursor is opaque to clients: base64url JSON naming the order it belongs to and where the
 * next page starts (a keyset position for lists, a count for search's ranked results).
 */
const CursorSchema = z.union([
  z.object({
    sort: z.enum([...ITEM_SORTS, 'colour']),
    key: z.union([z.tuple([z.string()]), z.tuple([z.union([z.number(), z.string()]), z.string()])]),
  }),
  z.object({ sort: z.literal('rank'), skip: z.number().int().min(0).max(10_000) }),
]);
type Cursor = z.infer<typeof CursorSchema>;

const INVALID = 'cursor is not valid';

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decode(value: string): Cursor {
  try {
    return CursorSchema.parse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
  } catch {
    throw new DomainError('invalid', INVALID);
  }
}

/** The keyset position of a list's cursor; a cursor of another order is refused. */
export function decodeListCursor(value: string, sort: ListOrder): SortKey {
  const cursor = decode(value);
  if (cursor.sort !== sort || cursor.key.length !== (sort === 'newest' || sort === 'oldest' ? 1 : 2))
    throw new DomainError('invalid', INVALID);
  return cursor.key;
}

/** How many ranked results a search cursor skips. */
export function decodeRankCursor(value: string): number {
  const cursor = decode(value);
  if (cursor.sort !== 'rank') throw new DomainError('invalid', INVALID);
  return cursor.skip;
}
