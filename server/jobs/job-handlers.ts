import type { AccountsService } from '../services/accounts/accounts.service.ts';
import type { AdminItemsService } from '../services/items/admin-items.service.ts';
import type { CheckoutService } from '../services/orders/checkout.service.ts';
import type { DeviceFitService } from '../services/catalogue/device-fit.service.ts';
import type { RefundsService } from '../services/orders/refunds.service.ts';
import type { JobHandlers } from '../shared/job-kinds.ts';

/** What each kind of job does; the email's purpose key becomes its Message-ID. */
export function jobHandlers(services: {
  accounts: AccountsService;
  checkout: CheckoutService;
  refunds: RefundsService;
  adminItems: AdminItemsService;
  deviceFit: DeviceFitService;
}): JobHandlers {
  return {
    'order-email': (job, key) => services.checkout.sendOrderEmail(job.orderId, key),
    'verification-email': (job, key) => services.accounts.sendVerificationEmail(job.userId, key),
    'password-reset-email': (job, key) => services.accounts.sendPasswordResetEmail(job.userId, key),
    'duplicate-refund': (job) => services.refunds.refundDuplicates(job.orderId, job.itemIds),
    refund: (job) => services.refunds.process(job.refundId),
    'refund-email': (job, key) => services.refunds.sendRefundEmail(job.orderId, job.refundId, key),
    'live-preview': (job) => services.adminItems.makeLivePreview(job.itemId, job.videoKey),
    'item-palette': (job) => services.adminItems.makePalette(job.itemId),
    'item-app-images': (job) => services.adminItems.makeAppImages(job.itemId),
    'stale-phone-files': (job) => services.deviceFit.removeStale(job.itemId, job.version),
  };
}
