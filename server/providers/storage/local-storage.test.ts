import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { storageContract } from '../../test/storage-contract.ts';
import { LocalStorage } from './local-storage.ts';

storageContract('local disk', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-storage-'));
  return {
    storage: new LocalStorage(root),
    presigns: false,
    close: async () => fs.rmSync(root, { recursive: true, force: true }),
  };
});
