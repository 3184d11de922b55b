import http from 'node:http';
import { COLOUR_INDEX_KEEP_ALIVE_MS, ColourIndexPageSchema } from '#contract/colour-index.ts';
import type { Logger } from '../../shared/logger.ts';
import type { ColourPage, ColourPageRequest } from './colour-index.ts';

/** How long a page may take before the database answers it instead. */
const TIMEOUT_MS = 250;

/**
 * How long a connection to the index may stay idle before this side closes it: before the index
 * does (COLOUR_INDEX_KEEP_ALIVE_MS), so a page never goes out on a connection being closed.
 */
const IDLE_MS = COLOUR_INDEX_KEEP_ALIVE_MS - 5000;

/** How long the database answers every page after the index failed, or was still loading. */
const QUIET_MS = 5000;

/**
 * An API process's way to the colour index (decision 098). It never fails a page: while the
 * index is unreachable, slow or loading, it answers nothing and the database reads the colour,
 * and it is not asked again for a few seconds.
 */
export class ColourIndexClient {
  private quietUntil = 0;
  private readonly url: string;
  private readonly logger: Logger;
  /**
   * Its connections kept open between pages (an idle one holds no process open). node:http rather
   * than `fetch`: fetch loads its client at its first call (16 ms of the first colour page after a
   * start) and took about 1 ms more a page, against 0.9 ms in all for a page over node:http.
   */
  private readonly agent = new http.Agent({ keepAlive: true, timeout: IDLE_MS });

  constructor(deps: { url: string; logger: Logger }) {
    this.url = deps.url;
    this.logger = deps.logger;
  }

  async page(request: ColourPageRequest): Promise<(ColourPage & { behind: boolean }) | undefined> {
    if (Date.now() < this.quietUntil) return undefined;
    const { near, filter, candidates, limit, offset, after } = request;
    const query = new URLSearchParams({
      l: String(near.l),
      a: String(near.a),
      b: String(near.b),
      candidates: String(candidates),
      limit: String(limit),
      ...(filter?.tag !== undefined && { tag: filter.tag }),
      ...(filter?.photoType && { photoType: filter.photoType }),
      ...(filter?.dark && { dark: 'true' }),
      ...(after ? { afterDistance: String(after[0]), afterId: after[1] } : { offset: String(offset ?? 0) }),
    });
    let status: number | undefined;
    try {
      const response = await this.get(`/near?${query}`);
      status = response.status;
      if (status !== 200) throw new Error(`the colour index answered ${status}`);
      const { items, total, behind } = ColourIndexPageSchema.parse(JSON.parse(response.body));
      return { items: items.map(([itemId, distance]) => ({ itemId, distance })), total, behind };
    } catch (error) {
      // A page it refused is the database's alone; an index that is down or loading is left a while.
      const refused = status !== undefined && status >= 400 && status < 500;
      if (!refused) this.quietUntil = Date.now() + QUIET_MS;
      this.logger.warn({ err: error }, 'the colour index did not answer; the database reads the colour');
      return undefined;
    }
  }

  private get(path: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      http
        .get(`${this.url}${path}`, { agent: this.agent, signal: AbortSignal.timeout(TIMEOUT_MS) }, (response) => {
          const chunks: Buffer[] = [];
          response
            .on('data', (chunk: Buffer) => chunks.push(chunk))
            .on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }))
            .on('error', reject);
        })
        .on('error', reject);
    });
  }
}
