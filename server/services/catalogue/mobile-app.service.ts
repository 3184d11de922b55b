import { DEFAULT_ADS_LEVEL } from '../../shared/constants.ts';
import { BANNER_SIZE } from '#contract/banners.ts';
import { THEMES } from '#contract/constants.ts';
import type { Item } from '#contract/item.ts';
import { type AppEvent, type AppSettings, type Board, type Catalog } from '#contract/mobile-app.ts';
import type { AppEventsRepository } from '../../db/repositories/app-events.repository.ts';
import type { SettingsRepository } from '../../db/repositories/settings.repository.ts';
import type { CatalogueService } from './catalogue.service.ts';
import type { ItemLinks } from './item-view.ts';
import type { Actor, AdminLogService } from '../platform/admin-log.service.ts';
import type { BannersService } from './banners.service.ts';

/** How many catalogues the app's home offers: the themes first, then the most used tags. */
export const TOP_CATALOGS = 12;

/** The actions the shipped app acts on by name; any other tag is sent as a catalogue to open. */
const APP_ACTIONS: Record<string, string> = { halloween: 'NAVIGATION_HALLOWEEN', christmas: 'NAVIGATION_CHRISTMAS' };

const ADS_LEVEL_KEY = 'app-ads-level';

/** Events that report a download the app made: they count for what is popular, as the web's downloads do. */
const isDownload = (eventType: string) => eventType.startsWith('download');

/** The settings version the app is sent; it bumps when a setting's meaning changes. */
const SETTINGS_VERSION = 1;

/**
 * What the Android app reads beside the item lists (decision 039): its home banners, its
 * catalogue chips, its settings, and the events it reports.
 */
export class MobileAppService {
  private readonly deps: {
    catalogue: CatalogueService;
    settings: SettingsRepository;
    events: AppEventsRepository;
    links: ItemLinks;
    adminLog: Pick<AdminLogService, 'record'>;
    banners: Pick<BannersService, 'active'>;
  };
  /** The catalogues, built once per catalogue version. */
  private catalogsOf?: { version: number; built: Promise<{ catalogs: Catalog[]; lagging: boolean }> };

  constructor(deps: MobileAppService['deps']) {
    this.deps = deps;
  }

  /** The owner's active banners; while there are none, the themes' (the web's /art, at the same size). */
  async boards(): Promise<Board[]> {
    const board = (id: number, title: string, tag: string, photoUrl: string): Board => ({
      id,
      key: tag,
      title,
      action: APP_ACTIONS[tag] ?? 'NAVIGATION_CATALOG',
      value: tag,
      photoUrl,
      ratioWidth: BANNER_SIZE.width,
      ratioHeight: BANNER_SIZE.height,
    });
    const owners = await this.deps.banners.active();
    if (owners.length) return owners.map((banner) => board(banner.id, banner.title, banner.tag, banner.image));
    return THEMES.map((theme, index) =>
      board(index + 1, theme.label, theme.tag, `${this.deps.links.api}/art/${theme.art}-${BANNER_SIZE.width}.webp`),
    );
  }

  catalogs(): Promise<Catalog[]> {
    const version = this.deps.catalogue.version;
    if (this.catalogsOf?.version !== version) {
      const kept = { version, built: this.buildCatalogs() };
      this.catalogsOf = kept;
      // Catalogues chosen by counts from before the last change are sent, not kept.
      const forget = () => this.catalogsOf === kept && (this.catalogsOf = undefined);
      kept.built.then(({ lagging }) => lagging && forget(), forget);
    }
    return this.catalogsOf.built.then(({ catalogs }) => catalogs);
  }

  private async buildCatalogs(): Promise<{ catalogs: Catalog[]; lagging: boolean }> {
    const themes = new Set<string>(THEMES.map((theme) => theme.tag));
    const { value: counts, lagging } = await this.deps.catalogue.tagCounts();
    const tags = counts
      .filter((count) => !themes.has(count.tag))
      .slice(0, TOP_CATALOGS - THEMES.length)
      .map((count) => ({ key: count.tag, title: count.tag.charAt(0).toUpperCase() + count.tag.slice(1) }));
    const wanted = [...THEMES.map((theme) => ({ key: theme.tag, title: theme.label })), ...tags];
    const covered = await Promise.all(
      wanted.map(async (catalog) => ({ ...catalog, newest: await this.deps.catalogue.newestOf(catalog.key) })),
    );
    const catalogs = covered
      .flatMap(({ newest, ...catalog }) => {
        const picture = newest && cover(newest);
        return picture ? [{ ...catalog, ...picture }] : [];
      })
      .map((catalog, index) => ({ id: index + 1, ...catalog }));
    return { catalogs, lagging };
  }

  async settings(): Promise<AppSettings> {
    const stored = await this.deps.settings.get(ADS_LEVEL_KEY);
    return { version: SETTINGS_VERSION, adsLevel: stored === undefined ? DEFAULT_ADS_LEVEL : Number(stored) };
  }

  async setAdsLevel(adsLevel: number, actor: Actor): Promise<void> {
    const before = (await this.settings()).adsLevel;
    await this.deps.settings.set(ADS_LEVEL_KEY, String(adsLevel));
    await this.deps.adminLog.record(actor, {
      action: 'app.ads-level',
      target: 'Android app',
      before: { adsLevel: before },
      after: { adsLevel },
    });
  }

  /** Keeps an event; a download of a published item counts for what is popular. */
  async record(event: AppEvent): Promise<void> {
    await this.deps.events.insert(event);
    if (isDownload(event.eventType) && (await this.deps.catalogue.get(event.itemId)))
      await this.deps.catalogue.recordDownload(event.itemId, 'app');
  }
}

/** A catalogue's cover: its newest item's grid picture (LD), or its largest card for an item not yet backfilled. */
function cover(item: Item): { photoUrl: string; width: number; height: number } | undefined {
  const image =
    item.imageList.find((entry) => entry.type === 'LD') ?? item.imageList.findLast((entry) => entry.resolution);
  const [width, height] = (image?.resolution ?? '').split('x').map(Number);
  return image && width && height ? { photoUrl: image.link, width, height } : undefined;
}
