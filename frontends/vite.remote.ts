import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
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

/** The one page every remote's stand-alone dev server shows (and its build emits), `{{remote}}` filled in. */
const PAGE = fileURLToPath(new URL('./remote.html', import.meta.url));

/**
 * Serves remote.html as the remote's index.html: the build's html entry (vite's default input,
 * <root>/index.html) and the dev server's page. The portal never loads it; it loads remoteEntry.js.
 */
function remotePage(name: string): Plugin {
  let entry = '';
  const html = () => readFileSync(PAGE, 'utf8').replaceAll('{{remote}}', name);
  return {
    name: 'loom-remote-page',
    enforce: 'pre',
    configResolved(config) {
      entry = resolve(config.root, 'index.html');
    },
    resolveId(id) {
      return id === entry ? id : null;
    },
    load(id) {
      return id === entry ? html() : null;
    },
    configureServer(server) {
      // after vite's own middlewares (the base is stripped by then), before its index.html one
      return () => {
        server.middlewares.use((req, res, next) => {
          const path = (req.url ?? '').split('?')[0];
          if (path !== '/' && path !== '/index.html') return next();
          server
            .transformIndexHtml(req.url ?? '/', html(), req.originalUrl)
            .then((page) => {
              res.setHeader('Content-Type', 'text/html');
              res.end(page);
            })
            .catch(next);
        });
      };
    },
  };
}

/** A remote's vite config: served under /mf/<name>/, exposes `./routes` (menu href → page loader). */
export function remoteConfig({ name, port, chunkSizeWarningLimit = 8000 }: Remote): UserConfig {
  return defineConfig({
    base: `/mf/${name}/`,
    plugins: [
      react(),
      remotePage(name),
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
