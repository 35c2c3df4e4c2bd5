import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { federation } from '@module-federation/vite';
import { shared } from '../federation.shared';

// The `workflow` remote: served under /mf/workflow/, exposes `./routes` (menu href → page loader).
export default defineConfig({
  base: '/mf/workflow/',
  plugins: [
    react(),
    federation({
      name: 'workflow',
      filename: 'remoteEntry.js',
      exposes: { './routes': './src/routes.ts' },
      shared,
      shareStrategy: 'loaded-first',
      dts: false,
    }),
  ],
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 8000 },
  worker: { format: 'es' },
  server: { port: 5176, cors: true, origin: 'http://127.0.0.1:5176' },
  preview: { port: 4176, cors: true },
});
