/** Every kind of job the outbox holds, with the payload its handler reads. */
export interface JobPayloads {
  /** The buyer's email with a download link per file of a paid order. */
  'order-email': { orderId: string };
  'verification-email': { userId: string };
  'password-reset-email': { userId: string };
  /** Items an order paid for that the buyer already owned: their price goes back through the provider. */
  'duplicate-refund': { orderId: string; itemIds: string[] };
  /** An administrator's refund: the provider gives the money back, then the lines are refunded (decision 041). */
  refund: { refundId: string };
  /** Tells the buyer what was refunded, and why: items they already owned, or the refund `refundId`. */
  'refund-email': { orderId: string; refundId?: string | undefined };
  /** A live item's poster frame and card clip, made from its uploaded video. */
  'live-preview': { itemId: string; videoKey: string };
  /** The palette of an item made before palettes, from its original image. */
  'item-palette': { itemId: string };
  /** The apps' HD preview and blurred placeholder of an item made before them. */
  'item-app-images': { itemId: string };
  /** The phone files made for an item's versions before `version`, which no link names any more. */
  'stale-phone-files': { itemId: string; version: number };
}

export type JobKind = keyof JobPayloads;

/** A job to queue: its kind, the purpose key that makes it unique, and its payload. */
export type NewJob = { [K in JobKind]: { kind: K; key: string; payload: JobPayloads[K] } }[JobKind];

/** The purpose keys: one order email per order, one verification email per sending, and so on. */
export const jobKeys = {
  orderEmail: (orderId: string) => `order-email:${orderId}`,
  verificationEmail: (userId: string, at: Date) => `verification-email:${userId}:${at.getTime()}`,
  passwordResetEmail: (userId: string, at: Date) => `password-reset-email:${userId}:${at.getTime()}`,
  duplicateRefund: (orderId: string) => `duplicate-refund:${orderId}`,
  /** Another copy of the order email, one per press of the admin's button. */
  orderEmailAgain: (orderId: string, pressId: string) => `order-email:${orderId}:again:${pressId}`,
  refund: (refundId: string) => `refund:${refundId}`,
  refundEmail: (orderId: string, refundId?: string) => `refund-email:${orderId}${refundId ? `:${refundId}` : ''}`,
  livePreview: (itemId: string, videoKey: string) => `live-preview:${itemId}:${videoKey}`,
  itemPalette: (itemId: string) => `item-palette:${itemId}`,
  itemAppImages: (itemId: string) => `item-app-images:${itemId}`,
  stalePhoneFiles: (itemId: string, version: number) => `stale-phone-files:${itemId}:${version}`,
};

export type JobHandlers = { [K in JobKind]: (payload: JobPayloads[K], key: string) => Promise<void> };
