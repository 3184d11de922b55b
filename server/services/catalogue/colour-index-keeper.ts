import { labOfHex, SWATCHES } from '#contract/colour.ts';
import { RANKED_MATCHES, THEMES } from '#contract/constants.ts';
import type { PaletteCellsRepository } from '../../db/repositories/palette-cells.repository.ts';
import type { Logger } from '../../shared/logger.ts';
import { ColourIndex, type ColourPage, type ColourPageRequest } from './colour-index.ts';

/** How many changed items are read again at a time. */
const CHANGES_AT_ONCE = 500;

/**
 * Keeps a ColourIndex of the published items current (decision 098): told of their writes from
 * before it loads everything in one snapshot (`hear`), it reads again each item a write names,
 * and everything again when a write named too many to list or the writes went unheard a while
 * (`lost`). It answers nothing until first loaded.
 */
export class ColourIndexKeeper {
  private index: ColourIndex | undefined;
  /** Items named by writes not yet read again, and whether everything must be. */
  private readonly changed = new Set<string>();
  private everything = true;
  private catchingUp: Promise<void> | undefined;
  private stopped = false;
  private readonly deps: { palettes: PaletteCellsRepository; logger: Logger };

  constructor(deps: ColourIndexKeeper['deps']) {
    this.deps = deps;
  }

  /** Loads everything; resolves once the index answers. */
  start(): Promise<void> {
    return this.catchUp();
  }

  /** A write announced: the items' ids, or '*' for everything. */
  hear(payload: string): void {
    if (payload === '*') this.everything = true;
    else for (const itemId of payload.split(',')) if (itemId) this.changed.add(itemId);
    void this.catchUp();
  }

  /** Writes went unheard (the connection dropped): everything is read again. */
  lost(): void {
    this.everything = true;
    void this.catchUp();
  }

  /** A page of a colour's list, or nothing before the index is first loaded. */
  page(request: ColourPageRequest): ColourPage | undefined {
    return this.index?.page(request);
  }

  /** Whether a write it heard of is not read into the index yet. */
  get behind(): boolean {
    return this.catchingUp !== undefined;
  }

  /** How many colours it holds, or nothing while first loading. */
  get colours(): number | undefined {
    return this.index?.size;
  }

  /** Resolves when every write heard so far is read into the index. */
  catchUp(): Promise<void> {
    this.catchingUp ??= this.readChanges().finally(() => (this.catchingUp = undefined));
    return this.catchingUp;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.catchingUp?.catch(() => {});
  }

  private async readChanges(): Promise<void> {
    while (!this.stopped && (this.everything || this.changed.size)) {
      try {
        if (this.everything) {
          this.everything = false;
          // What a write names while everything is read is read again after it.
          const started = performance.now();
          const index = new ColourIndex();
          await this.deps.palettes.everything({
            items: (published) => index.addItems(published),
            lists: (lists) => index.reserve(lists),
            colours: (batch) => index.addColours(batch),
          });
          index.settle();
          // Its merge compiled before a visitor asks: the first colours asked of a new process took
          // four times as long as the next.
          for (const { hex } of SWATCHES)
            for (const filter of [{}, { tag: THEMES[0].tag, photoType: 'static' as const }])
              index.page({ near: labOfHex(hex), filter, candidates: RANKED_MATCHES, limit: 1 });
          this.index = index;
          // The load's rows (and any index this one replaces) are garbage now, hundreds of megabytes
          // of it that V8 would keep until its heap next filled: collected at once, and the heap's
          // emptied pages given back. The process runs with --expose-gc, and without V8's memory
          // reducer, which gave them back only after a spell without pages and left the next page
          // to fault its heap in again (decision 101).
          globalThis.gc?.({ type: 'major', flavor: 'last-resort' });
          const { rss, heapTotal, heapUsed, arrayBuffers } = process.memoryUsage();
          this.deps.logger.info(
            {
              colours: index.size,
              ms: Math.round(performance.now() - started),
              mb: { rss, heapTotal, heapUsed, arrayBuffers },
            },
            'the colour index read every palette',
          );
          continue;
        }
        const itemIds = [...this.changed].slice(0, CHANGES_AT_ONCE);
        for (const itemId of itemIds) this.changed.delete(itemId);
        const published = await this.deps.palettes.items(itemIds);
        this.index?.replace(itemIds, published);
      } catch (error) {
        this.deps.logger.error(
          { err: error },
          'the colour index could not read the palettes; reading everything again',
        );
        this.everything = true;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }
}
