import { randomBytes } from 'node:crypto';
import { MESSAGES } from '#contract/constants.ts';
import type { Size } from '#contract/device-crop.ts';
import { PHONE_LINK_MINUTES } from '#contract/constants.ts';
import type { OpenedPhoneLink, PhoneLink } from '#contract/phone-links.ts';
import type { PhoneLinksRepository } from '../../db/repositories/phone-links.repository.ts';
import { DomainError } from '../../shared/errors.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import type { CheckoutService } from '../orders/checkout.service.ts';
import { freeDownloadPath } from '../catalogue/item-view.ts';

/**
 * 'Send to phone' (decision 029): a short code, shown on a desktop as a QR code, that opens a
 * wallpaper's download page on a phone for 15 minutes, with the screen chosen on the desktop.
 * A bought wallpaper's code is issued to its owner only and carries a signed link to its one
 * file, valid as long as the code.
 */
export class PhoneLinksService {
  private readonly deps: {
    links: PhoneLinksRepository;
    catalogue: CatalogueService;
    checkout: CheckoutService;
    publicUrl: string;
  };

  constructor(deps: PhoneLinksService['deps']) {
    this.deps = deps;
  }

  async create(
    request: { itemId: string; screen?: Size | undefined },
    userId: string | undefined,
    now = new Date(),
  ): Promise<PhoneLink> {
    const row = await this.deps.catalogue.findRow(request.itemId);
    if (!row?.published) throw new DomainError('not-found', MESSAGES.itemNotFound);
    const expiresAt = new Date(now.getTime() + PHONE_LINK_MINUTES * 60_000);
    let downloadLink: string | null = null;
    if (!row.freeDownload) {
      if (!userId) throw new DomainError('unauthenticated', 'Log in to send a wallpaper you bought to your phone.');
      downloadLink = (await this.deps.checkout.heldFileLink(userId, row.itemId, 0, expiresAt)) ?? null;
      if (!downloadLink) throw new DomainError('forbidden', 'Only a wallpaper you bought can be sent to your phone.');
    }
    const code = randomBytes(9).toString('base64url');
    await this.deps.links.insert({
      code,
      itemId: row.itemId,
      downloadLink,
      screen: request.screen && `${request.screen.width}x${request.screen.height}`,
      expiresAt,
    });
    const url = `${this.deps.publicUrl}/p/${code}`;
    return {
      url,
      qrSvg: await (
        await import('qrcode')
      ).default.toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }),
      expiresAt: expiresAt.toISOString(),
    };
  }

  /** Codes expired for a day are of no use to anyone: the worker forgets them. */
  forgetExpired(now = new Date()): Promise<void> {
    return this.deps.links.deleteExpiredBefore(new Date(now.getTime() - 86_400_000));
  }

  async open(code: string, now = new Date()): Promise<OpenedPhoneLink> {
    const link = await this.deps.links.byCode(code);
    if (!link) throw new DomainError('not-found', 'This link is not valid.');
    if (link.expiresAt <= now) {
      throw new DomainError('gone', 'This link has expired. Send the wallpaper to your phone again.');
    }
    const row = await this.deps.catalogue.findRow(link.itemId);
    const file = row?.published ? row.downloads[0] : undefined;
    if (!row || !file) throw new DomainError('not-found', MESSAGES.itemNotFound);
    return {
      itemId: row.itemId,
      downloadLink: link.downloadLink ?? freeDownloadPath(row.itemId, 0),
      downloadName: file.name,
      ...(link.screen && { screen: link.screen }),
    };
  }
}
