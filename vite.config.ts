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
    // What the entry imports and the app shares with it goes in one small file beside the entry,
    // so a first look fetches two files, not one per shared module.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: { groups: [{ name: 'entry-shared', test: /preload-helper|visitor-mark|count-view/ }] },
          },
        },
  },
  server: {
    proxy: { '/api': apiTarget, '/images': apiTarget },
  },
}));
