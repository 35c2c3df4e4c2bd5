import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { federation } from '@module-federation/vite';
import { shared, AREAS } from '../federation.shared';

/**
 * Production gate: the page first decides whether there is a session. Without one (or on /login)
 * it loads the small login bundle (dist/login/index.js) and never starts module federation;
 * with one it starts the federated portal. The module scripts that module federation puts in
 * index.html (host init, entry) and their preloads are moved behind that decision. Runs on the
 * written file, after every other plugin has transformed the page.
 */
/** Files of the portal's start-up chain (module-federation init, shared singletons, layout), preloaded together. */
const STARTUP = [
  /^assets\/(hostInit|vite-preload-helper|helpers|dist|rolldown-runtime|pendingShares|index|bootstrap|core|Portal)-[\w-]+\.js$/,
  /^assets\/_virtual_mf-localSharedImportMap[\w-]*\.js$/,
  /^assets\/_virtual_mf___.*loadShare__(react|antd|i18next|react_mf_2_i18next|react_mf_2_router_mf_2_dom|react_mf_2_dom|react_mf_1_jsx)[\w.-]*\.js$/,
  /^remoteEntry-[\w-]+\.js$/,
];

export function startupFiles(files: string[]): string[] {
  return files.filter((f) => STARTUP.some((re) => re.test(f))).map((f) => '/' + f);
}

export function gateHtml(html: string, preload: string[] = []): string {
  const scripts: string[] = [];
  let out = html.replace(/<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/g, (_m, src: string) => {
    scripts.push(src);
    return '';
  });
  if (scripts.length === 0) return html;
  out = out.replace(/<link rel="modulepreload"[^>]*>\s*/g, '');
  const gate = `<script type="module">
const scripts = ${JSON.stringify(scripts)};
const preload = ${JSON.stringify(preload)};
// starts the federated portal; the login bundle calls it after a successful login (no page reload)
window.__loomStartPortal = () => {
  for (const s of [...scripts, ...preload]) {
    const l = document.createElement('link');
    l.rel = 'modulepreload';
    l.href = s;
    document.head.appendChild(l);
  }
  return (async () => { for (const s of scripts) await import(s); })();
};
const p = location.pathname;
let authed = false;
try { authed = !!localStorage.getItem('loom.token'); } catch (e) {}
if (p === '/login' || p === '/login/' || !authed) {
  if (!p.startsWith('/login')) history.replaceState(null, '', '/login' + (p === '/' ? '' : '?redirect=' + encodeURIComponent(p + location.search)));
  import('/login/index.js');
} else {
  window.__loomStartPortal();
}
</script>
`;
  return out.replace('</head>', gate + '</head>');
}

function loginGate(): Plugin {
  let outDir = 'dist';
  return {
    name: 'loom-login-gate',
    apply: 'build',
    enforce: 'post',
    configResolved(c) {
      outDir = resolve(c.root, c.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const file = resolve(outDir, 'index.html');
        const files = [...readdirSync(resolve(outDir, 'assets')).map((f) => 'assets/' + f), ...readdirSync(outDir)];
        writeFileSync(file, gateHtml(readFileSync(file, 'utf8'), startupFiles(files)));
      },
    },
  };
}

// The shell is the only host. Remotes are loaded from /mf/<area>/remoteEntry.js on the same origin.
export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), 'LOOM_');
  const gateway = env.LOOM_PORTAL_URL || process.env.LOOM_PORTAL_URL || 'http://127.0.0.1:8080';
  return {
    base: '/',
    plugins: [
      react(),
      loginGate(),
      federation({
        name: 'shell',
        remotes: Object.fromEntries(
          AREAS.map((area) => [
            area,
            { type: 'module', name: area, entry: `/mf/${area}/remoteEntry.js`, entryGlobalName: area, shareScope: 'default' },
          ]),
        ),
        shared,
        shareStrategy: 'loaded-first',
        dts: false,
      }),
    ],
    build: { target: 'es2022', outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 4000 },
    server: {
      port: 5173,
      proxy: { '/api': gateway, '/mf': gateway },
    },
    preview: { port: 4173, proxy: { '/api': gateway, '/mf': gateway } },
  };
});
