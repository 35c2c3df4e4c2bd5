import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { federation } from '@module-federation/vite';
import { shared } from '../federation.shared';

// The `sys` remote: served under /mf/sys/, exposes `./routes` (menu href → page loader).
export default defineConfig({
  base: '/mf/sys/',
  plugins: [
    react(),
    federation({
      name: 'sys',
      filename: 'remoteEntry.js',
      exposes: { './routes': './src/routes.ts' },
      shared,
      shareStrategy: 'loaded-first',
      dts: false,
    }),
  ],
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 4000 },
  server: { port: 5174, cors: true, origin: 'http://127.0.0.1:5174' },
  preview: { port: 4174, cors: true },
});
