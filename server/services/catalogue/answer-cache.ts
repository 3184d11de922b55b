import { answerBytes, type PreparedAnswer } from '../../shared/prepared-answer.ts';

/**
 * Ready answers, least recently used first out, bounded by the bytes they hold (plain and
 * compressed), not by how many there are: memory stays flat however the catalogue grows.
 */
export class AnswerCache {
  private readonly entries = new Map<string, PreparedAnswer>();
  private readonly maxBytes: number;
  private bytes = 0;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  get(key: string): PreparedAnswer | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      // Map order is insertion order: re-inserting marks it most recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, answer: PreparedAnswer): void {
    const size = answerBytes(answer);
    if (size > this.maxBytes) return;
    this.delete(key);
    this.entries.set(key, answer);
    this.bytes += size;
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  /** Bytes held now. */
  get size(): number {
    return this.bytes;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= answerBytes(entry);
  }
}
