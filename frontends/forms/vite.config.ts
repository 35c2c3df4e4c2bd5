import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { federation } from '@module-federation/vite';
import { shared } from '../federation.shared';

// The `forms` remote: served under /mf/forms/, exposes `./routes` (menu href → page loader).
export default defineConfig({
  base: '/mf/forms/',
  plugins: [
    react(),
    federation({
      name: 'forms',
      filename: 'remoteEntry.js',
      exposes: { './routes': './src/routes.ts' },
      shared,
      shareStrategy: 'loaded-first',
      dts: false,
    }),
  ],
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 8000 },
  worker: { format: 'es' },
  server: { port: 5177, cors: true, origin: 'http://127.0.0.1:5177' },
  preview: { port: 4177, cors: true },
});
