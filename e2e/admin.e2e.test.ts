import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminActionsPage } from '#contract/admin.ts';
import type { Item } from '#contract/item.ts';
import { itemPagePath } from '#contract/item-url.ts';
import { bundleShares } from '#contract/bundles.ts';
import type { OrderResult } from '#contract/orders.ts';
import { ADMIN, chromiumPath, useStoreSession } from './fixtures.ts';
import { visit } from './browser.ts';
import { linksInOutbox } from './outbox.ts';

const ingestFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-ingest-'));
const SHOPPER_PASSWORD = 'violet-harbor-42';

describe.skipIf(!chromiumPath)('admin upload in Chromium', () => {
  // Runs before the store starts: the ingest command queues these at start-up.
  beforeAll(async () => {
    for (const [name, colour] of [
      ['ocean-calm.jpg', '#1d4e89'],
      ['ember-glow.png', '#b5431f'],
    ] as const) {
      const picture = sharp({ create: { width: 900, height: 1600, channels: 3, background: colour } }).composite([
        {
          input: Buffer.from(
            `<svg width="900" height="1600"><circle cx="${name.startsWith('o') ? 250 : 650}" cy="${name.startsWith('o') ? 400 : 1200}" r="200" fill="#fff"/></svg>`,
          ),
        },
      ]);
      await (name.endsWith('.png') ? picture.png() : picture.jpeg()).toFile(path.join(ingestFolder, name));
    }
  });
  afterAll(() => fs.rmSync(ingestFolder, { recursive: true, force: true }));
  const s = useStoreSession({ withAdmin: true, ingest: ingestFolder });

  async function adminPage(returnTo = '/upload'): Promise<Page> {
    const page = await (await s.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await visit(page, `${s.store.baseUrl}/login?returnUrl=${encodeURIComponent(returnTo)}`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await page.waitForURL((url) => url.pathname === returnTo);
    return page;
  }

  /** A shopper registered and verified through the API; the headers call the API as them. */
  async function verifiedShopper(email: string) {
    const json = { 'content-type': 'application/json', origin: s.store.baseUrl };
    const account = { email, password: SHOPPER_PASSWORD };
    await fetch(`${s.store.baseUrl}/api/users/register`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ firstName: 'Rae', lastName: '', ...account }),
    });
    const [verifyLink] = await linksInOutbox(s.store.dataDir, email);
    expect((await fetch(`${s.store.baseUrl}/api${new URL(verifyLink!).pathname}`)).status).toBe(200);
    const login = await fetch(`${s.store.baseUrl}/api/users/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify(account),
    });
    return { ...json, authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  }

  const status = async (page: Page) => (await page.getByTestId('upload-status').textContent())!.split('\n');

  /** A flat-coloured JPEG of the given size. */
  const art = (colour: string, width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: colour } })
      .jpeg()
      .toBuffer();

  /** Picks a thumbnail and a download image on /upload, each of one colour. */
  async function chooseImages(page: Page, thumbnail: string, image: string) {
    await page
      .getByLabel('Thumbnail')
      .setInputFiles({ name: 'thumb.jpg', mimeType: 'image/jpeg', buffer: await art(thumbnail, 360, 640) });
    await page
      .getByLabel('Download Image')
      .setInputFiles({ name: 'master.jpg', mimeType: 'image/jpeg', buffer: await art(image, 1440, 2560) });
  }

  it('lists every failed check of an empty form, and starts nothing', async () => {
    const page = await adminPage();
    await page.getByLabel('Type').selectOption('live');
    await page.getByRole('button', { name: 'Upload' }).click();
    expect(await status(page)).toEqual([
      'thumbnailImage is invalid!',
      'downloadImage is invalid!',
      'downloadVideo is invalid!',
      'name is invalid!',
      'tags is invalid!',
    ]);
    await page.getByLabel('itemId').fill('');
    await page.getByLabel('price').fill('');
    await page.getByLabel('Dimensions').fill('');
    await page.getByRole('button', { name: 'Upload' }).click();
    expect(await status(page)).toEqual([
      'thumbnailImage is invalid!',
      'downloadImage is invalid!',
      'downloadVideo is invalid!',
      'itemId is invalid!',
      'name is invalid!',
      'price is invalid!',
      'tags is invalid!',
      'dimensions is invalid!',
    ]);
    await page.context().close();
  });

  it('uploads a static item with the status lines in order, and it appears among the newest on the home page', async () => {
    const page = await adminPage();
    const itemId = await page.getByLabel('itemId').inputValue();
    expect(itemId).toMatch(/^\d{8}_\d{4}_[0-9a-f]{8}$/);
    await chooseImages(page, '#c8459b', '#4b3bd6');
    await page.getByLabel('name').fill('Magenta Test');
    await page.getByLabel('tags').fill('Minimalistic, Abstract');
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByRole('button', { name: 'Add Another Item' }).waitFor();
    expect(await status(page)).toEqual([
      'upload Download image...',
      'upload thumbnail...',
      'saveToDb...',
      `Done {"itemId":"${itemId}"}`,
    ]);
    expect(await page.getByRole('button', { name: 'Upload' }).isDisabled()).toBe(true);
    expect(
      await page.locator('progress').evaluateAll((bars) => bars.map((bar) => (bar as HTMLProgressElement).value)),
    ).toEqual([1, 1]);

    // The new item's focal point, found on its thumbnail, can be moved and saved there and then.
    const found = (await s.api<Item>(`/api/items/${itemId}`)).focalPoint;
    const focal = page.getByRole('slider', { name: 'Focal point' });
    await focal.press('ArrowDown');
    await focal.press('ArrowDown');
    await page.getByRole('button', { name: 'Save focal point' }).click();
    await page.getByText('Focal point saved').waitFor();
    expect((await s.api<Item>(`/api/items/${itemId}`)).focalPoint).toEqual({
      x: found.x,
      y: Math.round(Math.min(1, found.y + 0.02) * 1000) / 1000,
    });

    // Among the newest (ids of one minute order by their random part, so not always first).
    await visit(page, s.store.baseUrl);
    const card = page.locator(`[aria-label="Newest wallpapers"] article[data-item-id="${itemId}"]`);
    await card.waitFor();
    expect(await card.locator('h3').textContent()).toBe('Magenta Test');
    await page.context().close();
  });

  it('adds sources on /review, shows them processed, publishes, resets and deletes with confirmations', async () => {
    const page = await adminPage('/review');
    page.on('dialog', (dialog) => void dialog.accept());
    await page.getByRole('heading', { name: 'Review System' }).waitFor();
    expect(await page.getByLabel('Show').inputValue()).toBe('not-reviewed');
    const picture = (colour: string, low: boolean) =>
      sharp({ create: { width: 900, height: 1600, channels: 3, background: colour } })
        .composite([
          {
            input: Buffer.from(
              `<svg width="900" height="1600"><rect x="${low ? 100 : 500}" y="${low ? 1000 : 200}" width="300" height="300" fill="#fff"/></svg>`,
            ),
          },
        ])
        .jpeg()
        .toBuffer();
    await page.locator('#review-sources').setInputFiles([
      { name: 'sunset-harbor.jpg', mimeType: 'image/jpeg', buffer: await picture('#ff7a59', false) },
      { name: 'deep-forest.jpg', mimeType: 'image/jpeg', buffer: await picture('#1f7a4d', true) },
    ]);
    // Other entries may be queued too (the ingested folder): this test follows its own two.
    const card = (name: string) => page.locator('ul[aria-label="Waiting items"] li').filter({ hasText: name });
    const harbor = card('sunset-harbor.jpg');
    const forest = card('deep-forest.jpg');
    // The server's own worker processes them; the page refreshes until both have previews.
    // Generous: under a loaded CI machine the worker also has the ingested folder to get through first.
    await expect
      .poll(
        async () =>
          (await harbor.locator('img[alt^="Preview"]').count()) + (await forest.locator('img[alt^="Preview"]').count()),
        { timeout: 60_000 },
      )
      .toBe(2);

    await harbor.getByRole('button', { name: 'Mark reviewed' }).click();
    await page.getByText('Item marked as reviewed').waitFor();
    await expect.poll(() => harbor.count()).toBe(0);
    await visit(page, s.store.baseUrl);
    await page.locator('article', { hasText: 'Sunset Harbor' }).first().waitFor();

    await visit(page, `${s.store.baseUrl}/review`);
    await forest.getByRole('button', { name: 'Reset' }).click();
    await page.getByText('Item has been reset for processing').waitFor();
    await expect.poll(() => forest.locator('img[alt^="Preview"]').count(), { timeout: 60_000 }).toBe(1);
    // The detail view edits the draft before publishing.
    await forest.getByRole('link', { name: /^#\d+$/ }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/review/'));
    await page.getByLabel('name').fill('Deep Forest Mist');
    // The focal point moves where the picture is clicked, and by 1 % with an arrow key.
    const draft = (await page.locator('.focal-picker img').boundingBox())!;
    await page.mouse.click(draft.x + draft.width * 0.2, draft.y + draft.height * 0.8);
    const focal = page.getByRole('slider', { name: 'Focal point' });
    await focal.press('ArrowRight');
    expect(await focal.getAttribute('aria-valuetext')).toBe('21 % across, 80 % down');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Draft saved').waitFor();
    await page.reload();
    expect(await page.getByLabel('name').inputValue()).toBe('Deep Forest Mist');
    expect(await page.getByRole('slider', { name: 'Focal point' }).getAttribute('aria-valuetext')).toBe(
      '21 % across, 80 % down',
    );
    await page.getByRole('link', { name: '← Review System' }).click();
    await forest.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Item deleted successfully').waitFor();
    await expect.poll(() => forest.count()).toBe(0);
    await page.getByLabel('Show').selectOption('all');
    const reviewed = card('sunset-harbor.jpg');
    await reviewed.getByRole('button', { name: 'Reviewed' }).waitFor();
    // A reviewed entry is in the store: it is not sent back to processing, and deleting it says it leaves the store.
    expect(await reviewed.getByRole('button', { name: 'Reset' }).isDisabled()).toBe(true);
    page.removeAllListeners('dialog');
    let question = '';
    page.once('dialog', (dialog) => {
      question = dialog.message();
      void dialog.dismiss();
    });
    await reviewed.getByRole('button', { name: 'Delete' }).click();
    expect(question).toMatch(
      /^This wallpaper is on sale in the store: deleting it takes it out of the store\.\n\nDelete this item\?/,
    );
    expect((await s.api<Item[]>('/api/items/search?q=sunset')).map((item) => item.name)).toContain('Sunset Harbor');
    await page.context().close();
  }, 150_000);

  it('shows the ingested folder processed on /review, and publishing one puts it on sale', async () => {
    const page = await adminPage('/review');
    const cards = page.locator('ul[aria-label="Waiting items"] li');
    for (const name of ['ocean-calm.jpg', 'ember-glow.png']) await cards.filter({ hasText: name }).waitFor();
    await expect.poll(() => page.locator('img[alt^="Preview"]').count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    await cards.filter({ hasText: 'ocean-calm.jpg' }).getByRole('button', { name: 'Mark reviewed' }).click();
    await page.getByText('Item marked as reviewed').waitFor();
    await expect
      .poll(async () => (await s.api<Item[]>('/api/items/search?q=ocean')).map((i) => i.name))
      .toContain('Ocean Calm');
    await page.context().close();
  });

  it('uploads a live item: image, video and thumbnail in order; its card gets a clip', async () => {
    const page = await adminPage();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-live-e2e-'));
    const video = path.join(dir, 'live.mp4');
    execFileSync(ffmpeg.path, [
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=720x1280:rate=24',
      '-t',
      '4',
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      video,
    ]);
    const itemId = await page.getByLabel('itemId').inputValue();
    await page.getByLabel('Type').selectOption('live');
    await chooseImages(page, '#ffc439', '#14121f');
    await page.getByLabel('Download Video').setInputFiles(video);
    await page.getByLabel('name').fill('Pattern Live');
    await page.getByLabel('tags').fill('minimalistic');
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByRole('button', { name: 'Add Another Item' }).waitFor();
    expect(await status(page)).toEqual([
      'upload Download image...',
      'upload Download video...',
      'upload thumbnail...',
      'saveToDb...',
      `Done {"itemId":"${itemId}"}`,
    ]);
    expect(await page.locator('progress').count()).toBe(3);
    await expect
      .poll(async () => (await s.api<Item>(`/api/items/${itemId}`)).preview, { timeout: 20_000 })
      .toMatch(/\.mp4$/);

    await visit(page, s.store.baseUrl);
    const card = page.locator(`article[data-item-id="${itemId}"]`);
    await card.getByText('Live', { exact: true }).waitFor();
    await card.getByRole('button', { name: /^Preview / }).click();
    await page.waitForFunction(
      (el) => el instanceof HTMLVideoElement && el.currentTime > 0 && el.muted,
      await card.locator('video').elementHandle(),
    );
    fs.rmSync(dir, { recursive: true, force: true });
    await page.context().close();
  });
  it("sets the Android app's ads level from /review, and the app reads it at its next start", async () => {
    const page = await adminPage('/review');
    const section = page.getByRole('region', { name: 'Android app' });
    const level = section.getByLabel('Ads level');
    await expect.poll(() => level.inputValue()).toBe('3');
    await level.selectOption('0');
    await section.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The app shows ads at level 0 from its next start').waitFor();
    expect(await (await fetch(`${s.store.baseUrl}/api/items/settings/init`)).json()).toEqual({
      version: 1,
      adsLevel: 0,
    });
    await page.reload();
    await expect.poll(() => level.inputValue()).toBe('0');
    await page.context().close();
  });
  it('edits a price and unpublishes from the catalogue, reached from the navbar; the store follows at once', async () => {
    const [item] = (await (await fetch(`${s.store.baseUrl}/api/items?limit=20`)).json()) as Item[];
    const page = await adminPage('/account');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'ADMIN' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/items');
    await page
      .getByRole('status')
      .filter({ hasText: /items$/ })
      .waitFor();

    // The newest item may have been edited already, on its way through review.
    const actions = await page.request.get(`${s.store.baseUrl}/api/admin/actions?limit=100`);
    const changedBefore = ((await actions.json()) as AdminActionsPage).actions.filter(
      (action) => action.target === item!.itemId && action.action === 'item.update',
    ).length;
    await page.getByLabel('Name or item id').fill(item!.itemId);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.locator('.admin-item', { hasText: item!.itemId });
    await expect.poll(() => page.locator('.admin-item').count()).toBe(1);
    await row.getByRole('button', { name: 'Edit' }).click();
    await row.getByLabel('Price (USD)').fill('4.5');
    await row.getByLabel('Free download').selectOption('false');
    await row.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(`${item!.name} saved`).waitFor();
    await row.getByText('$4.50').waitFor();
    const stored = (await (await fetch(`${s.store.baseUrl}/api/items/${item!.itemId}`)).json()) as Item;
    expect(stored).toMatchObject({ price: 4.5, freeDownload: false });

    await row.getByRole('button', { name: 'Unpublish' }).click();
    await row.getByText('Unpublished').waitFor();
    expect((await fetch(`${s.store.baseUrl}/api/items/${item!.itemId}`)).status).toBe(404);
    await page.getByLabel('State').selectOption('unpublished');
    await expect.poll(() => page.locator('.admin-item').count()).toBe(1);

    await row.getByRole('button', { name: 'Publish' }).click();
    await page.getByText(`${item!.name} is in the store`).waitFor();
    // Published again, it leaves the list of unpublished items.
    await expect.poll(() => page.locator('.admin-item').count()).toBe(0);
    expect((await fetch(`${s.store.baseUrl}/api/items/${item!.itemId}`)).status).toBe(200);

    // Each change is in the activity log, newest first, with who made it and the fields before and after.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Activity' }).click();
    const rows = page.locator('.admin-log tbody tr', { hasText: item!.itemId }).filter({ hasText: 'Changed an item' });
    await expect.poll(() => rows.count()).toBe(changedBefore + 3);
    const edit = (await rows.nth(2).textContent())!;
    expect(edit).toContain('Changed an item');
    expect(edit).toContain(ADMIN.email);
    expect(edit).toContain('price 4.5');
    expect(await rows.nth(0).textContent()).toContain('published yes');
    await page.context().close();
  });

  it("finds a shopper's order by email and refunds one wallpaper: its downloads stop, the buyer is emailed, the email can be sent again", async () => {
    const email = 'refunded-buyer@example.com';
    const buyer = await verifiedShopper(email);
    const [refunded, kept] = (await s.api<Item[]>('/api/items?limit=40')).filter((item) => !item.freeDownload);
    const order = (await (
      await fetch(`${s.store.baseUrl}/api/orders`, {
        method: 'POST',
        headers: buyer,
        body: JSON.stringify({ itemIds: [refunded!.itemId, kept!.itemId] }),
      })
    ).json()) as { orderId: string };
    const paid = (await (
      await fetch(`${s.store.baseUrl}/api/orders/${order.orderId}/capture`, {
        method: 'POST',
        headers: buyer,
        body: '{}',
      })
    ).json()) as OrderResult;
    expect(paid.status).toBe('paid');
    const link = (itemId: string) => paid.items.find((item) => item.itemId === itemId)!.downloads[0]!.link;
    const outbox = () => fs.readdirSync(path.join(s.store.dataDir, 'outbox'));

    const page = await adminPage('/account');
    page.on('dialog', (dialog) => void dialog.accept());
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'ADMIN' }).click();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Orders' }).click();
    await page.getByLabel(/buyer’s email/).fill(email);
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('link', { name: new RegExp(email) }).click();
    await page.getByRole('heading', { name: 'Wallpapers' }).waitFor();
    await page.getByText(paid.transactionId!).first().waitFor();

    await page.getByRole('button', { name: `Refund ${refunded!.name}` }).click();
    const line = (name: string) => page.locator('.admin-order__line', { hasText: name });
    await line(refunded!.name).getByText('Refunded').waitFor({ timeout: 20_000 });
    await expect.poll(() => line(kept!.name).textContent()).toContain('Downloads open');
    expect((await fetch(`${s.store.baseUrl}${link(refunded!.itemId)}`)).status).toBe(410);
    expect((await fetch(`${s.store.baseUrl}${link(kept!.itemId)}`)).status).toBe(200);
    await page.getByText(/refunded by boss@example\.com/).waitFor();
    await expect.poll(() => outbox().filter((name) => name.startsWith(`refund-email-${order.orderId}`)).length).toBe(1);

    await page.getByRole('button', { name: 'Send the order email again' }).click();
    await page.getByText('The order email is on its way').waitFor();
    await expect
      .poll(() => outbox().filter((name) => name.startsWith(`order-email-${order.orderId}`)).length, {
        timeout: 15_000,
      })
      .toBe(2);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Activity' }).click();
    await page
      .locator('.admin-log tbody tr', { hasText: order.orderId })
      .filter({ hasText: 'Refunded an order' })
      .waitFor();
    await page.context().close();
  });

  it('makes a coupon on the admin pages that a shopper then uses at checkout, paying the discounted total', async () => {
    const owner = await adminPage('/admin/items');
    await owner.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Coupons' }).click();
    await owner.getByText('There is no coupon yet.').waitFor();
    await owner.getByLabel('Code (letters, digits and dashes)').fill('launch-25');
    await owner.getByLabel('Discount').selectOption('percent');
    await owner.getByLabel('Percent off').fill('25');
    await owner.getByLabel('Uses in all (optional)').fill('10');
    await owner.getByRole('button', { name: 'Make the coupon' }).click();
    await owner.getByText('LAUNCH-25 is ready: 25% off your order').waitFor();
    await owner.getByRole('list', { name: 'Coupons' }).getByText('used 0 of 10').waitFor();

    const email = 'coupon-buyer@example.com';
    await verifiedShopper(email);
    const [item] = (await s.api<Item[]>('/api/items?limit=12')).filter((entry) => !entry.freeDownload).slice(-1);
    const { page } = await s.open('/');
    await page
      .locator(`article[data-item-id="${item!.itemId}"]`)
      .getByRole('button', { name: /add .* to cart/i })
      .click();
    await page.waitForURL('**/cart/view');
    await page.getByRole('button', { name: 'CHECKOUT' }).click();
    await page.waitForURL('**/login?returnUrl=/payment');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(SHOPPER_PASSWORD);
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await page.waitForURL((url) => url.pathname === '/payment');

    await page.getByLabel('Coupon code').fill('NO-SUCH');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('This coupon code is not valid.').waitFor();
    await page.getByLabel('Coupon code').fill('launch-25');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('25% off your order').waitFor();
    const discounted = (Math.round(item!.price * 100) - Math.round(item!.price * 25)) / 100;
    expect(await page.getByTestId('payment-total').textContent()).toBe(`$${discounted.toFixed(2)}`);
    await page.getByRole('button', { name: 'Pay with the test wallet' }).click();
    await page.waitForURL('**/success**');

    // The order was charged the server's discounted total, and the coupon counts one use.
    await owner.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Orders' }).click();
    await owner.getByRole('link', { name: new RegExp(email) }).click();
    await owner.getByText(`$${discounted.toFixed(2)} USD`).waitFor();
    await owner.getByText(/^LAUNCH-25 \(\$[\d.]+ off\)$/).waitFor();
    await owner.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Coupons' }).click();
    await owner
      .getByRole('list', { name: 'Coupons' })
      .getByText(/used 1 of 10/)
      .waitFor();
    await owner.context().close();
  });

  it('shows the owner what sold and what was viewed, as charts, tables and CSV files', async () => {
    const buyer = await verifiedShopper('report-buyer@example.com');
    const items = await s.api<Item[]>('/api/items?limit=40');
    const sold = items.filter((item) => !item.freeDownload).at(-2)!;
    const viewed = items.find((item) => item.freeDownload)!;
    const order = (await (
      await fetch(`${s.store.baseUrl}/api/orders`, {
        method: 'POST',
        headers: buyer,
        body: JSON.stringify({ itemIds: [sold.itemId] }),
      })
    ).json()) as { orderId: string };
    const capture = await fetch(`${s.store.baseUrl}/api/orders/${order.orderId}/capture`, {
      method: 'POST',
      headers: buyer,
      body: '{}',
    });
    expect(((await capture.json()) as OrderResult).status).toBe('paid');
    // A visitor opens the free wallpaper's page and only looks: one view.
    const visitor = (await s.open('/')).page;
    const counted = visitor.waitForResponse((response) => response.url().endsWith(`/api/items/${viewed.itemId}/views`));
    await visitor.goto(s.store.baseUrl + itemPagePath(viewed));
    expect((await counted).status()).toBe(204);
    await visitor.context().close();

    const owner = await adminPage('/admin/items');
    await owner.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Sales' }).click();
    await owner.getByRole('heading', { name: 'Top sellers' }).waitFor();
    const sellers = owner.getByRole('region', { name: 'Top sellers' });
    await sellers.getByRole('cell', { name: sold.name, exact: true }).waitFor();
    const activity = owner.getByRole('region', { name: 'Views, downloads and purchases per wallpaper' });
    // The view was counted (204) before the page was opened: the page's first answer holds it.
    const viewedRow = activity.locator('tr', { hasText: viewed.itemId });
    await viewedRow.waitFor();
    expect(await viewedRow.locator('td').nth(1).textContent()).toMatch(/^[1-9]/);

    // Each chart is drawn: its canvas holds painted pixels.
    const painted = await owner.locator('.report-chart canvas').evaluateAll((canvases) =>
      (canvases as HTMLCanvasElement[]).map((canvas) => {
        const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
        return pixels.some((value, index) => index % 4 === 3 && value > 0);
      }),
    );
    expect(painted.length).toBeGreaterThanOrEqual(3);
    expect(painted.every(Boolean)).toBe(true);

    // The top sellers as a CSV file: the same rows as the table.
    const [download] = await Promise.all([
      owner.waitForEvent('download'),
      owner.locator('.report-table', { has: sellers }).getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^top-sellers-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('"Wallpaper","Sold","Revenue (USD)","Item id"');
    expect(csv).toMatch(new RegExp(`"${sold.name}","[1-9]\\d*","[\\d.]+","${sold.itemId}"`));

    await owner.getByLabel('Per', { exact: true }).selectOption('month');
    await owner.getByRole('region', { name: 'Sales per month' }).waitFor();
    await owner.context().close();
  });

  it("puts a banner on the home page and the app's home, which opens its tag's wallpapers", async () => {
    const owner = await adminPage('/admin/items');
    await owner.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Banners' }).click();
    await owner.getByText('There is no banner yet.').waitFor();
    await owner.getByLabel('Title').fill('City lights week');
    await owner.getByLabel('Opens the wallpapers tagged').fill('minimalistic');
    await owner.getByLabel(/^Picture/).setInputFiles({
      name: 'city.jpg',
      mimeType: 'image/jpeg',
      buffer: await art('#4b3bd6', 2340, 748),
    });
    await owner.getByRole('button', { name: 'Make the banner' }).click();
    await owner.getByText('“City lights week” is on the home pages').waitFor();
    await owner.getByRole('list', { name: 'Banners' }).getByText('City lights week').waitFor();

    const boards = await s.api<{ title: string; value: string; photoUrl: string }[]>('/api/items/boards/top');
    expect(boards.map((board) => [board.title, board.value])).toEqual([['City lights week', 'minimalistic']]);
    expect((await fetch(boards[0]!.photoUrl)).headers.get('content-type')).toBe('image/webp');

    const { page } = await s.open('/');
    const banner = page.getByRole('region', { name: 'Featured' }).getByRole('link', { name: 'City lights week' });
    await banner.scrollIntoViewIfNeeded();
    await expect
      .poll(() => banner.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await banner.click();
    await page.waitForURL((url) => url.pathname === '/city');
    await page.context().close();

    // Hidden, it leaves the home page and the app shows the themes' banners again.
    await owner.getByRole('button', { name: 'Hide “City lights week”' }).click();
    await owner.getByText('“City lights week” is hidden').waitFor();
    const themes = await s.api<{ value: string }[]>('/api/items/boards/top');
    expect(themes.map((board) => board.value)).toEqual(['anime', 'landscape', 'minimalistic']);
    await owner.context().close();
  });
  it('makes a bundle on the admin pages that a shopper who owns one of its wallpapers buys from the home page', async () => {
    const owner = await adminPage('/admin/items');
    await owner.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Bundles' }).click();
    await owner.getByText('There is no bundle yet.').waitFor();
    const paid = (await s.api<Item[]>('/api/items?limit=40')).filter((item) => !item.freeDownload).slice(0, 3);
    await owner.getByLabel('Name').fill('Night trio');
    await owner.getByLabel('Price in USD').fill('5');
    for (const item of paid) {
      await owner.getByLabel('Find paid wallpapers to add').fill(item.itemId);
      await owner.getByRole('button', { name: `Add ${item.name} to the bundle` }).click();
    }
    await owner.getByRole('list', { name: 'Wallpapers in the bundle' }).getByText(paid[2]!.name).waitFor();
    await owner.getByLabel('Publish it now').check();
    await owner.getByRole('button', { name: 'Make the bundle' }).click();
    await owner.getByText('“Night trio” was made').waitFor();
    await owner
      .getByRole('list', { name: 'Bundles' })
      .getByText(/On sale · sold 0 times/)
      .waitFor();

    // The shopper already owns the first wallpaper: it is taken off the bundle's price.
    const email = 'bundle-buyer@example.com';
    const buyer = await verifiedShopper(email);
    const first = (await (
      await fetch(`${s.store.baseUrl}/api/orders`, {
        method: 'POST',
        headers: buyer,
        body: JSON.stringify({ itemIds: [paid[0]!.itemId] }),
      })
    ).json()) as { orderId: string };
    await fetch(`${s.store.baseUrl}/api/orders/${first.orderId}/capture`, {
      method: 'POST',
      headers: buyer,
      body: '{}',
    });
    const shares = bundleShares(
      500,
      paid.map((item) => Math.round(item.price * 100)),
    );
    const toPay = `$${((shares[1]! + shares[2]!) / 100).toFixed(2)}`;

    const { page } = await s.open('/');
    const card = page.getByRole('region', { name: 'Bundles' }).getByRole('link', { name: 'Night trio' });
    await card.scrollIntoViewIfNeeded();
    await card.click();
    await page.getByRole('heading', { name: 'Night trio', level: 1 }).waitFor();
    await page.getByText('3 wallpapers for $5.00').waitFor();
    await page.getByRole('button', { name: 'Buy the bundle — $5.00' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(SHOPPER_PASSWORD);
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await page.waitForURL((url) => url.pathname === '/payment');
    await page.getByText('Already yours — taken off the price').waitFor();
    await expect.poll(() => page.getByTestId('payment-total').textContent()).toBe(toPay);
    await page.getByRole('button', { name: 'Pay with the test wallet' }).click();
    await page.waitForURL('**/success**');
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    const bought = page.getByRole('list', { name: 'Purchased wallpapers' });
    for (const item of paid.slice(1)) await bought.getByText(item.name).first().waitFor();
    await page.context().close();

    await owner.reload();
    await owner
      .getByRole('list', { name: 'Bundles' })
      .getByText(/On sale · sold 1 time$/)
      .waitFor();
    await owner.context().close();
  });
});
