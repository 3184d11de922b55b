import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_ITEMS_COUNTED, type AdminItemsPage } from '#contract/admin.ts';
import { buildItem } from '#contract/testing/build-item.ts';
import { renderPage, SHOPPER } from '../../../test/render-page.tsx';
import { CataloguePage } from './catalogue-page.tsx';

const OWNER = { ...SHOPPER, isAdmin: true };
const page = (total: number, more: boolean): AdminItemsPage => ({
  items: [{ ...buildItem({ itemId: '20261120_0900_00000001', name: 'Quiet Draft' }), published: false, sold: false }],
  total,
  more,
});

describe("the owner's catalogue", () => {
  it('says how many items the filters find, and when they find more than it counts', async () => {
    renderPage(<CataloguePage />, {
      path: '/admin/items',
      user: OWNER,
      api: { 'GET /api/admin/items': page(ADMIN_ITEMS_COUNTED, true) },
    });
    expect(await screen.findByText('10,000+ items')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Pages' }).textContent).toContain('Page 1 of 417+');
  });

  it('asks for no page past the last it counts, whatever the address says', async () => {
    renderPage(<CataloguePage />, {
      path: '/admin/items?page=900',
      user: OWNER,
      api: { 'GET /api/admin/items?offset=9984': page(ADMIN_ITEMS_COUNTED, true) },
    });
    expect(await screen.findByText('10,000+ items')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Pages' }).textContent).toContain('Page 417 of 417+');
  });

  it('says one item in the singular', async () => {
    renderPage(<CataloguePage />, {
      path: '/admin/items',
      user: OWNER,
      api: { 'GET /api/admin/items': page(1, false) },
    });
    expect(await screen.findByText('1 item')).toBeTruthy();
  });
});
