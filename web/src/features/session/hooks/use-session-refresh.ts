import { useEffect } from 'react';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { sessionApi } from '../api/session.ts';
import { userStore } from '../../../lib/user-store.ts';
import { syncPhoneWithAccount } from '../../../lib/phone-screen.ts';

/** On load, the stored profile is checked against the server, which is the truth. */
export function useSessionRefresh() {
  useEffect(() => {
    if (!userStore.get()) return;
    sessionApi.me().then(
      (user) => {
        userStore.set(user);
        syncPhoneWithAccount(user);
      },
      (error: unknown) => {
        if (error instanceof ApiRequestError && error.status === 401) userStore.clear();
      },
    );
  }, []);
}
