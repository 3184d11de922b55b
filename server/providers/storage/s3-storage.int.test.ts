import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startS3Server } from '../../test/s3-server.ts';
import { storageContract } from '../../test/storage-contract.ts';
import { S3Storage } from './s3-storage.ts';

storageContract('S3-compatible', async () => {
  const s3 = await startS3Server();
  const spoolDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-spool-'));
  const storage = new S3Storage({ ...s3.options, spoolDir });
  return {
    storage,
    presigns: true,
    async close() {
      storage.close();
      await s3.close();
      fs.rmSync(spoolDir, { recursive: true, force: true });
    },
  };
});
