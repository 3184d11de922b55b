import { onThisOrigin } from './same-origin.ts';

/** Links to cloud drives open directly; their pages do the downloading. */
export function isCloudDriveLink(link: string): boolean {
  return /^https:\/\/([a-z0-9-]+\.)*(drive\.google\.com|docs\.google\.com|dropbox\.com|onedrive\.live\.com|1drv\.ms)\//i.test(
    link,
  );
}

/**
 * Saves a file under `name`: cloud-drive links are opened; anything else is fetched as a blob
 * and saved through a temporary link, so the name is ours and not the server's.
 */
export async function downloadFile(link: string, name: string): Promise<void> {
  if (isCloudDriveLink(link)) {
    window.open(link, '_blank', 'noopener');
    return;
  }
  const response = await fetch(onThisOrigin(link), { credentials: 'same-origin' });
  if (!response.ok) {
    // The store says why in { message } (a phone file that would be enlarged too much, an expired link).
    const reason = ((await response.json().catch(() => undefined)) as { message?: string } | undefined)?.message;
    throw new Error(reason ?? `The download failed (${response.status}).`);
  }
  const url = URL.createObjectURL(await response.blob());
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
