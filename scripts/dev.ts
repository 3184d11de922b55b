/**
 * `npm run dev`: the API (restarted when server or contract code changes) and Vite's dev
 * server with hot reload, which proxies /api and /images to the API.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'vite';

const apiPort = process.env.PORT ?? '3000';
const api = spawn(process.execPath, ['--watch-path=server', '--watch-path=contract', 'server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, PORT: apiPort },
});
process.env.API_PORT = apiPort;
const vite = await createServer({ configFile: 'vite.config.ts' });
await vite.listen();
vite.printUrls();

const stop = async () => {
  api.kill('SIGTERM');
  await vite.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
