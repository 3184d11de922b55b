/**
 * Ready answers, least recently used first out, bounded by the bytes they hold (plain and
 * compressed), not by how many there are: memory stays flat however the catalogue grows. A
 * value may grow after it is set (an answer's encodings are made as clients first take them):
 * its bytes are counted again each time it is got.
 */
export class AnswerCache<T extends object> {
  private readonly entries = new Map<string, { value: T; bytes: number }>();
  /** What is held now, to tell whether a value handed out earlier still is. */
  private held = new WeakSet<T>();
  private readonly maxBytes: number;
  private readonly sizeOf: (value: T) => number;
  private bytes = 0;

  constructor(maxBytes: number, sizeOf: (value: T) => number) {
    this.maxBytes = maxBytes;
    this.sizeOf = sizeOf;
  }

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Map order is insertion order: re-inserting marks it most recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    const bytes = this.sizeOf(entry.value);
    if (bytes !== entry.bytes) {
      this.bytes += bytes - entry.bytes;
      entry.bytes = bytes;
      this.keepWithinBudget();
    }
    return entry.value;
  }

  set(key: string, value: T): void {
    const bytes = this.sizeOf(value);
    if (bytes > this.maxBytes) return;
    this.delete(key);
    this.entries.set(key, { value, bytes });
    this.held.add(value);
    this.bytes += bytes;
    this.keepWithinBudget();
  }

  /** Whether a value is still held (not pushed out, replaced or cleared since it was set). */
  holds(value: T): boolean {
    return this.held.has(value);
  }

  clear(): void {
    this.entries.clear();
    this.held = new WeakSet();
    this.bytes = 0;
  }

  /** Bytes held now, as last counted. */
  get size(): number {
    return this.bytes;
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.held.delete(entry.value);
    this.bytes -= entry.bytes;
  }

  /** Lets the least recently used go until the rest fit. */
  private keepWithinBudget(): void {
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }
}
