import { useSearchParams } from 'react-router';
import { formatUsd } from '#contract/money.ts';
import {
  addDays,
  GOOD_VITALS,
  percentOf,
  type ItemActivity,
  type PageVitals,
  type Report,
  type ReportBucket,
  type SalesPeriod,
  type TopSeller,
} from '#contract/reports.ts';
import { AdminOnly } from '../../../components/admin-only.tsx';
import type { Column } from '../../../lib/csv.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useReport } from '../api/get-report.ts';
import { AdminNav } from './admin-nav.tsx';
import { ReportChart } from './report-chart.tsx';
import { ReportTable } from './report-table.tsx';

const RANGES = [
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
  { value: '365', label: 'Last 12 months' },
] as const;

const BUCKETS: { value: ReportBucket; label: string }[] = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
];

const COLOURS = {
  revenue: '#c8459b',
  orders: '#4b3bd6',
  refunded: '#ff7a59',
  views: '#b9b2c8',
  web: '#1f7a4d',
  app: '#524c63',
};

const money = (value: number) => formatUsd(value);
const percent = (value: number) => `${value}%`;

const salesColumns: Column<SalesPeriod>[] = [
  { header: 'Period', value: (row) => row.period },
  { header: 'Orders', value: (row) => row.orders },
  { header: 'Wallpapers sold', value: (row) => row.itemsSold },
  { header: 'Revenue (USD)', value: (row) => row.revenue, format: money },
  { header: 'Refunded (USD)', value: (row) => row.refunded, format: money },
  { header: 'Net (USD)', value: (row) => row.net, format: money },
];

// The item id last: on a phone the figures come before the sideways scroll.
const sellerColumns: Column<TopSeller>[] = [
  { header: 'Wallpaper', value: (row) => row.name },
  { header: 'Sold', value: (row) => row.sold },
  { header: 'Revenue (USD)', value: (row) => row.revenue, format: money },
  { header: 'Item id', value: (row) => row.itemId },
];

const activityColumns: Column<ItemActivity>[] = [
  { header: 'Wallpaper', value: (row) => row.name },
  { header: 'Views', value: (row) => row.views },
  { header: 'Web downloads', value: (row) => row.webDownloads },
  { header: 'App downloads', value: (row) => row.appDownloads },
  { header: 'Purchases', value: (row) => row.purchases },
  {
    header: 'Views to downloads (%)',
    value: (row) => percentOf(row.webDownloads, row.views),
    format: percent,
  },
  { header: 'Views to purchases (%)', value: (row) => percentOf(row.purchases, row.views), format: percent },
  { header: 'Item id', value: (row) => row.itemId },
];

const rated =
  (good: number, unit: string, digits = 0) =>
  (value: number) =>
    `${value.toFixed(digits)}${unit} ${value <= good ? '✓ good' : '✗ over'}`;

const vitalsColumns: Column<PageVitals>[] = [
  { header: 'Page', value: (row) => (row.page === '/' ? 'Home (/)' : `${row.page}/…`) },
  { header: 'Views measured', value: (row) => row.views },
  { header: 'LCP p75 (ms)', value: (row) => row.lcp && Math.round(row.lcp), format: rated(GOOD_VITALS.lcp, ' ms') },
  { header: 'INP p75 (ms)', value: (row) => row.inp && Math.round(row.inp), format: rated(GOOD_VITALS.inp, ' ms') },
  {
    header: 'CLS p75',
    value: (row) => row.cls && Math.round(row.cls * 1000) / 1000,
    format: rated(GOOD_VITALS.cls, '', 3),
  },
];

/** Today in UTC, the days the report counts in. */
const today = () => new Date().toISOString().slice(0, 10);

function Totals({ report }: { report: Report }) {
  const { totals } = report;
  const figures = [
    ['Revenue', money(totals.revenue)],
    ['Refunded', money(totals.refunded)],
    ['Net', money(totals.net)],
    ['Orders', String(totals.orders)],
    ['Wallpapers sold', String(totals.purchases)],
    ['Wallpaper page views', String(totals.views)],
    ['Downloads on the web', String(totals.downloads - totals.appDownloads)],
    ['Downloads in the apps', String(totals.appDownloads)],
    [
      'Views to web downloads',
      totals.views ? `${percentOf(totals.downloads - totals.appDownloads, totals.views)}%` : '–',
    ],
  ];
  return (
    <dl className="report-totals">
      {figures.map(([label, value]) => (
        <div key={label} className="report-totals__figure">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Figures({ report }: { report: Report }) {
  const span = `${report.from} to ${report.to}`;
  return (
    <>
      <Totals report={report} />

      <h2 className="report__heading">Revenue and orders per {report.by}</h2>
      <ReportChart
        title={`Revenue and orders per ${report.by}, ${span}`}
        labels={report.sales.map((row) => row.period)}
        series={[
          { label: 'Net revenue (USD)', data: report.sales.map((row) => row.net), colour: COLOURS.revenue },
          { label: 'Refunded (USD)', data: report.sales.map((row) => row.refunded), colour: COLOURS.refunded },
          {
            label: 'Orders',
            data: report.sales.map((row) => row.orders),
            colour: COLOURS.orders,
            kind: 'line',
            ownScale: true,
          },
        ]}
      />
      <ReportTable
        caption={`Sales per ${report.by}`}
        fileName={`sales-${report.from}-${report.to}-by-${report.by}.csv`}
        columns={salesColumns}
        rows={report.sales}
        empty="Nothing was sold in these days."
      />

      <h2 className="report__heading">Top sellers</h2>
      {report.topSellers.length > 0 && (
        <ReportChart
          title={`Revenue of the top sellers, ${span}`}
          labels={report.topSellers.map((row) => row.name)}
          series={[
            { label: 'Revenue (USD)', data: report.topSellers.map((row) => row.revenue), colour: COLOURS.revenue },
          ]}
          across
        />
      )}
      <ReportTable
        caption="Top sellers"
        fileName={`top-sellers-${report.from}-${report.to}.csv`}
        columns={sellerColumns}
        rows={report.topSellers}
        empty="No wallpaper was sold in these days."
      />

      <h2 className="report__heading">Views, downloads and purchases</h2>
      {report.items.length > 0 && (
        <ReportChart
          title={`Views, downloads and purchases of the most viewed wallpapers, ${span}`}
          labels={report.items.map((row) => row.name)}
          series={[
            { label: 'Views', data: report.items.map((row) => row.views), colour: COLOURS.views },
            { label: 'Web downloads', data: report.items.map((row) => row.webDownloads), colour: COLOURS.web },
            { label: 'App downloads', data: report.items.map((row) => row.appDownloads), colour: COLOURS.app },
            { label: 'Purchases', data: report.items.map((row) => row.purchases), colour: COLOURS.revenue },
          ]}
          across
        />
      )}
      <ReportTable
        caption="Views, downloads and purchases per wallpaper"
        fileName={`downloads-${report.from}-${report.to}.csv`}
        columns={activityColumns}
        rows={report.items}
        empty="No wallpaper was viewed or downloaded in these days."
      />

      <h2 className="report__heading">Visitors’ page speed (75th percentile)</h2>
      <p className="report__help">
        What real visitors’ browsers measured: a page is good when its LCP is at most {GOOD_VITALS.lcp} ms, its INP at
        most {GOOD_VITALS.inp} ms and its CLS at most {GOOD_VITALS.cls}.
      </p>
      {report.vitals.some((row) => row.lcp !== null) && (
        <ReportChart
          title={`Largest contentful paint at the 75th percentile per page, ${span}`}
          labels={report.vitals.map((row) => row.page)}
          series={[{ label: 'LCP p75 (ms)', data: report.vitals.map((row) => row.lcp ?? 0), colour: COLOURS.orders }]}
          across
        />
      )}
      <ReportTable
        caption="Web vitals per page"
        fileName={`web-vitals-${report.from}-${report.to}.csv`}
        columns={vitalsColumns}
        rows={report.vitals}
        empty="No visitor’s browser reported its figures in these days."
      />
    </>
  );
}

function Sales() {
  usePageMeta('Sales');
  const [params, setParams] = useSearchParams();
  const days = RANGES.find((range) => range.value === params.get('days'))?.value ?? '30';
  const by = BUCKETS.find((bucket) => bucket.value === params.get('by'))?.value ?? 'day';
  const to = today();
  const { data, isPending, isError, isPlaceholderData } = useReport(addDays(to, 1 - Number(days)), to, by);

  return (
    <section className="section report">
      <AdminNav />
      <h1 className="page-title">Sales</h1>
      <form className="admin-filters" aria-label="Report" onSubmit={(event) => event.preventDefault()}>
        <div className="admin-filters__field">
          <label htmlFor="report-days">Days</label>
          <select id="report-days" value={days} onChange={(event) => setParams({ days: event.target.value, by })}>
            {RANGES.map((range) => (
              <option key={range.value} value={range.value}>
                {range.label}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-filters__field">
          <label htmlFor="report-by">Per</label>
          <select id="report-by" value={by} onChange={(event) => setParams({ days, by: event.target.value })}>
            {BUCKETS.map((bucket) => (
              <option key={bucket.value} value={bucket.value}>
                {bucket.label}
              </option>
            ))}
          </select>
        </div>
      </form>
      <p className="report__help">Days run from midnight to midnight UTC; today counts so far.</p>
      {isPending ? (
        <p className="page-loading">Loading the report…</p>
      ) : isError ? (
        <p role="alert">The report could not be loaded. Please reload the page.</p>
      ) : (
        <div aria-busy={isPlaceholderData} className="report__figures">
          <Figures report={data} />
        </div>
      )}
    </section>
  );
}

export const SalesPage = () => (
  <AdminOnly>
    <Sales />
  </AdminOnly>
);
