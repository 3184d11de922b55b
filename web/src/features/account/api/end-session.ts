import { api } from '../../../lib/api-client.ts';

/** Ends the session on the server (its cookie is cleared in the answer). */
export const endSession = () => api.post<void>('/api/users/logout');
