import { describe, expect, it } from 'vitest';
import type { Item } from '#contract/item.ts';
import type { AppEvent } from '#contract/mobile-app.ts';
import type { AppEventsRepository } from '../../db/repositories/app-events.repository.ts';
import type { SettingsRepository } from '../../db/repositories/settings.repository.ts';
import type { CatalogueService, TagCount } from './catalogue.service.ts';
import { buildAppEvent } from '../../test/builders.ts';
import { MobileAppService, TOP_CATALOGS } from './mobile-app.service.ts';

const LINKS = { api: 'https://shop.example.com', assets: 'https://cdn.example.com' };

/** An item with an LD picture, or (`picture: false`) with no sized image at all. */
const item = (itemId: string, picture = true) =>
  ({
    itemId,
    imageList: picture
      ? [
          {
            type: 'LD',
            name: 'ld.webp',
            link: `${LINKS.assets}/items/${itemId}/ld.webp`,
            resolution: '360x640',
            blob: '',
          },
        ]
      : [
          {
            type: 'small',
            name: 'small.jpg',
            link: `${LINKS.assets}/items/${itemId}/small.jpg`,
            resolution: '',
            blob: '',
          },
        ],
  }) as Item;

function fakes(tags: TagCount[], newest: Record<string, Item | undefined>) {
  const settings = new Map<string, string>();
  const events: AppEvent[] = [];
  const downloads: string[] = [];
  const logged: object[] = [];
  const published = new Set(['sold-well']);
  let version = 0;
  let builds = 0;
  let lagging = false;
  const catalogue = {
    get version() {
      return version;
    },
    tagCounts: async () => {
      builds++;
      return { value: tags, lagging };
    },
    newestOf: async (key: string) => newest[key],
    get: async (itemId: string) => (published.has(itemId) ? item(itemId) : undefined),
    recordDownload: async (itemId: string) => void downloads.push(itemId),
  } as unknown as CatalogueService;
  const service = new MobileAppService({
    catalogue,
    settings: {
      get: async (key: string) => settings.get(key),
      set: async (key: string, value: string) => void settings.set(key, value),
    } as unknown as SettingsRepository,
    events: { insert: async (event: AppEvent) => void events.push(event) } as unknown as AppEventsRepository,
    links: LINKS,
    adminLog: { record: async (actor, entry) => void logged.push({ actor: actor.email, ...entry }) },
    banners: { active: async () => [] },
  });
  const write = (countsLag = false) => {
    version++;
    lagging = countsLag;
  };
  return { service, events, downloads, logged, builds: () => builds, write };
}

const event = buildAppEvent;

describe("the app's catalogue chips", () => {
  it('lists the themes first, then the most used other tags, numbered, leaving out any without a picture', async () => {
    const tags = [
      { tag: 'anime', count: 50 },
      { tag: 'sky', count: 40 },
      { tag: 'night', count: 30 },
      ...Array.from({ length: 20 }, (_, i) => ({ tag: `tag${i}`, count: 20 - i })),
    ];
    const newest: Record<string, Item | undefined> = Object.fromEntries(tags.map(({ tag }) => [tag, item(`${tag}-1`)]));
    newest.landscape = item('landscape-1');
    newest.minimalistic = item('minimalistic-1');
    newest.night = item('night-1', false);
    const { service } = fakes(tags, newest);
    const catalogs = await service.catalogs();
    expect(catalogs.slice(0, 4).map((catalog) => [catalog.id, catalog.key, catalog.title])).toEqual([
      [1, 'anime', 'Anime'],
      [2, 'landscape', 'Landscape'],
      [3, 'minimalistic', 'Minimalistic'],
      [4, 'sky', 'Sky'],
    ]);
    expect(catalogs.map((catalog) => catalog.key)).not.toContain('night');
    expect(catalogs.length).toBe(TOP_CATALOGS - 1);
    expect(catalogs[0]).toMatchObject({ photoUrl: `${LINKS.assets}/items/anime-1/ld.webp`, width: 360, height: 640 });
  });

  it('builds them once per catalogue version', async () => {
    const { service, builds, write } = fakes([{ tag: 'sky', count: 1 }], { sky: item('sky-1') });
    await Promise.all([service.catalogs(), service.catalogs()]);
    expect(builds()).toBe(1);
    write();
    await service.catalogs();
    expect(builds()).toBe(2);
  });

  it('builds them again while the tag counts are from before the last change, and keeps the first from new counts', async () => {
    const { service, builds, write } = fakes([{ tag: 'sky', count: 1 }], { sky: item('sky-1') });
    write(true);
    await service.catalogs();
    await service.catalogs();
    expect(builds()).toBe(2);
    write(false);
    await service.catalogs();
    await service.catalogs();
    expect(builds()).toBe(3);
  });
});

describe("the app's banners and settings", () => {
  it("shows each theme's banner at the store's address", async () => {
    const { service } = fakes([], {});
    expect((await service.boards()).map((board) => board.photoUrl)).toEqual([
      'https://shop.example.com/art/anime-1170.webp',
      'https://shop.example.com/art/landscape-1170.webp',
      'https://shop.example.com/art/city-1170.webp',
    ]);
  });

  it('sends the ad level the owner set, and the app’s own default before; the change is logged', async () => {
    const { service, logged } = fakes([], {});
    expect(await service.settings()).toEqual({ version: 1, adsLevel: 3 });
    await service.setAdsLevel(0, { uid: 'u-1', email: 'owner@example.com' });
    expect(await service.settings()).toEqual({ version: 1, adsLevel: 0 });
    expect(logged).toEqual([
      {
        actor: 'owner@example.com',
        action: 'app.ads-level',
        target: 'Android app',
        before: { adsLevel: 3 },
        after: { adsLevel: 0 },
      },
    ]);
  });
});

describe("the app's events", () => {
  it('keeps every event and counts downloads of published items only', async () => {
    const { service, events, downloads } = fakes([], {});
    await service.record(event('sold-well', 'download_free'));
    await service.record(event('sold-well', 'click_download:download_immediately'));
    await service.record(event('deleted-since', 'download_free'));
    expect(events.map((kept) => `${kept.itemId} ${kept.eventType}`)).toEqual([
      'sold-well download_free',
      'sold-well click_download:download_immediately',
      'deleted-since download_free',
    ]);
    expect(downloads).toEqual(['sold-well']);
  });
});
