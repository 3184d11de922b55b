import type { CreateItemBody, UploadKind, UploadResult } from '#contract/admin.ts';
import { api } from '../../../lib/api-client.ts';
import { uploadFile } from '../../../lib/upload-file.ts';

/** Stores one file of an item being made, reporting the upload's progress. */
export const uploadItemFile = (itemId: string, kind: UploadKind, file: File, onProgress: (fraction: number) => void) =>
  uploadFile<UploadResult>(`/api/uploads?itemId=${encodeURIComponent(itemId)}&kind=${kind}`, file, onProgress);

/** Puts an item on sale from its uploaded files. */
export const createItem = (body: CreateItemBody) => api.post<{ itemId: string }>('/api/items', body);
