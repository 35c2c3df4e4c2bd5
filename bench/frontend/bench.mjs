#!/usr/bin/env node
// Portal front-end benchmark (headless Debian Chromium through playwright-core):
//   1. the shell's initial JavaScript: every script the login page loads, gzip-compressed (target < 300 KB);
//      the JavaScript the portal loads after login is recorded too;
//   2. the time from opening the login page to the first rendered menu after login (target < 1.5 s),
//      cold (fresh browser profile each run) and warm (cached assets).
// Runs against the real platform at LOOM_PORTAL_URL (default http://127.0.0.1:8080; start one with
// make dev or scripts/platform-at.sh). Writes RESULTS.md.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync, spawnSync } from 'node:child_process';
import { adminCredentials, launch, CHROMIUM } from '../../e2e/browser/lib/harness.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const RUNS = Number(process.env.LOOM_BENCH_RUNS ?? 7);
const TARGET_KB = 300;
const TARGET_MS = 1500;

const base = (process.env.LOOM_PORTAL_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const mode = 'gateway';
const creds = adminCredentials();
async function answers(url) {
  try {
    return (await fetch(url + '/api/sys/sysConfig/getConfig')).ok;
  } catch {
    return false;
  }
}
if (!(await answers(base))) {
  console.error(`The portal does not answer at ${base}: start it (make dev, or scripts/platform-at.sh).`);
  process.exit(2);
}

const browser = await launch();

/** One cold or warm run: returns timings and the scripts loaded before and after login. */
async function run(context) {
  const page = await context.newPage();
  // in-page clock: the first animation frame after the element is in the DOM, in ms since the
  // login page's navigation started (the portal boots in the same document after login)
  await page.addInitScript(() => {
    const marks = (window.__loomBench = {});
    const watch = { login: '#loom-username', menu: '.loom-side-menu .ant-menu-submenu-title, .loom-side-menu .ant-menu-item' };
    const check = () => {
      for (const [k, sel] of Object.entries(watch)) {
        if (marks[k] === undefined && document.querySelector(sel)) {
          marks[k] = -1;
          requestAnimationFrame(() => (marks[k] = performance.now()));
        }
      }
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true });
  });
  const scripts = [];
  let phase = 'login';
  page.on('response', async (res) => {
    const type = res.headers()['content-type'] ?? '';
    if (!type.includes('javascript')) return;
    try {
      const body = await res.body();
      scripts.push({ url: res.url().replace(base, ''), phase, raw: body.length, gzip: gzipSync(body).length, cached: res.fromServiceWorker() || res.status() === 304 });
    } catch {
      /* redirected or aborted */
    }
  });
  await page.goto(base + '/login');
  await page.waitForSelector('#loom-username');
  await page.fill('#loom-username', creds.user);
  await page.fill('#loom-password', creds.password);
  phase = 'portal';
  const submitAt = await page.evaluate(() => performance.now());
  await page.click('.loom-login-submit');
  await page.waitForSelector('.loom-side-menu .ant-menu-submenu-title, .loom-side-menu .ant-menu-item', { state: 'visible', timeout: 30000 });
  const m = await page.waitForFunction(() => window.__loomBench.menu > 0 && window.__loomBench).then((h) => h.jsonValue());
  await page.close();
  return { loginShown: Math.round(m.login), menu: Math.round(m.menu), afterSubmit: Math.round(m.menu - submitAt), scripts };
}

const cold = [];
for (let i = 0; i < RUNS; i++) {
  const context = await browser.newContext();
  cold.push(await run(context));
  await context.close();
}
const warmContext = await browser.newContext();
await run(warmContext);
const warm = [];
for (let i = 0; i < RUNS; i++) {
  await warmContext.clearCookies();
  await warmContext.addInitScript(() => undefined);
  const p = await warmContext.newPage();
  await p.goto(base + '/login');
  await p.evaluate(() => localStorage.clear());
  await p.close();
  warm.push(await run(warmContext));
}
await warmContext.close();
const version = await browser.version();
await browser.close();

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
const kb = (n) => (n / 1024).toFixed(1);
const first = cold[0];
const loginJs = first.scripts.filter((s) => s.phase === 'login');
const portalJs = first.scripts.filter((s) => s.phase === 'portal');
const sum = (list, k) => list.reduce((n, s) => n + s[k], 0);
const initialGzip = sum(loginJs, 'gzip');
const coldMenu = median(cold.map((r) => r.menu));
const warmMenu = median(warm.map((r) => r.menu));
const okJs = initialGzip / 1024 < TARGET_KB;
const okMs = coldMenu < TARGET_MS;
let node = process.version;
let commit = '';
try {
  commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: here }).toString().trim();
} catch {
  /* not a git checkout */
}

const top = [...portalJs].sort((a, b) => b.gzip - a.gzip).slice(0, 8);
const md = `# Front-end benchmark

Recorded by \`bench/frontend/bench.mjs\` (\`cd frontends && npm run bench\`) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC,
commit ${commit || 'n/a'}, Node ${node}, ${version} (${CHROMIUM}, headless), ${RUNS} runs each.
Backend: ${mode} at ${base}.

| measure | result | target | |
| --- | ---: | ---: | --- |
| initial JavaScript of the shell (login page), gzip | **${kb(initialGzip)} KB** (${loginJs.length} file${loginJs.length === 1 ? '' : 's'}, ${kb(sum(loginJs, 'raw'))} KB raw) | < ${TARGET_KB} KB | ${okJs ? 'met' : 'MISSED'} |
| login page opened → first menu rendered, cold cache (median) | **${coldMenu} ms** (min ${Math.min(...cold.map((r) => r.menu))}, max ${Math.max(...cold.map((r) => r.menu))}) | < ${TARGET_MS} ms | ${okMs ? 'met' : 'MISSED'} |
| same, warm cache (median) | ${warmMenu} ms | | |
| login form shown (cold, median) | ${median(cold.map((r) => r.loginShown))} ms | | |
| submit → first menu (cold, median) | ${median(cold.map((r) => r.afterSubmit))} ms | | |
| JavaScript loaded after login (portal, shared antd, @loom/ui…), gzip | ${kb(sum(portalJs, 'gzip'))} KB (${portalJs.length} files, ${kb(sum(portalJs, 'raw'))} KB raw) | | |

Times are read in the page: the first animation frame after the element is in the DOM, in ms since the
login page's navigation started (typing by the automation included; the portal boots in the same document).

How the budget is met: the login page is a stand-alone bundle (\`frontends/shell/vite.login.config.ts\`: React,
i18next, the HTTP client; no antd, no module federation). A gate in \`index.html\` loads it when there is no
session and starts the federated portal otherwise; after login it boots the portal in the same page while
the menus are already being fetched, and preloads the portal's start-up chain in parallel. The module-federation host initialises every shared
singleton (react, react-dom, antd, react-router-dom, @loom/ui…) before it renders, so those are loaded only
after login. Sizes are gzip level 6 of the bytes the browser received.

Largest scripts loaded after login (gzip):

| script | gzip KB |
| --- | ---: |
${top.map((s) => `| \`${s.url.length > 90 ? s.url.slice(0, 45) + '…' + s.url.slice(-40) : s.url}\` | ${kb(s.gzip)} |`).join('\n')}
`;
const resultsFile = join(here, 'RESULTS.md');
const previous = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8') : '';
// the forms remote's and the first opens' sections (forms.mjs, pages.mjs) are kept
const kept = ['forms', 'pages'].map((k) => previous.match(new RegExp(`<!-- ${k}:begin -->[\\s\\S]*<!-- ${k}:end -->\\n?`))?.[0]).filter(Boolean);
writeFileSync(resultsFile, [md, ...kept].join('\n'));
console.log(md);
if (process.env.LOOM_BENCH_FORMS !== '0') spawnSync(process.execPath, [join(here, 'forms.mjs')], { stdio: 'inherit', env: process.env });
process.exit(okJs && okMs ? 0 : 1);
