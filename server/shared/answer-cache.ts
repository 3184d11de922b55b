/**
 * Ready answers, least recently used first out, bounded by the bytes they hold (plain and
 * compressed), not by how many there are: memory stays flat however the catalogue grows.
 */
export class AnswerCache<T extends object> {
  private readonly entries = new Map<string, T>();
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
    const hit = this.entries.get(key);
    if (hit) {
      // Map order is insertion order: re-inserting marks it most recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: T): void {
    const size = this.sizeOf(value);
    if (size > this.maxBytes) return;
    this.delete(key);
    this.entries.set(key, value);
    this.held.add(value);
    this.bytes += size;
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
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

  /** Bytes held now. */
  get size(): number {
    return this.bytes;
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.held.delete(entry);
    this.bytes -= this.sizeOf(entry);
  }
}
