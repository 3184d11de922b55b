import { afterEach, describe, expect, it, vi } from 'vitest';
import { phoneFileLink, syncPhoneWithAccount } from './phone-screen.ts';

const user = { uid: 'u1', firstName: 'Ada', email: 'ada@example.com', isAdmin: false };
const stored = () => JSON.parse(localStorage.getItem('phone-screen') ?? 'null');

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the phone kept on the account', () => {
  it('comes to a browser that has none when the user signs in', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    syncPhoneWithAccount({ ...user, phoneScreen: '1179x2556' });
    expect(stored()).toEqual({ width: 1179, height: 2556 });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("does not replace the phone this browser detects: a size chosen on another device stays that device's", async () => {
    // An iPhone 15's browser: 393×852 CSS pixels at 3x.
    vi.stubGlobal('screen', { width: 393, height: 852 });
    vi.stubGlobal('devicePixelRatio', 3);
    vi.resetModules();
    const fresh = await import('./phone-screen.ts');
    vi.stubGlobal('fetch', vi.fn());
    fresh.syncPhoneWithAccount({ ...user, phoneScreen: '1080x2400' });
    expect(stored()).toBeNull();
  });

  it("is replaced by the browser's own choice, which is saved to the account", () => {
    localStorage.setItem('phone-screen', JSON.stringify({ width: 1080, height: 2400 }));
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    syncPhoneWithAccount({ ...user, phoneScreen: '1179x2556' });
    expect(stored()).toEqual({ width: 1080, height: 2400 });
    expect(fetch).toHaveBeenCalledOnce();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/users/me/phone');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ screen: '1080x2400' });
  });
});

describe("a phone file's link", () => {
  it("is a free item's fit path, or a bought file's signed link with the screen", () => {
    const screen = { width: 1170, height: 2532 };
    expect(phoneFileLink('item1', '/api/downloads/free/item1', screen)).toBe('/api/downloads/free/item1/fit/1170x2532');
    expect(phoneFileLink('item1', '/api/downloads/abc.def', screen)).toBe('/api/downloads/abc.def?screen=1170x2532');
  });

  it("is asked of this origin when the API linked the file on the store's public address", () => {
    const screen = { width: 1170, height: 2532 };
    const link = 'https://shop.example.com/api/downloads/free/item1';
    expect(phoneFileLink('item1', link, screen)).toBe('/api/downloads/free/item1/fit/1170x2532');
  });
});
