#!/usr/bin/env node
// Browser tests of the portal (playwright-core + Debian Chromium at /usr/bin/chromium).
//   LOOM_PORTAL_URL  portal to test (default http://127.0.0.1:8080, the gateway of `make dev`); always
//                    the real platform (scripts/e2e.sh or scripts/platform-at.sh start one on their own ports)
//   --only=<name>    run the tests whose name contains <name>
//   --file=<name>    run the test files whose name contains <name> (several --file: any of them)
//   --lanes=<n>      run the files in n lanes at once (LOOM_E2E_BROWSER_LANES, default 1: one after another)
// Screenshots go to e2e/browser/screenshots/ (gitignored).
import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launch, portal } from './lib/harness.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
const fileFilters = process.argv.filter((a) => a.startsWith('--file=')).map((a) => a.slice(7));

const base = (process.env.LOOM_PORTAL_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');

try {
  const res = await fetch(base + '/');
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
} catch (e) {
  console.error(`The portal does not answer at ${base} (${e.message}). Start it (make dev, or scripts/platform-at.sh on an e2e port base).`);
  process.exit(2);
}

const files = readdirSync(join(here, 'tests'))
  .filter((f) => f.endsWith('.test.mjs') && (!fileFilters.length || fileFilters.some((name) => f.includes(name))))
  .sort();
const tests = [];
for (const f of files) {
  const mod = await import(pathToFileURL(join(here, 'tests', f)).href);
  // a file may say `export const alone = true`: each of its tests then runs alone (native drags)
  for (const t of mod.default) tests.push({ ...t, file: f, alone: t.alone ?? mod.alone ?? false });
}

// Lanes (LOOM_E2E_BROWSER_LANES or --lanes=N, default 1): the files run in that many browser
// processes at once (a Chromium each: a native drag in one never meets another's), each lane taking the next file when its own is done, the largest (slowest)
// files first; a file's tests stay in order in one lane with one `shared`. A test that changes what
// every session sees (a global setting) or counts what any test may add (the administrator's
// notices) says `alone: true`: it waits until the other lanes are between tests, and they wait for
// it. The first file's leading `critical` tests (login) run before any lane starts, and a
// `critical` test that fails stops every lane.
const lanesArg = process.argv.find((a) => a.startsWith('--lanes='))?.slice(8) ?? process.env.LOOM_E2E_BROWSER_LANES ?? '1';
const laneCount = Math.max(1, Number.parseInt(lanesArg, 10) || 1);
let failed = 0;
let passed = 0;
let stopped = false;
const started = Date.now();
const fileTimes = new Map(); // where the time goes, file by file

/** A readers-writer lock: every test holds it shared, an `alone` test exclusively (and goes first). */
const lock = {
  readers: 0,
  writer: false,
  writersWaiting: 0,
  waiters: [],
  wake() {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  },
  async acquire(alone) {
    if (alone) this.writersWaiting += 1;
    for (;;) {
      const free = alone ? !this.writer && this.readers === 0 : !this.writer && this.writersWaiting === 0;
      if (free) break;
      await new Promise((r) => this.waiters.push(r));
    }
    if (alone) {
      this.writersWaiting -= 1;
      this.writer = true;
    } else this.readers += 1;
  },
  release(alone) {
    if (alone) this.writer = false;
    else this.readers -= 1;
    this.wake();
  },
};

const laneTag = (lane) => (laneCount > 1 ? ` [lane ${lane + 1}]` : '');
async function runTest(t, ctx, lane) {
  if (only && !t.name.includes(only)) return;
  if (stopped) return;
  await lock.acquire(Boolean(t.alone));
  const t0 = Date.now();
  const spent = () => fileTimes.set(t.file, (fileTimes.get(t.file) ?? 0) + Date.now() - t0);
  try {
    await t.run(ctx);
    passed += 1;
    console.log(`  ✓ ${t.name} (${Date.now() - t0} ms)${laneTag(lane)}`);
    spent();
  } catch (e) {
    failed += 1;
    // the page the test worked in: the lane's shared one, else the newest page open in any context
    const open = ctx.browser.contexts().flatMap((c) => c.pages()).filter((pg) => !pg.isClosed());
    const page = ctx.shared.page && !ctx.shared.page.isClosed() ? ctx.shared.page : open[open.length - 1];
    if (page) await page.screenshot({ path: join(here, 'screenshots', `failed-${t.name.slice(0, 40).replace(/[^a-z0-9]+/gi, '-')}.png`) }).catch(() => undefined);
    console.log(`  ✗ ${t.name} (${Date.now() - t0} ms)${laneTag(lane)}\n      ${String(e?.stack ?? e).split('\n').slice(0, 4).join('\n      ')}`);
    spent();
    if (t.critical) stopped = true;
  } finally {
    lock.release(Boolean(t.alone));
  }
}

// the queue of files: the first file (its critical tests open the run) first, then the largest
const byFile = new Map();
for (const t of tests) byFile.set(t.file, [...(byFile.get(t.file) ?? []), t]);
const first = files[0];
const size = (f) => statSync(join(here, 'tests', f)).size;
const queue = laneCount > 1 ? files.slice(1).sort((a, b) => size(b) - size(a)) : files.slice(1); // one lane: the order of old
if (first) queue.unshift(first);
const browsers = await Promise.all(Array.from({ length: laneCount }, () => launch()));
const contexts = browsers.map((browser) => ({ base, portal: portal(base), browser, shared: {} }));
// the gate: the first file's leading critical tests, alone, before the lanes start
const gate = [];
for (const t of byFile.get(first) ?? []) {
  if (!t.critical) break;
  gate.push(t);
}
for (const t of gate) await runTest(t, contexts[0], 0);
if (first) byFile.set(first, byFile.get(first).slice(gate.length));
await Promise.all(
  contexts.map(async (ctx, lane) => {
    for (let file = queue.shift(); file !== undefined && !stopped; file = queue.shift()) {
      for (const t of byFile.get(file) ?? []) await runTest(t, ctx, lane);
    }
  }),
);
await Promise.all(browsers.map((b) => b.close()));
console.log('\ntime per file:');
for (const [file, ms] of [...fileTimes].sort((a, b) => b[1] - a[1])) console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${file}`);
console.log(`\nbrowser tests took ${((Date.now() - started) / 1000).toFixed(1)} s against ${base} in ${laneCount} lane(s)`);
// The plain closing line CI reads, alone on its line.
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
