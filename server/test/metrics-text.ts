import type { TestContext } from './test-app.ts';

/** The store's metrics in Prometheus' text format, as a scraper holding the token reads them. */
export const scrapeMetrics = async (ctx: TestContext, token: string) =>
  (await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } })).body;

/** One series' value in that text; NaN when the series is not there. */
export const seriesValue = (text: string, series: string) =>
  Number(
    text
      .split('\n')
      .find((line) => line.startsWith(`${series} `))
      ?.split(' ')[1] ?? Number.NaN,
  );
