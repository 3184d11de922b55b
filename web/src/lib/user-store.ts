import { STORAGE_KEYS } from './ui-constants.ts';
import type { PublicUser } from '#contract/users.ts';
import { createLocalStore, useLocalStore } from './local-store.ts';

/** Reads the stored profile defensively: anything but a profile is no user. */
function parseUser(raw: unknown): PublicUser | null {
  const user = raw as Partial<PublicUser> | null;
  return user && typeof user.uid === 'string' && typeof user.email === 'string'
    ? {
        uid: user.uid,
        email: user.email,
        firstName: String(user.firstName ?? ''),
        isAdmin: user.isAdmin === true,
        ...(typeof user.phoneScreen === 'string' && { phoneScreen: user.phoneScreen }),
      }
    : null;
}

/** The public profile kept in localStorage 'user' for an instant restore; the server's session is the truth. */
export const userStore = createLocalStore<PublicUser | null>(STORAGE_KEYS.user, parseUser);

export const useUser = () => useLocalStore(userStore);
