import { afterEach, describe, expect, it } from 'vitest';
import { createLocalStore } from './local-store.ts';
import { hasVisitorMark, syncVisitorMark } from './visitor-mark.ts';

const cart = createLocalStore<string[]>('test-cart', (raw) => (Array.isArray(raw) ? (raw as string[]) : []));
const hearts = createLocalStore<string[]>('test-hearts', (raw) => (Array.isArray(raw) ? (raw as string[]) : []));

afterEach(() => {
  localStorage.clear();
  syncVisitorMark();
});

describe('the visitor mark', () => {
  it('is set when the store keeps something and taken away with the last of it', async () => {
    expect(await hasVisitorMark()).toBe(false);
    cart.set(['item-1']);
    hearts.set(['item-2']);
    expect(await hasVisitorMark()).toBe(true);
    cart.clear();
    expect(await hasVisitorMark()).toBe(true);
    hearts.clear();
    expect(await hasVisitorMark()).toBe(false);
  });

  it('marks storage kept from before the mark existed once the app starts', async () => {
    localStorage.setItem('favourites', '["item-3"]');
    expect(await hasVisitorMark()).toBe(false);
    syncVisitorMark();
    expect(await hasVisitorMark()).toBe(true);
  });
});
