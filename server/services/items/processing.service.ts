import { buffer } from 'node:stream/consumers';
import { DEFAULT_PRICE } from '#contract/constants.ts';
import { MASTER_HEIGHT, MASTER_WIDTH } from '../../shared/constants.ts';
import { timestampId } from '#contract/ids.ts';
import { itemFileUrl } from '#contract/item-url.ts';
import { dollarsToCents } from '#contract/money.ts';
import type { ItemsRepository } from '../../db/repositories/items.repository.ts';
import type { Media } from '../../providers/media/media.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import { itemPrivateFolder, putContentAddressed, storeThumbnails } from './stored-files.ts';
import type { WaitingListService, WaitingRow } from './waiting-list.service.ts';

/** Hashes differing in at most this many of 64 bits are the same picture, give or take. */
const NEAR_DUPLICATE_BITS = 6;

const hamming = (a: string, b: string) => {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let count = 0;
  while (x) {
    count += Number(x & 1n);
    x >>= 1n;
  }
  return count;
};

/** A name and a colour tag suggested from the source: the reviewer edits them before publishing. */
function suggest(sourceName: string, dominant: string): { name: string; tags: string[] } {
  const words = sourceName
    .replace(/\.[^.]*$/, '')
    .replace(/[^A-Za-z]+/g, ' ')
    .trim()
    .split(' ')
    .filter((w) => w.length > 1)
    .slice(0, 4);
  const name = words.length
    ? words.map((w) => w[0]!.toUpperCase() + w.slice(1).toLowerCase()).join(' ')
    : 'Untitled Wallpaper';
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(dominant.slice(i, i + 2), 16)) as [number, number, number];
  const colour =
    Math.max(r, g, b) < 60 ? 'dark' : r > g && r > b ? (b > g ? 'pink' : 'warm') : g > b ? 'green' : 'blue';
  return { name, tags: [colour] };
}

/**
 * Turns one waiting source into a draft item: the 1440x2560 master, thumbnails, the apps' previews and the
 * placeholder through the Media port, with flags for an enlarged source and a near-duplicate.
 */
export class ProcessingService {
  private readonly deps: {
    items: ItemsRepository;
    storage: Storage;
    media: Media;
    catalogue: CatalogueService;
    waitingList: WaitingListService;
  };

  constructor(deps: {
    items: ItemsRepository;
    storage: Storage;
    media: Media;
    catalogue: CatalogueService;
    waitingList: WaitingListService;
  }) {
    this.deps = deps;
  }

  async process(entry: WaitingRow): Promise<void> {
    const source = await buffer(await this.deps.storage.get(entry.sourceKey));
    const prepared = await this.deps.media.prepareWallpaper(source);
    const itemId = timestampId();
    const master = await putContentAddressed(
      this.deps.storage,
      itemPrivateFolder(itemId),
      `${MASTER_WIDTH}x${MASTER_HEIGHT}.jpg`,
      prepared.master,
      'image/jpeg',
    );
    const large = prepared.large && {
      key: (
        await putContentAddressed(
          this.deps.storage,
          itemPrivateFolder(itemId),
          `${prepared.large.width}x${prepared.large.height}.jpg`,
          prepared.large.data,
          'image/jpeg',
        )
      ).key,
      width: prepared.large.width,
      height: prepared.large.height,
    };
    const cards = await storeThumbnails(this.deps.storage, this.deps.media, itemId, prepared.master);

    const flags = prepared.upscaled ? [`upscaled: the source is smaller than ${MASTER_WIDTH}x${MASTER_HEIGHT}`] : [];
    const known = await this.deps.items.perceptualHashes();
    // The closest item within the threshold: an identical picture beats one merely alike.
    const twin = known
      .map((row) => ({ itemId: row.itemId, distance: hamming(row.phash, prepared.phash) }))
      .filter((row) => row.distance <= NEAR_DUPLICATE_BITS)
      .sort((a, b) => a.distance - b.distance)[0];
    if (twin) flags.push(`near-duplicate of ${twin.itemId}`);

    const suggestion = suggest(entry.sourceName, prepared.dominant);
    await this.deps.catalogue.insert([
      {
        itemId,
        name: suggestion.name,
        priceCents: dollarsToCents(DEFAULT_PRICE),
        freeDownload: false,
        photoType: 'static',
        tags: suggestion.tags,
        thumbnail: cards.thumbnails.at(-1)!.file,
        preview: cards.previews.sd,
        imageList: cards.thumbnails.map((t, i) => ({ type: i === 0 ? 'small' : 'large', name: t.file })),
        downloads: [
          {
            key: master.key,
            name: `${itemId}-${MASTER_WIDTH}x${MASTER_HEIGHT}.jpg`,
            dimensions: `${MASTER_WIDTH}x${MASTER_HEIGHT}`,
            contentType: 'image/jpeg',
          },
        ],
        media: {
          ...cards,
          phash: prepared.phash,
          dominant: prepared.dominant,
          ...(large && { large }),
        },
        published: false,
      },
    ]);
    await this.deps.waitingList.finish(entry.id, {
      itemId,
      itemUrl: itemFileUrl(itemId, cards.previews.sd),
      flags,
      phash: prepared.phash,
    });
  }
}
