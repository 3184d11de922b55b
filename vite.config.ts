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
  },
  server: {
    proxy: { '/api': apiTarget, '/images': apiTarget },
  },
}));
