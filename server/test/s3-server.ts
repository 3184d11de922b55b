import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import type { S3Options } from '../providers/storage/s3-storage.ts';

export interface RunningS3 {
  /** What the store's S3 settings would say to use this server. */
  options: Omit<S3Options, 'spoolDir'>;
  env: Record<string, string>;
  close(): Promise<void>;
}

/** An S3-compatible server (s3rver, its own process) on 127.0.0.1 with one empty bucket. */
export async function startS3Server(bucket = 'palettewall'): Promise<RunningS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-s3-'));
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', path.join(import.meta.dirname, 'run-s3rver.ts'), directory, bucket],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const [line] = (await once(readline.createInterface({ input: child.stdout! }), 'line')) as [string];
  const { port } = JSON.parse(line) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver's fixed credentials.
  const keys = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    options: { bucket, region: 'us-east-1', endpoint, forcePathStyle: true, ...keys },
    env: {
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: keys.accessKeyId,
      S3_SECRET_ACCESS_KEY: keys.secretAccessKey,
    },
    async close() {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
