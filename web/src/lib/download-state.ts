import type { Item } from '#contract/item.ts';

/** What /download/:id receives in navigation state (the original store's downloadLink and downloadName). */
export interface DownloadState {
  downloadLink: string;
  downloadName: string;
}

export function downloadStateFor(item: Item, index = 0): DownloadState | undefined {
  const file = item.downloadList[index];
  return file?.link ? { downloadLink: file.link, downloadName: file.name } : undefined;
}
