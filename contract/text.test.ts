import { describe, expect, it } from 'vitest';
import { escapeHtml, isPlainText, slugify } from './text.ts';

describe('text helpers', () => {
  it('escape every character that could end an element or a quoted attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    );
  });

  it('slug names to a safe alphabet, at most 60 characters, with a fallback for nothing left', () => {
    expect(slugify('Sunset Ridge (final)', 'file')).toBe('sunset-ridge-final');
    expect(slugify('--Ünïcode__only--', 'file')).toBe('n-code-only');
    expect(slugify('日本', 'wallpaper')).toBe('wallpaper');
    const long = slugify('word '.repeat(30), 'file');
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('refuse control characters, NUL included', () => {
    expect(isPlainText('Night city')).toBe(true);
    expect(isPlainText('a\u0000b')).toBe(false);
  });
});
