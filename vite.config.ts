import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = `http://localhost:${process.env.API_PORT ?? 3000}`;

export default defineConfig(({ isSsrBuild }) => ({
  root: 'web',
  plugins: [react()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    // The server's renderer (dist/ssr) needs no copy of the public files.
    copyPublicDir: !isSsrBuild,
    // For scripts/bundle-report.ts, which removes the maps once it has read them.
    manifest: !isSsrBuild,
    sourcemap: isSsrBuild ? false : 'hidden',
  },
  server: {
    proxy: { '/api': apiTarget, '/images': apiTarget },
  },
}));
