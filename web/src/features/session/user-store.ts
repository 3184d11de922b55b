import { STORAGE_KEYS } from '../../../../contract/constants.ts';
import { createLocalStore, useLocalStore } from '../../lib/local-store.ts';

/** The public profile kept for instant restore; the server's session is the truth. */
export interface StoredUser {
  uid: string;
  firstName: string;
  email: string;
  isAdmin: boolean;
}

function parseUser(raw: unknown): StoredUser | null {
  const user = raw as Partial<StoredUser> | null;
  return user && typeof user.uid === 'string' && typeof user.email === 'string'
    ? { uid: user.uid, email: user.email, firstName: String(user.firstName ?? ''), isAdmin: user.isAdmin === true }
    : null;
}

export const userStore = createLocalStore<StoredUser | null>(STORAGE_KEYS.user, parseUser);

export const useUser = () => useLocalStore(userStore);
