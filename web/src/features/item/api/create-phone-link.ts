import type { PhoneLink } from '#contract/phone-links.ts';
import { api } from '../../../lib/api-client.ts';

/** A short code and QR link that open an item's file on a phone, cut for `screen` when given. */
export const createPhoneLink = (body: { itemId: string; screen?: string }) =>
  api.post<PhoneLink>('/api/phone-links', body);
