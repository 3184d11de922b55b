import { centsToDollars } from '#contract/money.ts';
import {
  addDays,
  REPORT_TOP_ITEMS,
  periodOf,
  type PageVitals,
  type Report,
  type ReportQuery,
  type SalesPeriod,
} from '#contract/reports.ts';
import type {
  DailySales,
  ReportRange,
  ReportsRepository,
  VitalsRow,
} from '../../db/repositories/reports.repository.ts';

/**
 * How long after midnight (UTC) a day is summed: a payment that began just before midnight is
 * dated then but may commit a moment after.
 */
const SETTLE_MS = 10 * 60_000;

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The last day that has closed: yesterday (UTC), or the day before within SETTLE_MS of midnight. */
export const lastClosedDay = (now = Date.now()): string => addDays(utcDay(new Date(now - SETTLE_MS)), -1);

/** The owner's sales and downloads report (decision 043). */
export class ReportsService {
  private readonly deps: { reports: ReportsRepository };

  constructor(deps: ReportsService['deps']) {
    this.deps = deps;
  }

  async report(query: ReportQuery): Promise<Report> {
    // Days up to the last closed one come from the sums, the rest from the orders as they are.
    const split = (await this.sumClosedDays()) ?? addDays(query.from, -1);
    const range: ReportRange = {
      all: query,
      summed: { from: query.from, to: split < query.to ? split : query.to },
      open: { from: split < query.from ? query.from : addDays(split, 1), to: query.to },
    };
    const [days, topSellers, activity, vitals] = await Promise.all([
      this.deps.reports.sales(range),
      this.deps.reports.topSellers(range, REPORT_TOP_ITEMS),
      this.deps.reports.itemActivity(range, REPORT_TOP_ITEMS),
      this.deps.reports.vitals(range),
    ]);
    const sales = byPeriod(days, query.by);
    const total = (pick: (day: DailySales) => number) => days.reduce((sum, day) => sum + pick(day), 0);
    const revenueCents = total((day) => day.revenueCents);
    const refundedCents = total((day) => day.refundedCents);
    return {
      ...query,
      sales,
      totals: {
        orders: total((day) => day.orders),
        revenue: centsToDollars(revenueCents),
        refunded: centsToDollars(refundedCents),
        net: centsToDollars(revenueCents - refundedCents),
        views: activity.views,
        downloads: activity.downloads,
        appDownloads: activity.appDownloads,
        purchases: total((day) => day.itemsSold),
      },
      topSellers: topSellers.map((item) => ({ ...item, revenue: centsToDollars(item.revenueCents) })),
      items: activity.items.map(({ downloads, appDownloads, ...item }) => ({
        ...item,
        webDownloads: downloads - appDownloads,
        appDownloads,
      })),
      vitals: byPage(vitals),
    };
  }

  /** Sums the closed days not summed yet, and answers the last closed day (null before any sale or visitor's figure). */
  private async sumClosedDays(): Promise<string | null> {
    const lastClosed = lastClosedDay();
    const lastSummed = await this.deps.reports.lastSummedDay();
    const from = lastSummed ? addDays(lastSummed, 1) : await this.deps.reports.firstDay();
    if (!from) return null;
    if (from <= lastClosed) await this.deps.reports.sumDays({ from, to: lastClosed });
    return lastClosed;
  }
}

/** The days summed per day, week or month, in order. */
function byPeriod(days: DailySales[], by: ReportQuery['by']): SalesPeriod[] {
  const periods = new Map<string, DailySales>();
  for (const day of days) {
    const period = periodOf(day.day, by);
    const sum = periods.get(period) ?? { day: period, orders: 0, itemsSold: 0, revenueCents: 0, refundedCents: 0 };
    sum.orders += day.orders;
    sum.itemsSold += day.itemsSold;
    sum.revenueCents += day.revenueCents;
    sum.refundedCents += day.refundedCents;
    periods.set(period, sum);
  }
  return [...periods.values()].map((sum) => ({
    period: sum.day,
    orders: sum.orders,
    itemsSold: sum.itemsSold,
    revenue: centsToDollars(sum.revenueCents),
    refunded: centsToDollars(sum.refundedCents),
    net: centsToDollars(sum.revenueCents - sum.refundedCents),
  }));
}

/** One row per kind of page, most viewed first. */
function byPage(rows: VitalsRow[]): PageVitals[] {
  const pages = new Map<string, PageVitals>();
  for (const row of rows) {
    const page = pages.get(row.page) ?? { page: row.page, views: 0, lcp: null, inp: null, cls: null };
    page.views = Math.max(page.views, row.views);
    page[row.name.toLowerCase() as 'lcp' | 'inp' | 'cls'] = row.value;
    pages.set(row.page, page);
  }
  return [...pages.values()].sort((a, b) => b.views - a.views || a.page.localeCompare(b.page));
}
