// One origin for the built JeePlus client and Loom's gateway, as a JeePlus shop serves them: the
// client's files at `/`, and `/api/...` handed to the gateway as it is (the gateway strips `/api`).
// Nothing of the client is changed on the way: its requests and Loom's answers pass through whole.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, request as forward } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
};

/** The file under `root` a path names, or null (never a path outside it). */
function fileOf(root, path) {
  const rel = normalize(decodeURIComponent(path.split('?')[0])).replace(/^([/\\])+/, '');
  const file = join(root, rel || 'index.html');
  if (file !== root && !file.startsWith(root + sep)) return null;
  if (!existsSync(file)) return null;
  return statSync(file).isDirectory() ? (existsSync(join(file, 'index.html')) ? join(file, 'index.html') : null) : file;
}

/**
 * Starts the server on a free port of 127.0.0.1: the files of `root` (the built client), and every
 * `/api/` request passed to `gateway` (e.g. http://127.0.0.1:25080). Resolves with its base URL and
 * a `close()`.
 */
export function serveClient(root, gateway) {
  const upstream = new URL(gateway);
  const server = createServer((req, res) => {
    if (req.url.startsWith('/api/') || req.url === '/api') {
      const proxied = forward(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
        (answer) => {
          res.writeHead(answer.statusCode, answer.headers);
          answer.pipe(res);
        },
      );
      proxied.on('error', (e) => {
        res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`gateway unreachable: ${e.message}`);
      });
      req.pipe(proxied);
      return;
    }
    const file = fileOf(root, req.url);
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({ base: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}
