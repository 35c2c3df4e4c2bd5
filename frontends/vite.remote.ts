import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { federation } from '@module-federation/vite';
import { shared } from './federation.shared';

/** What tells one remote's build from another's; everything else every remote shares. */
export interface Remote {
  /** The area: its module-federation name, and where the gateway serves it (/mf/<name>/). */
  name: string;
  /** The stand-alone dev server's port; `vite preview` listens 1000 lower. */
  port: number;
  /** Chunk size (kB) above which the build warns. */
  chunkSizeWarningLimit?: number;
}

/** A remote's vite config: served under /mf/<name>/, exposes `./routes` (menu href → page loader). */
export function remoteConfig({ name, port, chunkSizeWarningLimit = 8000 }: Remote): UserConfig {
  return defineConfig({
    base: `/mf/${name}/`,
    plugins: [
      react(),
      federation({
        name,
        filename: 'remoteEntry.js',
        exposes: { './routes': './src/routes.ts' },
        shared,
        shareStrategy: 'loaded-first',
        dts: false,
      }),
    ],
    build: { target: 'es2022', outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit },
    worker: { format: 'es' },
    server: { port, cors: true, origin: `http://127.0.0.1:${port}` },
    preview: { port: port - 1000, cors: true },
  });
}
