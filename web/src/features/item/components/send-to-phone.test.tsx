import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildItem } from '#contract/testing/build-item.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { SendToPhone } from './send-to-phone.tsx';

const item = buildItem({ itemId: '20261101_0800_aaaaaaaa', name: 'Sunset Ridge' });
const link = (url: string) => ({
  url,
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
  expiresAt: new Date().toISOString(),
});

describe('send to phone', () => {
  it('asks for a link for the item cut for the chosen screen, and shows its QR code and how long it works', async () => {
    const { calls } = renderPage(<SendToPhone item={item} screen={{ width: 1179, height: 2556 }} />, {
      api: { 'POST /api/phone-links': link('https://palettewall.app/p/Ab12Cd34') },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send to phone' }));

    const dialog = await screen.findByRole('dialog', { name: 'Send to phone' });
    expect(calls[0]!.body).toEqual({ itemId: item.itemId, screen: '1179x2556' });
    expect(screen.getByRole('img', { name: 'QR code of https://palettewall.app/p/Ab12Cd34' })).toBeTruthy();
    expect(dialog.textContent).toContain('download Sunset Ridge for your 1179×2556 screen. It works for 15 minutes.');
    expect(screen.queryByText(/opens on this computer only/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('warns that a local address cannot be scanned, and shows a refusal', async () => {
    renderPage(<SendToPhone item={item} screen={undefined} />, {
      api: { 'POST /api/phone-links': link('http://localhost:3000/p/Ab12Cd34') },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send to phone' }));
    expect(await screen.findByText(/opens on this computer only/)).toBeTruthy();

    renderPage(<SendToPhone item={item} screen={undefined} />, {
      api: { 'POST /api/phone-links': { status: 429, body: { message: 'Too many links; try again in a minute.' } } },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send to phone' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many links; try again in a minute.');
  });
});
