import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startVitest } from 'vitest/node';
import SummaryReporter from './summary-reporter.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-summary-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Runs Vitest on the given test files, with only the summary reporter, and answers its last line. */
async function summaryOf(files: Record<string, string>): Promise<string> {
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  // The run inside sets the exit code when its files fail; this run's own is kept.
  const exitCode = process.exitCode;
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  try {
    const vitest = await startVitest('test', [], {
      root: dir,
      config: false,
      watch: false,
      reporters: [new SummaryReporter()],
    });
    await vitest.close();
    return String(log.mock.calls.at(-1)?.[0]).trim();
  } finally {
    log.mockRestore();
    process.exitCode = exitCode;
  }
}

describe('the summary line', () => {
  it('counts a file whose hook failed, and one that failed to load, as failures', async () => {
    const line = await summaryOf({
      'passes.test.ts': `import { it } from 'vitest'; it('passes', () => {});`,
      'fails.test.ts': `import { it } from 'vitest'; it('fails', () => { throw new Error('no'); }); it('passes', () => {});`,
      'hook-fails.test.ts': `import { beforeAll, it } from 'vitest'; beforeAll(() => { throw new Error('no'); }); it('a', () => {}); it('b', () => {});`,
      'does-not-load.test.ts': `throw new Error('no');`,
    });
    expect(line).toBe('2 passed, 3 failed, 2 skipped');
  }, 60_000);
});
