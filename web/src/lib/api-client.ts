import type { ApiError } from '#contract/api.ts';

/** A failed API call, carrying the server's { message } and the HTTP status (0 when offline). */
export class ApiRequestError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

type Transport = (path: string, init: RequestInit) => Promise<Response>;

let transport: Transport = (path, init) => fetch(path, init);

/** On the server, the page renderer answers the pages' public calls from its own API, in-process. */
export function setApiTransport(next: Transport): void {
  transport = next;
}

async function send(method: string, path: string, body?: unknown): Promise<{ data: unknown; headers: Headers }> {
  let response: Response;
  try {
    response = await transport(path, {
      method,
      credentials: 'same-origin',
      // Catalogue answers may be kept a minute by a CDN; the app always asks again (an ETag makes it a 304).
      ...(method === 'GET' && { cache: 'no-cache' as const }),
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
    });
  } catch {
    throw new ApiRequestError(0, 'No response from server. Please check your connection.');
  }
  const text = await response.text();
  const data: unknown = text ? JSON.parse(text) : undefined;
  if (!response.ok) {
    const message = (data as Partial<ApiError> | undefined)?.message ?? `Request failed (${response.status})`;
    throw new ApiRequestError(response.status, message);
  }
  return { data, headers: response.headers };
}

const request = async <T>(method: string, path: string, body?: unknown) => (await send(method, path, body)).data as T;

/** One page of a list: its items, how many the whole list holds (`X-Total-Count`) and, for a search answered for other words than it was asked, those words. */
export interface ListPage<T> {
  items: T[];
  total: number;
  suggestion?: string;
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  getPage: async <T>(path: string): Promise<ListPage<T>> => {
    const { data, headers } = await send('GET', path);
    const items = data as T[];
    const total = headers.get('x-total-count');
    const suggestion = headers.get('x-search-suggestion');
    return {
      items,
      total: total ? Number(total) : items.length,
      ...(suggestion && { suggestion: decodeURIComponent(suggestion) }),
    };
  },
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body ?? {}),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body ?? {}),
  delete: <T>(path: string) => request<T>('DELETE', path),
};
