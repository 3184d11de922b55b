import { ApiRequestError } from './api-client.ts';

/**
 * Sends one file as multipart/form-data (field 'file') and reports progress as a fraction;
 * fetch cannot report upload progress, XMLHttpRequest can.
 */
export function uploadFile<T>(url: string, file: File, onProgress: (fraction: number) => void): Promise<T> {
  return uploadFiles<T>(url, [file], onProgress);
}

/** Several files in one request, each as a 'file' part. */
export function uploadFiles<T>(url: string, files: File[], onProgress: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.responseType = 'json';
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve(request.response as T);
      } else {
        reject(
          new ApiRequestError(
            request.status,
            (request.response as { message?: string } | null)?.message ?? `Upload failed (${request.status})`,
          ),
        );
      }
    };
    request.onerror = () => reject(new ApiRequestError(0, 'No response from server. Please check your connection.'));
    const body = new FormData();
    for (const file of files) body.append('file', file);
    request.send(body);
  });
}
