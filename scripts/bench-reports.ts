/**
 * `npm run bench:reports [-- --orders N --items M]`: seeds M items (100,000 unless told) and N
 * paid orders (1,000,000) spread over the last year, with refunds, views, downloads and web vitals, into a
 * temporary DATA_DIR (or the empty database at DATABASE_URL), then times the owner's sales
 * report beside the same figures read straight from the orders in the same run (the baseline:
 * no day summed). Prints medians of REPEATS runs and the ratio.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { addDays, REPORT_TOP_ITEMS } from '#contract/reports.ts';
import { openRuntime } from '../server/app/runtime.ts';
import { rowsOf } from '../server/db/repositories/raw-rows.ts';
import { ReportsRepository, type ReportRange } from '../server/db/repositories/reports.repository.ts';
import { growCatalogue } from '../server/demo/grow-catalogue.ts';
import { seedDemoCatalogue } from '../server/demo/seed-demo-catalogue.ts';
import { loadConfig } from '../server/shared/config.ts';
import { createLogger } from '../server/shared/logger.ts';
import { median } from './bench-stats.ts';

const { values: args } = parseArgs({
  options: { orders: { type: 'string', default: '1000000' }, items: { type: 'string', default: '100000' } },
});
const ORDERS = Number(args.orders);
const ITEMS = Number(args.items);
const DATABASE_URL = process.env.DATABASE_URL;
const REPEATS = 7;
/** Orders inserted per statement, so a million rows never sit in one transaction's memory. */
const BATCH = 100_000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-bench-reports-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
  ...(DATABASE_URL && { DATABASE_URL }),
});
const runtime = await openRuntime(config, createLogger(config));
const db = runtime.database.db;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

try {
  const seedStart = performance.now();
  await seedDemoCatalogue({ ...runtime, log: () => {}, count: 6 });
  await growCatalogue(runtime.catalogue, { count: ITEMS - 6 });
  await db.execute(sql`
    insert into users (email, first_name, password_hash)
    select 'buyer' || n || '@example.com', 'Buyer', 'x' from generate_series(1, 1000) n`);
  // Each order: one buyer of the thousand, paid at a moment of the last 365 days, one or two lines.
  for (let from = 0; from < ORDERS; from += BATCH) {
    await db.execute(sql`
      with buyers as (
        select id, row_number() over (order by email) - 1 as k from users
      ), made as (
        insert into orders (user_id, status, total_cents, provider, paid_at, created_at)
        select buyers.id, 'paid', 0, 'test',
          now() - (n % 525600) * interval '1 minute', now() - (n % 525600) * interval '1 minute'
        from generate_series(${from}::int, ${Math.min(ORDERS, from + BATCH) - 1}::int) n
        join buyers on buyers.k = n % 1000
        returning id
      ), numbered as (
        select id, row_number() over () as n from made
      ), items_numbered as (
        select item_id, price_cents, row_number() over (order by item_id) as k from items
      )
      insert into order_lines (order_id, item_id, name, price_cents, refunded_at)
      select numbered.id, items_numbered.item_id, 'Line', 299,
        case when (numbered.n + line) % 50 = 0 then now() - ((numbered.n * 7) % 525600) * interval '1 minute' end
      from numbered cross join generate_series(0, 1) line
      join items_numbered on items_numbered.k = 1 + ((numbered.n * 7919 + line * 104729) % ${ITEMS})
      where line = 0 or numbered.n % 3 = 0`);
  }
  await db.execute(
    sql`update orders set total_cents = (select sum(price_cents) from order_lines where order_id = orders.id)`,
  );
  // Views and downloads of a fifth of the items on each of the last 30 days.
  await db.execute(sql`
    insert into item_views_daily (item_id, day, views)
    select item_id, (now() at time zone 'utc')::date - d, 1 + (abs(hashtext(item_id)) + d) % 40
    from items cross join generate_series(0, 29) d where abs(hashtext(item_id)) % 5 = 0`);
  await db.execute(sql`
    insert into item_downloads_daily (item_id, day, downloads, app_downloads)
    select item_id, (now() at time zone 'utc')::date - d, 1 + (abs(hashtext(item_id)) + d) % 9, (abs(hashtext(item_id)) + d) % 3
    from items cross join generate_series(0, 29) d where abs(hashtext(item_id)) % 5 = 0
    on conflict do nothing`);
  // Half a million visitors' figures over the last 30 days (about 100,000 page views).
  await db.execute(sql`
    insert into web_vitals (name, value, rating, path, navigation_type, created_at)
    select (array['LCP', 'INP', 'CLS', 'FCP', 'TTFB'])[1 + n % 5], (n % 4000)::float8, 'good',
      (array['/', '/wallpapers/a/b', '/painting', '/search'])[1 + (n / 5) % 4], 'navigate',
      now() - (n % 43200) * interval '1 minute'
    from generate_series(1, 500000) n`);
  await db.execute(sql`analyze`);
  const seedSeconds = (performance.now() - seedStart) / 1000;

  const today = new Date().toISOString().slice(0, 10);
  const reports = new ReportsRepository(db);
  const firstSum = await timed(() => runtime.reports.report({ from: addDays(today, -29), to: today, by: 'day' }));

  const rows = [];
  for (const [label, days] of [
    ['30 days, per day', 30],
    ['365 days, per month', 365],
  ] as const) {
    const query = { from: addDays(today, 1 - days), to: today, by: days > 31 ? ('month' as const) : ('day' as const) };
    // As the report reads them (closed days from the sums), and the baseline: every day from the orders.
    const summed: ReportRange = {
      all: query,
      summed: { from: query.from, to: addDays(today, -1) },
      open: { from: today, to: today },
    };
    const unsummed: ReportRange = {
      all: query,
      summed: { from: query.from, to: addDays(query.from, -1) },
      open: query,
    };
    const parts = {
      sales: (range: ReportRange) => reports.sales(range),
      'top sellers': (range: ReportRange) => reports.topSellers(range, REPORT_TOP_ITEMS),
      'views and downloads': (range: ReportRange) => reports.itemActivity(range, REPORT_TOP_ITEMS),
      'web vitals': (range: ReportRange) => reports.vitals(range),
    };
    const row = (part: string, ours: number[], baseline: number[]) => ({
      report: `${label}: ${part}`,
      'ms (median)': Number(median(ours).toFixed(1)),
      'unsummed ms': Number(median(baseline).toFixed(1)),
      ratio: `${Math.round((median(ours) / median(baseline)) * 100)} %`,
    });
    const whole: number[] = [];
    const wholeBaseline: number[] = [];
    for (let i = 0; i < REPEATS; i++) {
      whole.push(await timed(() => runtime.reports.report(query)));
      wholeBaseline.push(await timed(() => Promise.all(Object.values(parts).map((part) => part(unsummed)))));
    }
    rows.push(row('whole report (parts at once)', whole, wholeBaseline));
    for (const [part, read] of Object.entries(parts)) {
      const ours: number[] = [];
      const baseline: number[] = [];
      for (let i = 0; i < REPEATS; i++) {
        ours.push(await timed(() => read(summed)));
        baseline.push(await timed(() => read(unsummed)));
      }
      rows.push(row(part, ours, baseline));
    }
  }
  const [counted] = rowsOf<{ orders: number; items: number }>(
    await db.execute(
      sql`select (select count(*) from orders)::int as orders, (select count(*) from items)::int as items`,
    ),
  );
  console.log(
    `\n${counted!.orders} orders, ${counted!.items} items on ${DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, seeded in ${seedSeconds.toFixed(0)} s`,
  );
  console.log(`The first report summed every closed day of the year in ${(firstSum / 1000).toFixed(1)} s (once).`);
  console.table(rows);
  console.log('Budget: a report under 200 ms at 1,000,000 orders and 100,000 items.');
} finally {
  await runtime.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
