#!/usr/bin/env node
// Browser tests of the portal (playwright-core + Debian Chromium at /usr/bin/chromium).
//   LOOM_PORTAL_URL  portal to test (default http://127.0.0.1:8080, the gateway of `make dev`); always
//                    the real platform (scripts/e2e.sh or scripts/platform-at.sh start one on their own ports)
//   --only=<name>    run the tests whose name contains <name>
//   --file=<name>    run the test files whose name contains <name>
// Screenshots go to e2e/browser/screenshots/ (gitignored).
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launch, portal } from './lib/harness.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
const fileFilter = process.argv.find((a) => a.startsWith('--file='))?.slice(7);

const base = (process.env.LOOM_PORTAL_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');

try {
  const res = await fetch(base + '/');
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
} catch (e) {
  console.error(`The portal does not answer at ${base} (${e.message}). Start it (make dev, or scripts/platform-at.sh on an e2e port base).`);
  process.exit(2);
}

const files = readdirSync(join(here, 'tests'))
  .filter((f) => f.endsWith('.test.mjs') && (!fileFilter || f.includes(fileFilter)))
  .sort();
const tests = [];
for (const f of files) {
  const mod = await import(pathToFileURL(join(here, 'tests', f)).href);
  for (const t of mod.default) tests.push({ ...t, file: f });
}

const browser = await launch();
const ctx = { base, portal: portal(base), browser, shared: {} };
let failed = 0;
let passed = 0;
const started = Date.now();
const fileTimes = new Map(); // where the time goes, file by file
for (const t of tests) {
  if (only && !t.name.includes(only)) continue;
  const t0 = Date.now();
  const spent = () => fileTimes.set(t.file, (fileTimes.get(t.file) ?? 0) + Date.now() - t0);
  try {
    await t.run(ctx);
    passed += 1;
    console.log(`  ✓ ${t.name} (${Date.now() - t0} ms)`);
    spent();
  } catch (e) {
    failed += 1;
    // the page the test worked in: the shared one, else the newest page open in any context
    const open = browser.contexts().flatMap((c) => c.pages()).filter((pg) => !pg.isClosed());
    const page = ctx.shared.page && !ctx.shared.page.isClosed() ? ctx.shared.page : open[open.length - 1];
    if (page) await page.screenshot({ path: join(here, 'screenshots', `failed-${t.name.slice(0, 40).replace(/[^a-z0-9]+/gi, '-')}.png`) }).catch(() => undefined);
    console.log(`  ✗ ${t.name} (${Date.now() - t0} ms)\n      ${String(e?.stack ?? e).split('\n').slice(0, 4).join('\n      ')}`);
    spent();
    if (t.critical) break;
  }
}
await browser.close();
console.log('\ntime per file:');
for (const [file, ms] of [...fileTimes].sort((a, b) => b[1] - a[1])) console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${file}`);
console.log(`\nbrowser tests took ${((Date.now() - started) / 1000).toFixed(1)} s against ${base}`);
// The plain closing line CI reads, alone on its line.
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
