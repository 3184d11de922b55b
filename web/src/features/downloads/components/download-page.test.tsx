import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildItem } from '#contract/testing/build-item.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { DownloadPage } from './download-page.tsx';

const item = buildItem({
  itemId: '20261101_0800_aaaaaaaa',
  name: 'Sunset Ridge',
  freeDownload: true,
  downloadList: [
    {
      name: 'sunset-ridge.jpg',
      dimensions: '1440x2560',
      size: '',
      ext: 'jpg',
      link: '/api/downloads/free/20261101_0800_aaaaaaaa',
    },
  ],
});
const ROUTE = '/download/:id';
const itemApi = { [`GET /api/items/${item.itemId}`]: item };

describe('the download page', () => {
  it('opened directly, offers the free file and names the wallpaper, without thanking for a download not made', async () => {
    renderPage(<DownloadPage />, { path: `/download/${item.itemId}`, route: ROUTE, api: itemApi });
    expect(await screen.findByRole('link', { name: 'Sunset Ridge' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Your download' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Download' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("opened from a desktop's code, offers the file cut for the screen chosen there", async () => {
    renderPage(<DownloadPage />, {
      path: `/download/${item.itemId}?phone=Ab12Cd34`,
      route: ROUTE,
      api: {
        ...itemApi,
        'GET /api/phone-links/Ab12Cd34': {
          itemId: item.itemId,
          downloadLink: item.downloadList[0]!.link,
          downloadName: 'sunset-ridge.jpg',
          screen: '1179x2556',
        },
      },
    });
    expect(await screen.findByRole('button', { name: 'For my phone (1179×2556)' })).toBeTruthy();
  });

  it('says when a code no longer works, and sends a visitor with no file to download home', async () => {
    renderPage(<DownloadPage />, {
      path: `/download/${item.itemId}?phone=Expired1`,
      route: ROUTE,
      api: { 'GET /api/phone-links/Expired1': { status: 410, body: { message: 'This link has expired.' } } },
    });
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('This link has expired.');

    renderPage(<DownloadPage />, { path: '/download/20261101_0000_ffffffff', route: ROUTE });
    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toBe('/'));
  });
});
