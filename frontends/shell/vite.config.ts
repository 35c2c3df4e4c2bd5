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

/** Where the gate script is written in dist/ and served from (not hashed: the static server revalidates it). */
export const GATE_FILE = 'loom-gate.js';

/**
 * The page's start-up decision as a script file of its own, so the portal's content security
 * policy can refuse every inline script (`script-src 'self'`, gateway/dynamic/routes.yml).
 */
export function gateScript(scripts: string[], preload: string[] = []): string {
  return `const scripts = ${JSON.stringify(scripts)};
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
`;
}

/** The page without module federation's scripts and preloads, and the gate that loads them (null: nothing to gate). */
export function gateHtml(html: string, preload: string[] = []): { html: string; gate: string } | null {
  const scripts: string[] = [];
  let out = html.replace(/<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/g, (_m, src: string) => {
    scripts.push(src);
    return '';
  });
  if (scripts.length === 0) return null;
  out = out.replace(/<link rel="modulepreload"[^>]*>\s*/g, '');
  const tag = `<script type="module" src="/${GATE_FILE}"></script>\n`;
  return { html: out.replace('</head>', tag + '</head>'), gate: gateScript(scripts, preload) };
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
        const gated = gateHtml(readFileSync(file, 'utf8'), startupFiles(files));
        if (!gated) return;
        writeFileSync(file, gated.html);
        writeFileSync(resolve(outDir, GATE_FILE), gated.gate);
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
