import { sql, type SQL } from 'drizzle-orm';
import { addDays } from '#contract/reports.ts';
import type { Database } from '../client.ts';
import { rowsOf } from './raw-rows.ts';

/** Days as YYYY-MM-DD, UTC, both ends included; a range whose `from` is after its `to` is empty. */
export interface DayRange {
  from: string;
  to: string;
}

/** A report's days, and where each part is read: closed days from the sums, the rest from the orders. */
export interface ReportRange {
  all: DayRange;
  summed: DayRange;
  open: DayRange;
}

export interface DailySales {
  day: string;
  orders: number;
  itemsSold: number;
  revenueCents: number;
  refundedCents: number;
}

export interface ItemSales {
  itemId: string;
  name: string;
  sold: number;
  revenueCents: number;
}

export interface ItemActivityRow {
  itemId: string;
  name: string;
  views: number;
  downloads: number;
  appDownloads: number;
  purchases: number;
}

export interface VitalsRow {
  page: string;
  name: 'LCP' | 'INP' | 'CLS';
  value: number;
  views: number;
}

/** Each day of `range`, as dates (counted in days, so no time zone can skip or repeat one). */
const daysOf = (range: DayRange) =>
  sql`(select ${range.from}::date + i as day from generate_series(0, ${range.to}::date - ${range.from}::date) i)`;

/** The moment a UTC day starts. */
const dayStart = (day: string) => sql`(${day}::date)::timestamp at time zone 'utc'`;

/** The orders paid in `range` and each one's lines, as (order, line) rows. */
const paidLines = (range: DayRange) => sql`
  orders o join order_lines l on l.order_id = o.id
  where o.paid_at >= ${dayStart(range.from)} and o.paid_at < ${dayStart(addDays(range.to, 1))}`;

/** Each day of `range` with its orders paid and lines refunded that day; days with neither are zeros. */
const dailySales = (range: DayRange) => sql`
  with paid as (
    select (o.paid_at at time zone 'utc')::date as day, count(distinct o.id)::int as orders,
      count(*)::int as items_sold, sum(l.price_cents - l.discount_cents)::float8 as revenue_cents
    from ${paidLines(range)}
    group by 1
  ), refunded as (
    select (refunded_at at time zone 'utc')::date as day, sum(price_cents - discount_cents)::float8 as refunded_cents
    from order_lines
    where refunded_at >= ${dayStart(range.from)} and refunded_at < ${dayStart(addDays(range.to, 1))}
    group by 1
  )
  select d.day, coalesce(paid.orders, 0) as orders, coalesce(paid.items_sold, 0) as items_sold,
    coalesce(paid.revenue_cents, 0) as revenue_cents, coalesce(refunded.refunded_cents, 0) as refunded_cents
  from ${daysOf(range)} d
  left join paid on paid.day = d.day
  left join refunded on refunded.day = d.day`;

/** Each item's sales per day of `range`. */
const itemSalesByDay = (range: DayRange) => sql`
  select l.item_id, (o.paid_at at time zone 'utc')::date as day, count(*)::int as sold,
    sum(l.price_cents - l.discount_cents)::float8 as revenue_cents
  from ${paidLines(range)}
  group by 1, 2`;

/** Buckets of visitors' figures are this much apart (2 %), so a percentile read from them is within 1 %. */
const BUCKET_STEP = 1.02;
/** CLS is a score under 1 or so, counted in thousandths to share the milliseconds' buckets. */
const CLS_SCALE = 1000;

/** A figure's bucket. */
const bucketOf = sql`floor(ln(1 + case when name = 'CLS' then value * ${CLS_SCALE} else value end) / ln(${BUCKET_STEP}))::int`;

/** The middle of a bucket, in the metric's own unit. */
const bucketValue = (name: VitalsRow['name'], bucket: number) =>
  (BUCKET_STEP ** (bucket + 0.5) - 1) / (name === 'CLS' ? CLS_SCALE : 1);

/** Visitors' LCP, INP and CLS figures of each day of `range`, per kind of page (its first path segment) and bucket. */
const vitalsByDay = (range: DayRange) => sql`
  select (created_at at time zone 'utc')::date as day,
    case when path = '/' then '/' else substring(path from '^/[^/]*') end as page,
    name, ${bucketOf} as bucket, count(*)::int as count
  from web_vitals
  where name in ('LCP', 'INP', 'CLS')
    and created_at >= ${dayStart(range.from)} and created_at < ${dayStart(addDays(range.to, 1))}
  group by 1, 2, 3, 4`;

/** Each item's sales over the range: its summed days from the sums, its open days from the orders. */
const itemSales = ({ summed, open }: ReportRange, only?: SQL) => {
  // Some items' sales are read through the sums' primary key (item, day) rather than every item's.
  const among = only ? sql`and item_id in (${only})` : sql``;
  return sql`
    select item_id, sum(sold)::int as sold, sum(revenue_cents)::float8 as revenue_cents from (
      select item_id, sold, revenue_cents::float8 as revenue_cents from item_sales_daily
      where day between ${summed.from}::date and ${summed.to}::date ${among}
      union all
      select item_id, sold, revenue_cents from (${itemSalesByDay(open)}) open_days where true ${among}
    ) both_parts
    group by item_id`;
};

/**
 * The owner's report figures (decision 043). Closed days are summed once into `sales_daily` and
 * `item_sales_daily`; the days since are read from the orders as they are, through the indexes
 * on payment and refund times, so a report never reads a closed day's orders again.
 */
export class ReportsRepository {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /** The last day summed, or null before the first. */
  async lastSummedDay(): Promise<string | null> {
    const [row] = rowsOf<{ day: string | null }>(
      await this.db.execute(sql`select max(day)::text as day from sales_daily`),
    );
    return row?.day ?? null;
  }

  /** The day of the first payment or visitor's figure, or null before either. */
  async firstDay(): Promise<string | null> {
    const [row] = rowsOf<{ day: string | null }>(
      await this.db.execute(sql`
        select (least(
          (select min(paid_at) from orders where paid_at is not null),
          (select min(created_at) from web_vitals where name = 'LCP'),
          (select min(created_at) from web_vitals where name = 'INP'),
          (select min(created_at) from web_vitals where name = 'CLS')
        ) at time zone 'utc')::date::text as day`),
    );
    return row?.day ?? null;
  }

  /**
   * Sums the closed days of `range`; a day summed already is kept as it is, so processes summing
   * the same days at once write the same rows once.
   */
  async sumDays(range: DayRange): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into item_sales_daily (item_id, day, sold, revenue_cents)
        ${itemSalesByDay(range)}
        on conflict do nothing`);
      await tx.execute(sql`
        insert into vitals_daily (day, page, name, bucket, count)
        ${vitalsByDay(range)}
        on conflict do nothing`);
      await tx.execute(sql`
        insert into sales_daily (day, orders, items_sold, revenue_cents, refunded_cents)
        ${dailySales(range)}
        on conflict do nothing`);
    });
  }

  /** Each day of the range: the summed ones from the sums, the open ones from the orders. */
  async sales({ summed, open }: ReportRange): Promise<DailySales[]> {
    const rows = rowsOf<{
      day: string;
      orders: number;
      items_sold: number;
      revenue_cents: number;
      refunded_cents: number;
    }>(
      await this.db.execute(sql`
        select d.day::text as day, coalesce(s.orders, 0) as orders, coalesce(s.items_sold, 0) as items_sold,
          coalesce(s.revenue_cents, 0)::float8 as revenue_cents, coalesce(s.refunded_cents, 0)::float8 as refunded_cents
        from ${daysOf(summed)} d left join sales_daily s on s.day = d.day
        union all
        select day::text, orders, items_sold, revenue_cents, refunded_cents from (${dailySales(open)}) open_days
        order by 1`),
    );
    return rows.map((row) => ({
      day: row.day,
      orders: Number(row.orders),
      itemsSold: Number(row.items_sold),
      revenueCents: Number(row.revenue_cents),
      refundedCents: Number(row.refunded_cents),
    }));
  }

  /** The items that brought the most over the range. */
  async topSellers(range: ReportRange, limit: number): Promise<ItemSales[]> {
    const rows = rowsOf<{ item_id: string; name: string; sold: number; revenue_cents: number }>(
      await this.db.execute(sql`
        with top as (
          select * from (${itemSales(range)}) sales
          order by revenue_cents desc, sold desc, item_id
          limit ${limit}
        )
        -- Named after the limit: a join before it would look up every item that sold.
        select top.item_id, items.name, top.sold, top.revenue_cents
        from top join items on items.item_id = top.item_id
        order by top.revenue_cents desc, top.sold desc, top.item_id`),
    );
    return rows.map((row) => ({
      itemId: row.item_id,
      name: row.name,
      sold: Number(row.sold),
      revenueCents: Number(row.revenue_cents),
    }));
  }

  /**
   * The items most viewed, then most downloaded, over the range (views and downloads are counted
   * per day as they happen, so only sales need the split), and every item's views and downloads.
   */
  async itemActivity(
    range: ReportRange,
    limit: number,
  ): Promise<{ items: ItemActivityRow[]; views: number; downloads: number; appDownloads: number }> {
    const { from, to } = range.all;
    const rows = rowsOf<{
      item_id: string;
      name: string;
      views: number;
      downloads: number;
      app_downloads: number;
      purchases: number;
      all_views: number;
      all_downloads: number;
      all_app_downloads: number;
    }>(
      await this.db.execute(sql`
        with viewed as (
          select item_id, sum(views)::int as views from item_views_daily
          where day between ${from}::date and ${to}::date group by 1
        ), downloaded as (
          select item_id, sum(downloads)::int as downloads, sum(app_downloads)::int as app_downloads
          from item_downloads_daily where day between ${from}::date and ${to}::date group by 1
        ), activity as (
          select coalesce(viewed.item_id, downloaded.item_id) as item_id, coalesce(viewed.views, 0) as views,
            coalesce(downloaded.downloads, 0) as downloads, coalesce(downloaded.app_downloads, 0) as app_downloads
          from viewed full join downloaded on downloaded.item_id = viewed.item_id
        ), top as (
          select * from activity order by views desc, downloads desc, item_id limit ${limit}
        ), sales as (${itemSales(range, sql`select item_id from top`)})
        select top.item_id, items.name, top.views, top.downloads, top.app_downloads,
          coalesce(sales.sold, 0)::int as purchases,
          (select coalesce(sum(views), 0)::float8 from activity) as all_views,
          (select coalesce(sum(downloads), 0)::float8 from activity) as all_downloads,
          (select coalesce(sum(app_downloads), 0)::float8 from activity) as all_app_downloads
        from top join items on items.item_id = top.item_id
        left join sales on sales.item_id = top.item_id
        order by top.views desc, top.downloads desc, top.item_id`),
    );
    return {
      items: rows.map((row) => ({
        itemId: row.item_id,
        name: row.name,
        views: Number(row.views),
        downloads: Number(row.downloads),
        appDownloads: Number(row.app_downloads),
        purchases: Number(row.purchases),
      })),
      views: Number(rows[0]?.all_views ?? 0),
      downloads: Number(rows[0]?.all_downloads ?? 0),
      appDownloads: Number(rows[0]?.all_app_downloads ?? 0),
    };
  }

  /**
   * The 75th percentile (nearest rank) of LCP, INP and CLS per kind of page over the range, from
   * the summed days' histograms and the open days' figures, and how many figures each is of.
   */
  async vitals({ summed, open }: ReportRange): Promise<VitalsRow[]> {
    const rows = rowsOf<{ page: string; name: VitalsRow['name']; bucket: number; count: number }>(
      await this.db.execute(sql`
        select page, name, bucket, sum(count)::int as count from (
          select page, name, bucket, count from vitals_daily
          where day between ${summed.from}::date and ${summed.to}::date
          union all
          select page, name, bucket, count from (${vitalsByDay(open)}) open_days
        ) both_parts
        group by 1, 2, 3
        order by 1, 2, 3`),
    );
    const histograms = Map.groupBy(rows, (row) => `${row.page}\u0000${row.name}`);
    return [...histograms.values()].map((buckets) => {
      const views = buckets.reduce((sum, bucket) => sum + Number(bucket.count), 0);
      const rank = Math.ceil(views * 0.75);
      let seen = 0;
      const at = buckets.find((bucket) => (seen += Number(bucket.count)) >= rank)!;
      return { page: at.page, name: at.name, value: bucketValue(at.name, Number(at.bucket)), views };
    });
  }
}
