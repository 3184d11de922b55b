import { z } from 'zod';

/**
 * Control characters (U+0000–U+001F and U+007F). Every text field of the API is one line of
 * human text; NUL in particular cannot be stored in PostgreSQL's text at all.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/** A string from a request: refused with the field's name when it holds a control character. */
export const text = () =>
  z.string().refine((value) => !CONTROL_CHARACTER.test(value), 'must not contain control characters');

/** True when a string could be stored and shown as one line of text. */
export const isPlainText = (value: string) => !CONTROL_CHARACTER.test(value);

/**
 * One name segment of a storage key, and so also an itemId (item files live under
 * images/items/{itemId}/): letters and digits, with '.', '_' and '-' after the first.
 */
export const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe inside HTML, in an element or a quoted attribute (pages and emails). */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]!);

/** `Sunset Ridge (final)` → `sunset-ridge-final`: names in keys and tags keep to a safe alphabet. */
export function slugify(value: string, fallback: string): string {
  const slug = value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
  return slug || fallback;
}
