import { z } from 'zod';

/** Where a download was made: the web store, or one of the apps (their `items/log` events). */
export type DownloadSource = 'web' | 'app';

/** The longest span one report covers, so a typo in a year can't ask for decades of rows. */
export const REPORT_MAX_DAYS = 731;

/** How many items the top sellers and the downloads table list. */
export const REPORT_TOP_ITEMS = 20;

const DaySchema = z.iso.date();

/** The owner's sales and downloads report: the UTC days from `from` to `to`, summed per day, week (from Monday) or month. */
export const ReportQuerySchema = z
  .object({ from: DaySchema, to: DaySchema, by: z.enum(['day', 'week', 'month']).default('day') })
  .refine((query) => query.from <= query.to, { message: 'The first day must come before the last.' })
  .refine((query) => daysBetween(query.from, query.to) < REPORT_MAX_DAYS, {
    message: `A report covers at most ${REPORT_MAX_DAYS} days.`,
  });
export type ReportQuery = z.infer<typeof ReportQuerySchema>;
export type ReportBucket = ReportQuery['by'];

export const SalesPeriodSchema = z.object({
  /** The period's first day (YYYY-MM-DD); a week starts on Monday, a month on its 1st. */
  period: DaySchema,
  orders: z.number().int(),
  itemsSold: z.number().int(),
  /** Dollars paid, refunded that period, and what stayed. */
  revenue: z.number(),
  refunded: z.number(),
  net: z.number(),
});
export type SalesPeriod = z.infer<typeof SalesPeriodSchema>;

export const TopSellerSchema = z.object({
  itemId: z.string(),
  name: z.string(),
  sold: z.number().int(),
  revenue: z.number(),
});
export type TopSeller = z.infer<typeof TopSellerSchema>;

export const ItemActivitySchema = z.object({
  itemId: z.string(),
  name: z.string(),
  views: z.number().int(),
  webDownloads: z.number().int(),
  appDownloads: z.number().int(),
  purchases: z.number().int(),
});
export type ItemActivity = z.infer<typeof ItemActivitySchema>;

/** Visitors' web vitals on one kind of page (its first path segment), at the 75th percentile. */
export const PageVitalsSchema = z.object({
  page: z.string(),
  views: z.number().int(),
  lcp: z.number().nullable(),
  inp: z.number().nullable(),
  cls: z.number().nullable(),
});
export type PageVitals = z.infer<typeof PageVitalsSchema>;

export const ReportSchema = z.object({
  from: DaySchema,
  to: DaySchema,
  by: z.enum(['day', 'week', 'month']),
  sales: z.array(SalesPeriodSchema),
  totals: z.object({
    orders: z.number().int(),
    revenue: z.number(),
    refunded: z.number(),
    net: z.number(),
    views: z.number().int(),
    /** Every download, and those of them the apps made. */
    downloads: z.number().int(),
    appDownloads: z.number().int(),
    purchases: z.number().int(),
  }),
  topSellers: z.array(TopSellerSchema),
  /** The most viewed and downloaded items, with what they sold. */
  items: z.array(ItemActivitySchema),
  vitals: z.array(PageVitalsSchema),
});
export type Report = z.infer<typeof ReportSchema>;

/** Google's thresholds for a good page at the 75th percentile (web.dev/vitals). */
export const GOOD_VITALS = { lcp: 2500, inp: 200, cls: 0.1 } as const;

const DAY_MS = 86_400_000;

/** Whole days from one YYYY-MM-DD to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
}

/** The YYYY-MM-DD `days` after (or before) `day`. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The first day of the day, week (Monday) or month `day` falls in. */
export function periodOf(day: string, by: ReportBucket): string {
  if (by === 'day') return day;
  if (by === 'month') return `${day.slice(0, 7)}-01`;
  const weekday = (new Date(Date.parse(day)).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** A share as a percentage with one decimal, or null when there is nothing to share. */
export function percentOf(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
}
