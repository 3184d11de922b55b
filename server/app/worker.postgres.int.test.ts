import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitingItems } from '../db/schema.ts';
import { buildNoisySource } from '../test/builders.ts';
import { createTestContext, type TestContext } from '../test/test-app.ts';

// A separate worker process needs a PostgreSQL server; PGlite belongs to one process.
describe('a worker process killed mid-processing', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('leaves its entry to another worker once its lease runs out', async () => {
    const source = await buildNoisySource();
    await ctx.storage.put('sources/big.jpg', source, { contentType: 'image/jpeg' });
    const [entry] = await ctx.waitingList.add([{ key: 'sources/big.jpg', name: 'big.jpg' }]);

    const worker = spawn(process.execPath, [path.join(import.meta.dirname, '..', 'worker-main.ts')], {
      env: {
        ...process.env,
        DATABASE_URL: ctx.databaseUrl!,
        DATA_DIR: ctx.dataDir,
        WORKER_LEASE_SECONDS: '2',
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    const status = async () => (await ctx.db.select().from(waitingItems).where(eq(waitingItems.id, entry!._id)))[0]!;
    const deadline = Date.now() + 30_000;
    while ((await status()).status !== 'in_process') {
      if (Date.now() > deadline) throw new Error('the worker never claimed the entry');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    worker.kill('SIGKILL');
    await once(worker, 'exit');

    expect(await status()).toMatchObject({ status: 'in_process', attempts: 1, itemId: null });
    // Its lease still holds: nobody else may take the entry yet.
    expect(await ctx.waitingList.claim(60_000)).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 2200));
    const retaken = await ctx.waitingList.claim(60_000);
    expect(retaken).toMatchObject({ id: entry!._id, attempts: 2 });
    await ctx.processing.process(retaken!);
    expect(await status()).toMatchObject({ status: 'done', itemUrl: expect.stringMatching(/thumb-720\.webp$/) });
  });
});
