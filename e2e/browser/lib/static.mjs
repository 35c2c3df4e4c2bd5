// Static serving of the built portal: the shell at /, remotes at /mf/<area>/ (with CORS), SPA fallback.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.map': 'application/json',
};

function sendFile(res, file, extraHeaders = {}) {
  const type = TYPES[extname(file)] ?? 'application/octet-stream';
  const immutable = /[-.][A-Za-z0-9_-]{8}\.(js|css|woff2?|ttf|svg)$/.test(file);
  res.writeHead(200, {
    'Content-Type': type,
    'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    ...extraHeaders,
  });
  createReadStream(file).pipe(res);
}

function safeJoin(root, rel) {
  const p = normalize(join(root, decodeURIComponent(rel)));
  if (p !== root && !p.startsWith(root + sep)) return null;
  return p;
}

/** Returns a handler (req, res) => boolean serving frontends/<area>/dist; false when nothing matched. */
export function staticHandler(frontendsDir) {
  const root = resolve(frontendsDir);
  const shellDist = join(root, 'shell', 'dist');
  return (req, res) => {
    const url = new URL(req.url, 'http://x');
    const path = url.pathname;
    const mf = /^\/mf\/([a-z0-9-]+)\/(.*)$/.exec(path);
    if (mf) {
      const cors = { 'Access-Control-Allow-Origin': '*' };
      if (req.method === 'OPTIONS') {
        res.writeHead(204, { ...cors, 'Access-Control-Allow-Methods': 'GET', 'Access-Control-Allow-Headers': '*' });
        res.end();
        return true;
      }
      const dist = join(root, mf[1], 'dist');
      const file = safeJoin(dist, mf[2] || 'index.html');
      if (file && existsSync(file) && statSync(file).isFile()) sendFile(res, file, cors);
      else {
        res.writeHead(404, { 'Content-Type': 'text/plain', ...cors });
        res.end('not found');
      }
      return true;
    }
    if (path.startsWith('/api/')) return false;
    const file = safeJoin(shellDist, path === '/' ? 'index.html' : path.slice(1));
    if (file && existsSync(file) && statSync(file).isFile()) {
      sendFile(res, file);
      return true;
    }
    if (path.startsWith('/assets/') || extname(path)) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found');
      return true;
    }
    const index = join(shellDist, 'index.html');
    if (!existsSync(index)) {
      res.writeHead(503, { 'Content-Type': 'text/plain' });
      res.end('portal not built: run npm run build in frontends/');
      return true;
    }
    sendFile(res, index);
    return true;
  };
}
