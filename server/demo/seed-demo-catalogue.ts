import { createHash } from 'node:crypto';
import { DEFAULT_PRICE, DEFAULT_STARS } from '#contract/constants.ts';
import { DEMO_ITEM_COUNT, MASTER_HEIGHT, MASTER_WIDTH } from '../shared/constants.ts';
import { timestampId } from '#contract/ids.ts';
import { dollarsToCents } from '#contract/money.ts';
import type { NewItemRow, StoredDownload } from '../db/schema.ts';
import type { Media } from '../providers/media/media.ts';
import type { Storage } from '../providers/storage/storage.ts';
import type { CatalogueService } from '../services/catalogue/catalogue.service.ts';
import {
  itemPrivateFolder,
  itemPublicFolder,
  putContentAddressed,
  storeThumbnails,
} from '../services/items/stored-files.ts';
import { PALETTE_COUNT, paletteName, renderScene, type SceneSpec, type Theme } from './demo-art.ts';
import { slugify } from '#contract/text.ts';

const CLIP = { size: { width: 720, height: 1280 }, fps: 24, frames: 48, preview: { width: 360, height: 640 } };
const PRICES = [DEFAULT_PRICE, DEFAULT_PRICE, 1.99, 3.49, DEFAULT_PRICE, 4.99];

const NOUNS = {
  landscape: [
    'Peaks',
    'Ridge',
    'Valley',
    'Summit',
    'Horizon',
    'Highlands',
    'Range',
    'Pass',
    'Foothills',
    'Crest',
    'Heights',
    'Divide',
    'Vista',
  ],
  city: ['Skyline', 'Harbor', 'Downtown', 'Avenue', 'Towers', 'Quarter', 'Boulevard'],
  geometric: ['Shapes', 'Arcs', 'Grid', 'Balance', 'Forms', 'Rhythm', 'Blocks'],
  anime: [
    'Hill',
    'Dreams',
    'Sky',
    'Wish',
    'Breeze',
    'Promise',
    'Bloom',
    'Daydream',
    'Festival',
    'Memory',
    'Journey',
    'Skies',
    'Serenade',
  ],
};
/** Positions (0 = newest) of the live items: one or more per theme, three among the newest 12. */
const LIVE_POSITIONS = new Set([2, 4, 9, 20]);

export interface DemoPlan {
  itemId: string;
  name: string;
  spec: SceneSpec;
  tags: string[];
  priceCents: number;
  freeDownload: boolean;
  live: boolean;
}

/**
 * What the demo catalogue holds; item 0 is the newest. Pure: the same start time gives the same
 * plan, ids included, so a start cut short and the next one agree on what is already there.
 */
export function planDemoCatalogue(now: Date, count = DEMO_ITEM_COUNT): DemoPlan[] {
  const themes: Theme[] = ['landscape', 'minimalistic', 'anime'];
  return Array.from({ length: count }, (_, i) => {
    const theme = themes[i % 3]!;
    const round = Math.floor(i / 3);
    const palette = round % PALETTE_COUNT[theme];
    const spec: SceneSpec = { theme, seed: 1000 + i * 7919, palette };
    const paletteLabel = paletteName(theme, palette);
    // renderScene draws odd seeds of the minimalistic theme as geometry, even ones as a skyline.
    const kind = theme === 'minimalistic' ? (spec.seed % 2 ? 'geometric' : 'city') : theme;
    const nouns = NOUNS[kind];
    const name = `${paletteLabel} ${nouns[round % nouns.length]}`;
    const subject = {
      landscape: ['mountains'],
      anime: ['sky', 'sakura'],
      geometric: ['geometric', 'abstract'],
      city: ['city', 'skyline'],
    }[kind];
    const freeDownload = i % 4 === 1 || i % 7 === 0;
    return {
      itemId: timestampId(new Date(now.getTime() - i * 45 * 60_000), planSuffix(now, i)),
      name,
      spec,
      tags: [theme, ...subject, slugify(paletteLabel, 'palette')],
      priceCents: freeDownload ? 0 : dollarsToCents(PRICES[i % PRICES.length]!),
      freeDownload,
      live: LIVE_POSITIONS.has(i),
    };
  });
}

function planSuffix(now: Date, position: number): string {
  return createHash('sha256').update(`${now.toISOString()}#${position}`).digest('hex').slice(0, 8);
}

async function* clipFrames(media: Media, spec: SceneSpec): AsyncIterable<Buffer> {
  for (let f = 0; f < CLIP.frames; f++) yield media.frame(renderScene(spec, f / CLIP.frames), CLIP.size);
}

/** Draws one planned wallpaper and writes its files; the row that puts it on sale is returned, not inserted. */
export async function drawDemoItem(plan: DemoPlan, storage: Storage, media: Media): Promise<NewItemRow> {
  const publicFolder = itemPublicFolder(plan.itemId);
  const privateFolder = itemPrivateFolder(plan.itemId);
  const base = slugify(plan.name, 'wallpaper');

  const master = await media.image(renderScene(plan.spec), {
    width: MASTER_WIDTH,
    height: MASTER_HEIGHT,
    format: 'jpeg',
    quality: 88,
  });
  const masterFile = await putContentAddressed(
    storage,
    privateFolder,
    `${base}-${MASTER_WIDTH}x${MASTER_HEIGHT}.jpg`,
    master.data,
    'image/jpeg',
  );
  const downloads: StoredDownload[] = [
    {
      key: masterFile.key,
      name: `${base}-${MASTER_WIDTH}x${MASTER_HEIGHT}.jpg`,
      dimensions: `${MASTER_WIDTH}x${MASTER_HEIGHT}`,
      contentType: 'image/jpeg',
    },
  ];

  const cards = await storeThumbnails(storage, media, plan.itemId, master.data);

  let preview: string;
  if (plan.live) {
    const [full, small] = await media.encodeClip(clipFrames(media, plan.spec), {
      size: CLIP.size,
      fps: CLIP.fps,
      outputs: [CLIP.size, CLIP.preview],
    });
    const videoName = `${base}-live-${CLIP.size.width}x${CLIP.size.height}.mp4`;
    const video = await putContentAddressed(storage, privateFolder, videoName, full!, 'video/mp4');
    downloads.push({
      key: video.key,
      name: videoName,
      dimensions: `${CLIP.size.width}x${CLIP.size.height}`,
      contentType: 'video/mp4',
    });
    preview = (await putContentAddressed(storage, publicFolder, 'preview.mp4', small!, 'video/mp4')).file;
  } else {
    // A static item's preview is the same scene in another light.
    const alternate = { ...plan.spec, palette: plan.spec.palette + 1 };
    const image = await media.image(renderScene(alternate), { width: 720, height: 1280, format: 'webp', quality: 80 });
    preview = (await putContentAddressed(storage, publicFolder, 'preview.webp', image.data, 'image/webp')).file;
  }

  const [small, large] = cards.thumbnails;
  return {
    itemId: plan.itemId,
    name: plan.name,
    priceCents: plan.priceCents,
    freeDownload: plan.freeDownload,
    stars: DEFAULT_STARS,
    photoType: plan.live ? 'live' : 'static',
    tags: plan.tags,
    thumbnail: large!.file,
    preview,
    imageList: [
      { type: 'small', name: small!.file },
      { type: 'large', name: large!.file },
    ],
    downloads,
    media: cards,
    published: true,
  };
}

/**
 * Fills an empty catalogue with procedurally drawn wallpapers. Files are written first and
 * the rows inserted together at the end, so an interrupted seed leaves no half item behind
 * and simply runs again at the next start.
 */
export async function seedDemoCatalogue(deps: {
  catalogue: CatalogueService;
  storage: Storage;
  media: Media;
  log: (message: string) => void;
  count?: number;
  now?: Date;
}): Promise<number> {
  if ((await deps.catalogue.countAll()) > 0) return 0;
  const plans = planDemoCatalogue(deps.now ?? new Date(), deps.count);
  const rows: NewItemRow[] = [];
  let next = 0;
  const worker = async () => {
    while (next < plans.length) {
      const plan = plans[next++]!;
      rows.push(await drawDemoItem(plan, deps.storage, deps.media));
      if (rows.length % 10 === 0) deps.log(`Demo catalogue: ${rows.length}/${plans.length} wallpapers drawn`);
    }
  };
  await Promise.all([worker(), worker()]);
  await deps.catalogue.insert(rows);
  return rows.length;
}
