import { COLOUR_MATCH_DISTANCE, type Lab, labOfHex, SWATCHES } from '#contract/colour.ts';
import type { FocalPoint } from '#contract/device-crop.ts';
import { getTableColumns, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * How far a colour lies from the nearest colour of a palette in CIELAB (CIE76, two decimals;
 * null without a palette). palette_distance is in migration 0022. The colour is written out, not
 * sent as parameters, so that a swatch's condition is the very one its index was made with.
 */
export const paletteDistance = (colours: SQLWrapper, colour: Lab): SQL<number> =>
  sql<number>`palette_distance(${colours}, ${sql.raw([colour.l, colour.a, colour.b].map((v) => `'${v}'::float8`).join(', '))})`;

/** A palette has a colour near this one: what a colour filter keeps. */
export const nearColour = (colours: SQLWrapper, colour: Lab): SQL =>
  sql`${paletteDistance(colours, colour)} <= ${sql.raw(String(COLOUR_MATCH_DISTANCE))}`;

/** A file of an item kept in private storage; served only through the download routes. */
export interface StoredDownload {
  key: string;
  name: string;
  dimensions: string;
  contentType: string;
}

/** Public derivatives of the thumbnail, made at seed or upload time. */
export interface ItemMedia {
  /** A tiny blurred image as a data URI, shown while the thumbnail loads. */
  placeholder: string;
  /** WebP files, with an AVIF twin where one was made. */
  thumbnails: { width: number; height: number; file: string; avif?: string }[];
  /** The apps' previews (LD 360, SD 720, HD 1080 wide); missing on items made before them until backfilled. */
  previews?: { ld: string; sd: string; hd: string };
  /** The placeholder as a file (the apps' BL image). */
  blurred?: string;
  /** Perceptual hash of the master, for spotting near-duplicates among new sources. */
  phash?: string;
  dominant?: string;
  /** A live item's poster frame, shown before its clip plays. */
  poster?: string;
  /** What draws the eye in the master (sharp's attention strategy), as fractions; the centre when missing. */
  focal?: FocalPoint;
  /** The master's frame at up to 4096 px tall (private), when the source was larger: phone files are cut from it. */
  large?: { key: string; width: number; height: number };
  /** Its five dominant colours (#rrggbb, the largest share first) and its share of near-black pixels. */
  palette?: string[];
  darkShare?: number;
}

/** A swatch's own index of the published items near it (see `items`). */
export const swatchIndexName = (swatch: string) => `items_swatch_${swatch}_ranked_idx`;

/**
 * A search posting's bit for a swatch its item's palette is near, in SWATCHES' order, and for an
 * item at least half near-black: what item_shades (migration 0042) writes, its constants the
 * swatches' colours and OLED_DARK_SHARE.
 */
export const swatchShade = (swatch: string): number => 1 << SWATCHES.findIndex((known) => known.name === swatch);
export const DARK_SHADE = 1 << SWATCHES.length;

/** A posting's shades hold this one: the condition of its index of postings (decision 084). */
export const hasShade = (shades: SQLWrapper, shade: number): SQL => sql`${shades} & ${sql.raw(String(shade))} <> 0`;

export const items = pgTable(
  'items',
  {
    itemId: text('item_id').primaryKey(),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    freeDownload: boolean('free_download').notNull().default(false),
    stars: integer('stars').notNull().default(5),
    photoType: text('photo_type', { enum: ['static', 'live'] }).notNull(),
    /** Lower-case theme and subject words; `anime`, `landscape`, `minimalistic` are the themes. */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    thumbnail: text('thumbnail').notNull(),
    preview: text('preview').notNull().default(''),
    imageList: jsonb('image_list').$type<{ type: string; name: string }[]>().notNull(),
    downloads: jsonb('downloads').$type<StoredDownload[]>().notNull(),
    media: jsonb('media').$type<ItemMedia>().notNull(),
    /** The palette in CIELAB (l, a, b of each colour in turn) for the colour filters; null until worked out. */
    colours: real('colours').array(),
    published: boolean('published').notNull().default(false),
    /** Bumped by every change of the item, so clients that keep a copy know it is stale. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('simple'::regconfig, name), 'A') || setweight(array_to_tsvector(tags), 'B')`,
      ),
  },
  (t) => [
    index('items_published_item_id_idx').on(t.published, t.itemId),
    // A list walked newest first for a colour that is not a swatch reads the palettes here, with
    // the tags and photo type that narrow the walk, from the index alone, where a row of the table
    // holds the item's media and texts too (decision 071).
    index('items_published_palettes_idx')
      .on(t.itemId, t.tags, t.photoType, t.colours)
      .where(sql`published`),
    index('items_tags_idx').using('gin', t.tags),
    // The owner's catalogue finds an item by any part of its name (`ilike '%…%'`): at a million
    // items, 4.5 s read whole, 0.4 s through these trigrams (migration 0045).
    index('items_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('items_search_idx').using('gin', t.search),
    // A search for a common word walks the newest published items' words here, index alone, to
    // its newest 1,000 matches (the GIN index would read every match's row to order them).
    index('items_published_search_newest_idx')
      .on(t.itemId, t.search)
      .where(sql`published`),
    // Each sort of the catalogue walks one index of the published items (keyset paging).
    index('items_published_price_idx')
      .on(t.priceCents, t.itemId)
      .where(sql`published`),
    // Cheapest first breaks ties newest first, which the index above cannot walk in one direction.
    index('items_published_price_asc_idx')
      .on(t.priceCents, t.itemId.desc().nullsFirst())
      .where(sql`published`),
    index('items_published_name_idx')
      .on(t.name, t.itemId)
      .where(sql`published`),
    index('items_published_type_idx')
      .on(t.photoType, t.itemId)
      .where(sql`published`),
    // Each swatch the pages offer, newest first: its list walks one index, however few items match,
    // and ranks its matches (within a tag or a photo type too) by their distances stored in the
    // index, never computed at a read. The palette is there because PostgreSQL reads an
    // expression from an index only when the index holds the columns it is computed from.
    ...SWATCHES.map((swatch) => {
      const lab = labOfHex(swatch.hex);
      return index(swatchIndexName(swatch.name))
        .on(t.itemId, t.tags, t.photoType, t.colours, paletteDistance(t.colours, lab))
        .where(sql`published and ${nearColour(t.colours, lab)}`);
    }),
    // 'OLED dark', newest first.
    index('items_published_dark_idx')
      .on(t.itemId)
      .where(sql`published and (${t.media} ->> 'darkShare')::real >= 0.5`),
    // Items still waiting for the apps' images: the scan at every start reads only these, none once backfilled.
    index('items_without_app_images_idx')
      .on(t.itemId)
      .where(sql`not (${t.media} ? 'blurred')`),
    // The same for the other two scans at every start: palettes never put in CIELAB, live items without a clip.
    index('items_without_colours_idx')
      .on(t.itemId)
      .where(sql`${t.colours} is null`),
    index('items_live_without_preview_idx')
      .on(t.itemId)
      .where(sql`${t.photoType} = 'live' and ${t.preview} = ''`),
  ],
);

/** Every column but the search vector and the palette's coordinates, which only the database itself reads. */
const { search: _search, colours: _colours, ...itemColumnsForReading } = getTableColumns(items);
export const itemColumns = itemColumnsForReading;

export type ItemRow = Omit<typeof items.$inferSelect, 'search' | 'colours'>;

/**
 * What names an item as it is now: every change bumps the version and sets `updatedAt`, so the
 * three name one content of the item (what a client is shown of it can be kept under them).
 */
export const itemKeyColumns = { itemId: items.itemId, version: items.version, updatedAt: items.updatedAt };
export type ItemKey = Pick<ItemRow, 'itemId' | 'version' | 'updatedAt'>;

/** An item's key with the columns its place in a list's order is read from (a page's cursor). */
export const listedKeyColumns = { ...itemKeyColumns, priceCents: items.priceCents, name: items.name };

export type NewItemRow = typeof items.$inferInsert;

/** Downloads of each item per day (UTC), for what is popular; one row per item and day, not per download. */
/**
 * Every word of the published items' names and tags (none only of digits), written by a trigger
 * on items (migration 0021): where 'did you mean' and near spellings look, a few thousand words
 * however large the catalogue. A word whose items are gone stays; it finds nothing.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
  // Each word with every letter left out in turn (migration 0033): a word one slip away shares one of these.
  index('search_words_deletions_idx').using('gin', sql`word_deletions(${t.word})`),
  // Whether a search's word starts any word at all (like 'word%').
  index('search_words_prefix_idx').on(t.word.op('text_pattern_ops')),
]);

/**
 * Each published item's search words, as its search vector holds them, kept by triggers on items
 * (migration 0024): a word's newest items are a range of this index, where the GIN index of the
 * vectors finds them in no order. Its words compare byte by byte (collation "C"), so the words
 * starting with a prefix are one range of it.
 */
export const searchPostings = pgTable(
  'search_postings',
  {
    word: text('word').notNull(),
    itemId: text('item_id').notNull(),
    /** The item's rank for this word alone (ts_rank); its key holds it too (migration 0027). */
    rank: real('rank').notNull(),
    /** The item's swatches and whether it is OLED dark, a bit each (swatchShade, DARK_SHADE); its key holds them too. */
    shades: smallint('shades').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.word, t.itemId] }),
    // For each swatch and for OLED dark, a word's postings of the items it keeps, newest first
    // with their ranks: a search within one walks its matches alone (decision 084).
    ...[
      ...SWATCHES.map((swatch) => ({ name: swatch.name, shade: swatchShade(swatch.name) })),
      { name: 'dark', shade: DARK_SHADE },
    ].map(({ name, shade }) =>
      index(`search_postings_${name}_idx`).on(t.word, t.itemId, t.rank).where(hasShade(t.shades, shade)),
    ),
  ],
);

/**
 * Each published item's tags, kept by triggers on items (migration 0028): a tag's items are one
 * range of this key, counted and paged from the index alone, where the GIN index of the tags
 * would read every match's row. A tag's items of one photo type are one range of the second
 * index (migration 0030), however few of the tag's items are of that type.
 */
export const tagPostings = pgTable(
  'tag_postings',
  {
    tag: text('tag').notNull(),
    itemId: text('item_id').notNull(),
    photoType: text('photo_type', { enum: ['static', 'live'] }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tag, t.itemId] }),
    index('tag_postings_tag_type_idx').on(t.tag, t.photoType, t.itemId),
  ],
);

/**
 * Each published item's tags under each swatch its palette is near, with its distance from the
 * swatch (item_swatches, migration 0044), kept by the tag postings' triggers: a tag's newest items
 * near a swatch are one range of this key, ranked from it alone, however few or many the tag
 * holds (decision 085). The key holds the photo type, whether the item is OLED dark and the
 * distance too (`INCLUDE`).
 */
export const swatchPostings = pgTable(
  'swatch_postings',
  {
    tag: text('tag').notNull(),
    swatch: text('swatch').notNull(),
    itemId: text('item_id').notNull(),
    photoType: text('photo_type', { enum: ['static', 'live'] }).notNull(),
    dark: boolean('dark').notNull(),
    /** As the swatch's index of the items holds it (palette_distance). */
    distance: numeric('distance', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tag, t.swatch, t.itemId] })],
);

/**
 * How many published items of each tag are filed under each theme of the palette cells (their
 * one theme, or '' for none or several: palette_theme), kept by triggers on items (migration
 * 0038): a tag's list in a colour reads only the cells of the themes its items are filed under
 * (decision 069). A count falls to 0 rather than go; only counts above 0 are read.
 */
export const tagThemes = pgTable(
  'tag_themes',
  {
    tag: text('tag').notNull(),
    theme: text('theme').notNull(),
    items: integer('items').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tag, t.theme] })],
);

/**
 * The block of a cell (palette_cell's number): a cube of two cells a side, numbered as the cells
 * are, by each axis' index halved.
 */
export const paletteBlock = (cell: SQLWrapper): SQL<number> =>
  sql<number>`(${cell} / 32768 * 4096 + ${cell} / 256 % 64 * 64 + ${cell} % 128 / 2)`;

/**
 * Each colour of each published item's palette, under the cell of CIELAB it lies in, kept by
 * triggers on items (migration 0035): a colour that is not a swatch finds its matches among the
 * few dozen cells around it, reading the key alone, where the items' own rows would be read one
 * by one at random. A cell is a cube of PALETTE_CELL units (palette_cell, in the migration).
 * Within a cell, the colours of each theme come together: `theme` is the item's one theme, or ''
 * for an item with none or several (palette_theme, migration 0037; decision 068).
 */
export const paletteCells = pgTable(
  'palette_cells',
  {
    cell: integer('cell').notNull(),
    theme: text('theme').notNull().default(''),
    itemId: text('item_id').notNull(),
    l: real('l').notNull(),
    a: real('a').notNull(),
    b: real('b').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.cell, t.theme, t.itemId, t.l, t.a, t.b] }),
    // Each block's colours newest first (decision 067): a colour's list reads the twenty or so blocks
    // around it backwards, merged, and stops at its newest matches.
    index('palette_cells_block_newest_idx').on(paletteBlock(t.cell), t.itemId, t.cell, t.l, t.a, t.b),
    // The same by theme (decision 072): a theme's list, or a tag's through its themes, merges the
    // theme's blocks newest first.
    index('palette_cells_theme_block_newest_idx').on(t.theme, paletteBlock(t.cell), t.itemId, t.cell, t.l, t.a, t.b),
    // Each cell's colours by age: an unnarrowed list reads the cells around a colour only as far
    // back as its newest matches reach (decision 078).
    index('palette_cells_cell_newest_idx').on(t.cell, t.itemId, t.l, t.a, t.b),
  ],
);

export const itemDownloadsDaily = pgTable(
  'item_downloads_daily',
  {
    itemId: text('item_id')
      .notNull()
      .references(() => items.itemId, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    /** Every download, the web's and the apps'. */
    downloads: integer('downloads').notNull().default(0),
    /** Those of them the apps reported. */
    appDownloads: integer('app_downloads').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.day] }), index('item_downloads_daily_day_idx').on(t.day)],
);

/** Views of each item's page per day (UTC), for the owner's conversion figures. */
export const itemViewsDaily = pgTable(
  'item_views_daily',
  {
    itemId: text('item_id')
      .notNull()
      .references(() => items.itemId, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.day] }), index('item_views_daily_day_idx').on(t.day)],
);

/**
 * The sales of each closed UTC day, summed once it is over (decision 043): orders paid that day and
 * what they brought, and what was refunded that day. A closed day's figures never change, as an
 * order's payment and a line's refund are dated when they happen.
 */
export const salesDaily = pgTable('sales_daily', {
  day: date('day').primaryKey(),
  orders: integer('orders').notNull(),
  itemsSold: integer('items_sold').notNull(),
  revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull(),
  refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull(),
});

/**
 * Visitors' web vitals of each closed UTC day as histograms (decision 043): how many figures of a
 * metric on a kind of page fell in each bucket, the buckets 2 % apart, so any days' 75th
 * percentile is read from a few hundred rows instead of every page view's figures.
 */
export const vitalsDaily = pgTable(
  'vitals_daily',
  {
    day: date('day').notNull(),
    page: text('page').notNull(),
    name: text('name').notNull(),
    bucket: integer('bucket').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.page, t.name, t.bucket] })],
);

/** Each item's sales of each closed UTC day, summed with `sales_daily`; days it sold nothing have no row. */
export const itemSalesDaily = pgTable(
  'item_sales_daily',
  {
    itemId: text('item_id').notNull(),
    day: date('day').notNull(),
    sold: integer('sold').notNull(),
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.day] }), index('item_sales_daily_day_idx').on(t.day)],
);

/**
 * The owner's banners for the web home and the Android app's home (`boards/top`), in `position`
 * order; while none is active the app shows the themes' banners.
 */
export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  /** The tag whose wallpapers the banner opens. */
  tag: text('tag').notNull(),
  /** Public storage keys of its picture, full size and half. */
  imageKey: text('image_key').notNull(),
  smallKey: text('small_key').notNull(),
  active: boolean('active').notNull().default(true),
  position: integer('position').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Web vitals reported by visitors' browsers (LCP, CLS, INP, FCP, TTFB), for our own dashboards. */
export const webVitals = pgTable(
  'web_vitals',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    value: doublePrecision('value').notNull(),
    rating: text('rating').notNull(),
    path: text('path').notNull(),
    navigationType: text('navigation_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('web_vitals_name_created_idx').on(t.name, t.createdAt)],
);

/**
 * What the Android app reports of its use (downloads, shares, ad views), as it sends it; the
 * item is not a foreign key, as an event may name one that is gone.
 */
export const appEvents = pgTable(
  'app_events',
  {
    id: serial('id').primaryKey(),
    itemId: text('item_id').notNull(),
    eventType: text('event_type').notNull(),
    appVersion: text('app_version').notNull(),
    manufacturer: text('manufacturer').notNull(),
    model: text('model').notNull(),
    release: text('release').notNull(),
    sdk: text('sdk').notNull(),
    country: text('country').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('app_events_created_idx').on(t.createdAt), index('app_events_item_idx').on(t.itemId)],
);

/** What administrators did, who did it and when, with what changed (before and after); read newest first by id. */
export const adminActions = pgTable('admin_actions', {
  id: serial('id').primaryKey(),
  /** The administrator's account and its email then (kept if the account goes). */
  actorId: text('actor_id').notNull(),
  actorEmail: text('actor_email').notNull(),
  /** What was done, such as 'item.update' (contract/admin.ts lists them). */
  action: text('action').notNull(),
  /** What it was done to: an itemId, a review entry, a setting. */
  target: text('target').notNull(),
  before: jsonb('before').$type<Record<string, unknown>>(),
  after: jsonb('after').$type<Record<string, unknown>>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Trimmed and lower-case (contract/users.ts). */
  email: text('email').notNull().unique(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull().default(''),
  /** argon2id, PHC string. */
  passwordHash: text('password_hash').notNull(),
  isAdmin: boolean('is_admin').notNull().default(false),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  /** When the last verification email went out; the resend throttle reads it. */
  verificationSentAt: timestamp('verification_sent_at', { withTimezone: true }),
  /** The screen phone files are made for, `{width}x{height}`, kept for every browser the user signs in on. */
  phoneScreen: text('phone_screen'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;

/** Sessions are stored by the SHA-256 of their token; the token itself is never kept. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Single-use email tokens (verification, password reset), stored hashed. */
export const userTokens = pgTable(
  'user_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify', 'reset'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_tokens_user_idx').on(t.userId)],
);

/**
 * created → capturing → paid, or pending (PayPal holds the money) → paid; failed when nothing
 * was taken or it was declined; cancelled when a newer order of the same shopper replaced it
 * before payment; refunded when the provider reports the money returned.
 */
export type OrderStatus = 'created' | 'capturing' | 'pending' | 'paid' | 'failed' | 'cancelled' | 'refunded';

/**
 * A discount code: a percentage or an amount off the lines it applies to (all, or those of its
 * items or tags), never more than they cost. A use is an order with the coupon that is being
 * paid or paid; a cancelled, failed or refunded order gives its use back (decision 042).
 */
export const coupons = pgTable('coupons', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Upper-case; shoppers type it in any case. */
  code: text('code').notNull().unique(),
  kind: text('kind', { enum: ['percent', 'amount'] }).notNull(),
  /** Percent off (1–100), or cents off. */
  value: integer('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  maxUses: integer('max_uses'),
  maxUsesPerCustomer: integer('max_uses_per_customer'),
  /** The lines it applies to: these items, or items with these tags; every line when both are null. */
  itemIds: text('item_ids').array(),
  tags: text('tags').array(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A named set of paid wallpapers sold together at one price (decision 045). An order for it has
 * a line per item, each at its share of the price; items the buyer owns are left out.
 */
export const bundles = pgTable('bundles', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  priceCents: integer('price_cents').notNull(),
  published: boolean('published').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A bundle's items in their order. An item in a bundle on sale can't be deleted; otherwise it leaves the bundle. */
export const bundleItems = pgTable(
  'bundle_items',
  {
    bundleId: uuid('bundle_id')
      .notNull()
      .references(() => bundles.id, { onDelete: 'cascade' }),
    itemId: text('item_id')
      .notNull()
      .references(() => items.itemId, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bundleId, t.itemId] }), index('bundle_items_item_idx').on(t.itemId)],
);

/** An order, priced by the server from the items table; the browser's total is never read. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').$type<OrderStatus>().notNull().default('created'),
    /** What the shopper pays: the lines' prices less the coupon's discount. */
    totalCents: integer('total_cents').notNull(),
    couponId: uuid('coupon_id').references(() => coupons.id),
    discountCents: integer('discount_cents').notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    provider: text('provider', { enum: ['paypal', 'test'] }).notNull(),
    providerOrderId: text('provider_order_id').unique(),
    captureId: text('capture_id').unique(),
    /** What the provider answered at capture, kept as the original store's paymentData. */
    paymentData: jsonb('payment_data'),
    failureReason: text('failure_reason'),
    /** When the capture that holds the order in `capturing` began; an old one was cut off by a crash. */
    captureStartedAt: timestamp('capture_started_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  // The admin's order lookup: newest first, and a customer's orders by their account.
  (t) => [
    index('orders_created_idx').on(t.createdAt),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_coupon_idx').on(t.couponId),
    // The sales report's days still open, read as they happen.
    index('orders_paid_idx')
      .on(t.paidAt)
      .where(sql`paid_at is not null`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    itemId: text('item_id')
      .notNull()
      .references(() => items.itemId),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    /** The coupon's share of this line: what a refund of the line gives back is price less this. */
    discountCents: integer('discount_cents').notNull().default(0),
    /** When this line's price went back: the buyer already owned the item, or a refund took it back. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** The provider's id of that refund: its webhook event is then known as ours. */
    refundId: text('refund_id'),
    /** The refund that holds this line while it is asked for (and after): a line is refunded once. */
    refundRequestId: uuid('refund_request_id').references(() => refunds.id),
    /** The bundle this line was bought in, at its share of the bundle's price; a sold bundle is kept. */
    bundleId: uuid('bundle_id').references(() => bundles.id),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.itemId] }),
    index('order_lines_item_idx').on(t.itemId),
    index('order_lines_refunded_idx')
      .on(t.refundedAt)
      .where(sql`refunded_at is not null`),
  ],
);

/**
 * requested (the line is held, the provider not yet answered) → completed, or failed when the
 * provider refused it (the lines are free to refund again).
 */
export type RefundStatus = 'requested' | 'completed' | 'failed';

/**
 * Money given back for lines of a paid order: asked for by an administrator (`owner`), or made in
 * the provider's own dashboard and learnt from its webhook (`provider`). The provider is asked
 * by a job, with this row's id as the request id, so a refund is made once whatever crashes.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    amountCents: integer('amount_cents').notNull(),
    origin: text('origin', { enum: ['owner', 'provider'] }).notNull(),
    status: text('status').$type<RefundStatus>().notNull().default('requested'),
    providerRefundId: text('provider_refund_id').unique(),
    /** The administrator who asked for it. */
    requestedBy: text('requested_by'),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('refunds_order_idx').on(t.orderId)],
);

/** The original store's transaction record, written by the server when a capture completes. */
export const transactions = pgTable('transactions', {
  transactionId: text('transaction_id').primaryKey(),
  orderId: uuid('order_id')
    .notNull()
    .unique()
    .references(() => orders.id),
  email: text('email').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  detail: jsonb('detail').notNull(),
  payment: text('payment').notNull(),
  paymentData: jsonb('payment_data').notNull(),
  tax: integer('tax').notNull().default(0),
  totalCents: integer('total_cents').notNull(),
  totalCount: integer('total_count').notNull(),
  reserved: jsonb('reserved').notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What a user owns: one row per item, revoked when its payment is refunded. */
export const grants = pgTable(
  'grants',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: text('item_id')
      .notNull()
      .references(() => items.itemId),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] }), index('grants_order_idx').on(t.orderId)],
);

/** Wallpapers a user marked with a heart; a visitor's hearts join these when they sign in. */
export const favourites = pgTable(
  'favourites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: text('item_id')
      .notNull()
      .references(() => items.itemId, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] })],
);

/**
 * Short links a desktop shows as a QR code to open a wallpaper's download page on a phone
 * (decision 029). They live 15 minutes; one for a bought file carries a signed link to it alone.
 */
export const phoneLinks = pgTable('phone_links', {
  code: text('code').primaryKey(),
  itemId: text('item_id')
    .notNull()
    .references(() => items.itemId, { onDelete: 'cascade' }),
  /** A signed link to the one bought file this code grants; null for a free item. */
  downloadLink: text('download_link'),
  /** The screen the phone file is made for, `{width}x{height}`, when the sender chose one. */
  screen: text('screen'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Webhook events already handled, so a delivery PayPal repeats is ignored. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

/**
 * The outbox: side effects (emails, refunds, derivatives) written in the same transaction as the
 * state they follow, done by a worker with retries, and marked done only after they succeeded.
 * `key` names the purpose, so one purpose is never queued twice.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    key: text('key').notNull().unique(),
    payload: jsonb('payload').notNull(),
    status: text('status').$type<JobStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** While running: when the worker's claim runs out and another may take the job. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_claim_idx').on(t.status, t.runAt),
    // The emails of one order are found by their keys' prefix (`order-email:{orderId}…`) whatever the collation.
    index('jobs_key_prefix_idx').on(t.key.op('text_pattern_ops')),
  ],
);

/** Failed logins per account and address in the current window; a successful login clears the account's rows. */
export const loginFailures = pgTable(
  'login_failures',
  {
    email: text('email').notNull(),
    address: text('address').notNull(),
    failures: integer('failures').notNull(),
    firstFailedAt: timestamp('first_failed_at', { withTimezone: true }).notNull(),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.email, t.address] }), index('login_failures_address_idx').on(t.address)],
);

/** Settings every server process must share, such as the key that signs download links. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export type WaitingStatus = 'queued' | 'in_process' | 'done' | 'failed';

/** Source images waiting to be processed into draft items and reviewed (the original store's Review-list item). */
export const waitingItems = pgTable(
  'waiting_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** From a sequence: never reused, never raced. */
    numberId: serial('number_id').notNull().unique(),
    sourceKey: text('source_key').notNull(),
    sourceName: text('source_name').notNull(),
    status: text('status').$type<WaitingStatus>().notNull().default('queued'),
    priority: integer('priority').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    /** While in_process: when the worker's claim runs out and another may take the entry. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    failureReason: text('failure_reason'),
    review: boolean('review').notNull().default(false),
    /** The draft item made from it, and its preview image's URL. */
    itemId: text('item_id'),
    itemUrl: text('item_url'),
    /** What the reviewer should know: 'upscaled', 'near-duplicate of …'. */
    flags: jsonb('flags').$type<string[]>().notNull().default([]),
    phash: text('phash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('waiting_items_claim_idx').on(t.status, t.priority, t.numberId)],
);
