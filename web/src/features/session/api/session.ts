import type { LoginResult, PublicUser, RegisterBody, RegisterResult, VerifyResult } from '#contract/users.ts';
import { api } from '../../../lib/api-client.ts';

export const sessionApi = {
  register: (body: RegisterBody) => api.post<RegisterResult>('/api/users/register', body),
  login: (email: string, password: string) => api.post<LoginResult>('/api/users/login', { email, password }),
  me: () => api.get<PublicUser>('/api/users/me'),
  verify: (uid: string, token: string) =>
    api.get<VerifyResult>(`/api/users/${encodeURIComponent(uid)}/verify/${encodeURIComponent(token)}`),
  forgotPassword: (email: string) => api.post<{ message: string }>('/api/users/password/forgot', { email }),
  resetPassword: (token: string, password: string) =>
    api.post<{ message: string }>('/api/users/password/reset', { token, password }),
};

/** Only paths of this site: never an open redirect to someone else's. */
export function safeReturnUrl(value: string | null): string | undefined {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : undefined;
}
