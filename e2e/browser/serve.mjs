#!/usr/bin/env node
// Serves the built portal (frontends/*/dist) like the gateway does: `/` → shell, `/mf/<area>/` → remotes
// (with CORS), `/api/*` → either a proxy to a running platform (--api=http://127.0.0.1:8080) or the
// in-memory sys stand-in (--mock, the default). Usage: node e2e/browser/serve.mjs [--port=8090] [--mock|--api=URL]
import { createServer, request as httpRequest } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { staticHandler } from './lib/static.mjs';
import { createMockSys } from './lib/mock-sys.mjs';

const here = dirname(fileURLToPath(import.meta.url));
export const FRONTENDS = join(here, '..', '..', 'frontends');

export function startPortalServer({ port = 8090, api = null, adminPassword = 'admin123' } = {}) {
  const statics = staticHandler(FRONTENDS);
  const mock = api ? null : createMockSys({ adminPassword });
  const server = createServer(async (req, res) => {
    try {
      if (req.url.startsWith('/api/')) {
        if (mock) {
          await mock(req, res);
          return;
        }
        const target = new URL(req.url, api);
        const proxied = httpRequest(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        });
        proxied.on('error', () => {
          res.writeHead(502, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ code: 'UNAVAILABLE', msg: 'gateway unreachable' }));
        });
        req.pipe(proxied);
        return;
      }
      if (!statics(req, res)) {
        res.writeHead(404);
        res.end();
      }
    } catch (e) {
      res.writeHead(500);
      res.end(String(e));
    }
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=').slice(1).join('=');
  const port = Number(arg('port') ?? 8090);
  const api = arg('api') ?? null;
  await startPortalServer({ port, api, adminPassword: process.env.LOOM_ADMIN_PASSWORD ?? 'admin123' });
  console.log(`portal on http://127.0.0.1:${port}/ (api: ${api ?? 'in-memory mock'})`);
}
