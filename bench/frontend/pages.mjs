#!/usr/bin/env node
// First opens of the portal's pages (headless Debian Chromium through playwright-core): for each page,
// a fresh browser (cold cache) logs in, waits until the portal is idle after login (the pages of the
// user's menus prefetched, when the portal does that), then opens the page from the side menu; the
// time is from the click on the menu item to the first animation frame where the page's table has
// its rows (no loading spinner left). The JavaScript fetched after the click is recorded as well.
// Runs against the real platform at LOOM_PORTAL_URL (scripts/platform-at.sh). Writes its section of
// bench/frontend/RESULTS.md (between the pages markers). LOOM_BENCH_RUNS (default 3) runs per page.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { adminCredentials, launch, portal, CHROMIUM } from '../../e2e/browser/lib/harness.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const RUNS = Number(process.env.LOOM_BENCH_RUNS ?? 3);
const TARGET_MS = 1500;
const base = (process.env.LOOM_PORTAL_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const creds = adminCredentials();

/** [menu group, page, href, target ms] */
const PAGES = [
  ['系统管理', '用户管理', '/sys/user/UserList', TARGET_MS],
  ['系统管理', '机构管理', '/sys/office/OfficeList', TARGET_MS],
  ['系统管理', '角色管理', '/sys/role/RoleList', TARGET_MS],
  ['表单管理', '表单设计', '/form/MakeFormList', TARGET_MS],
  ['流程管理', '流程设计', '/flowable/process/ModelList', TARGET_MS],
  ['流程管理', '待办任务', '/flowable/task/TodoList', 1000],
  ['代码生成', '表单配置', '/gen/GenTableList', TARGET_MS],
];

const browser = await launch();
const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');
const loadBefore = load();

async function openOnce([group, name, href]) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  await page.addInitScript((href) => {
    const b = (window.__loomPages = {});
    document.addEventListener('click', (e) => {
      if (e.target instanceof Element && e.target.closest('.loom-side-menu .ant-menu-item')) b.click = performance.now();
    }, true);
    const ready = () => {
      const scope = document.querySelector(`[data-page="${href}"]`);
      return scope && scope.querySelector('.ant-table-tbody tr') && !scope.querySelector('.ant-spin-spinning');
    };
    new MutationObserver(() => {
      if (b.click !== undefined && b.ready === undefined && ready()) {
        b.ready = -1;
        requestAnimationFrame(() => (b.ready = performance.now()));
      }
    }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
  }, href);
  await portal(base).login(page, creds.user, creds.password);
  // the portal is idle after login: its prefetch of the menus' pages is over (or there is none)
  await page.waitForFunction(() => window.__loomPrefetch === undefined || window.__loomPrefetch.done === true, null, { timeout: 60000 });
  // not 'networkidle': the header's notice bell keeps its event stream open for as long as the page lives
  await page.waitForLoadState('load');
  const scripts = [];
  page.on('response', async (res) => {
    if (!(res.headers()['content-type'] ?? '').includes('javascript')) return;
    try {
      const gz = gzipSync(await res.body()).length;
      scripts.push(gz);
      if (process.env.LOOM_BENCH_DEBUG) console.log(`    ${(gz / 1024).toFixed(1)} KB ${res.url().replace(base, "")}`);
    } catch {
      /* aborted */
    }
  });
  const menu = page.locator('.loom-side-menu');
  const item = menu.locator('.ant-menu-item', { hasText: name }).first();
  if (!(await item.isVisible())) await menu.locator('.ant-menu-submenu-title', { hasText: group }).first().click();
  await item.click();
  const t = await page.waitForFunction(() => window.__loomPages.ready > 0 && window.__loomPages, null, { timeout: 30000 }).then((h) => h.jsonValue());
  await context.close();
  return { ms: Math.round(t.ready - t.click), js: scripts.reduce((a, b) => a + b, 0), files: scripts.length };
}

const rows = [];
for (const p of PAGES) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await openOnce(p));
  const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
  rows.push({ page: p, median: ms[Math.floor(ms.length / 2)], min: ms[0], max: ms[ms.length - 1], js: runs[0].js, files: runs[0].files, target: p[3] });
  console.log(p[1], ms.join(' '), 'ms', (runs[0].js / 1024).toFixed(1), 'KB gz after the click');
}
const version = await browser.version();
await browser.close();
const loadAfter = load();
let commit = '';
try {
  commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: here }).toString().trim();
} catch {
  /* not a git checkout */
}

const section = `<!-- pages:begin -->
## First opens of pages

Recorded by \`bench/frontend/pages.mjs\` (\`cd frontends && node ../bench/frontend/pages.mjs\`) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC,
commit ${commit || 'n/a'}, ${version} (${CHROMIUM}, headless), ${RUNS} runs per page, each a fresh browser (cold cache) that
logged in and waited until the portal was idle. Load average (1, 5, 15 min) ${loadBefore} before, ${loadAfter} after — the
2-core machine is shared with other engineers' builds and tests, so the times are upper bounds of an idle machine's.
Time: click on the side-menu item → first frame with the page's table rows (no spinner left).

| page | median | min | max | target | | JavaScript fetched after the click (gzip) |
| --- | ---: | ---: | ---: | ---: | --- | ---: |
${rows.map((r) => `| ${r.page[1]} \`${r.page[2]}\` | **${r.median} ms** | ${r.min} | ${r.max} | < ${r.target} ms | ${r.median < r.target ? 'met' : 'MISSED'} | ${(r.js / 1024).toFixed(1)} KB (${r.files} files) |`).join('\n')}

<!-- pages:end -->
`;
const resultsFile = join(here, 'RESULTS.md');
const old = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8') : '';
const next = /<!-- pages:begin -->[\s\S]*<!-- pages:end -->\n?/.test(old) ? old.replace(/<!-- pages:begin -->[\s\S]*<!-- pages:end -->\n?/, section) : `${old.trimEnd()}\n\n${section}`;
if (process.env.LOOM_BENCH_WRITE !== '0') writeFileSync(resultsFile, next);
console.log(section);
process.exit(rows.every((r) => r.median < r.target) ? 0 : 1);
