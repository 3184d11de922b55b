import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addDays, type Report } from '#contract/reports.ts';
import { renderPage, SHOPPER } from '../../../test/render-page.tsx';
import { SalesPage } from './sales-page.tsx';

const OWNER = { ...SHOPPER, isAdmin: true };
const today = new Date().toISOString().slice(0, 10);
const reportPath = (days: number, by: string) =>
  `GET /api/admin/reports?from=${addDays(today, 1 - days)}&to=${today}&by=${by}`;

const report: Report = {
  from: addDays(today, -29),
  to: today,
  by: 'day',
  sales: [
    { period: addDays(today, -1), orders: 2, itemsSold: 3, revenue: 9.47, refunded: 0, net: 9.47 },
    { period: today, orders: 1, itemsSold: 1, revenue: 2.99, refunded: 2.99, net: 0 },
  ],
  totals: {
    orders: 3,
    revenue: 12.46,
    refunded: 2.99,
    net: 9.47,
    views: 40,
    downloads: 12,
    appDownloads: 2,
    purchases: 4,
  },
  topSellers: [{ itemId: '20261125_2016_adb225ec', name: 'Sunset Ridge', sold: 3, revenue: 8.97 }],
  items: [
    {
      itemId: '20261125_2016_adb225ec',
      name: 'Sunset Ridge',
      views: 40,
      webDownloads: 10,
      appDownloads: 2,
      purchases: 3,
    },
  ],
  vitals: [],
};

describe("the owner's sales page", () => {
  it('shows the totals, and each figure as a table the owner can take away', async () => {
    renderPage(<SalesPage />, { path: '/admin/sales', user: OWNER, api: { [reportPath(30, 'day')]: report } });
    const revenue = await screen.findByText('Revenue');
    expect(revenue.nextElementSibling?.textContent).toBe('$12.46');
    expect(screen.getByText('Views to web downloads').nextElementSibling?.textContent).toBe('25%');
    const sales = screen.getByRole('region', { name: 'Sales per day' });
    expect(
      within(sales)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'PeriodOrdersWallpapers soldRevenue (USD)Refunded (USD)Net (USD)',
      `${addDays(today, -1)}23$9.47$0.00$9.47`,
      `${today}11$2.99$2.99$0.00`,
    ]);
    const activity = screen.getByRole('region', { name: 'Views, downloads and purchases per wallpaper' });
    expect(within(activity).getAllByRole('row')[1]!.textContent).toBe(
      'Sunset Ridge40102325%7.5%20261125_2016_adb225ec',
    );
    expect(screen.getAllByRole('button', { name: 'Download CSV' })).toHaveLength(3);
    expect(screen.getByText('No visitor’s browser reported its figures in these days.')).toBeTruthy();
  });

  it('asks again for the days and the periods the owner picks', async () => {
    const { calls } = renderPage(<SalesPage />, {
      path: '/admin/sales',
      user: OWNER,
      api: { [reportPath(30, 'day')]: report, [reportPath(90, 'week')]: { ...report, by: 'week' } },
    });
    await screen.findByRole('region', { name: 'Sales per day' });
    fireEvent.change(screen.getByLabelText('Per'), { target: { value: 'week' } });
    fireEvent.change(screen.getByLabelText('Days'), { target: { value: '90' } });
    await screen.findByRole('region', { name: 'Sales per week' });
    expect(calls.map((call) => call.path)).toContain(reportPath(90, 'week').slice(4));
  });

  it('says so when the report cannot be loaded', async () => {
    renderPage(<SalesPage />, { path: '/admin/sales', user: OWNER, api: {} });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('The report could not be loaded'));
  });
});
