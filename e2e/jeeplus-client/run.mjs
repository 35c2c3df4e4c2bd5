#!/usr/bin/env node
// The real JeePlus admin client on Loom, in Chromium: its login, every page of its menu, and the
// everyday actions through its own dialogs (a user in a department, a dictionary with values, a
// role with menu rights, a table designed, synced and generated, a form designed and published, a
// process drawn, published, started and approved).
//
// The client is not part of this repository: a JeePlus-Vue client built beforehand from its public
// source (`make jeeplus-client`, scripts/build_jeeplus_client.sh: jp-ui at a pinned commit with its
// own lock file, VUE_APP_SERVER_URL=/api) is found at LOOM_JEEPLUS_CLIENT_DIR (default
// ~/.cache/loom/jeeplus-client/dist). Without one the test says so and passes over (exit 0); `make
// test` runs it only then, `make test-jeeplus-client` alone (building it first when absent).
//   LOOM_PORTAL_URL   Loom's gateway (default http://127.0.0.1:8080); the client is served beside
//                     it on one origin (its files at /, /api/... handed to the gateway)
//   --only=<name>     run the steps whose name contains <name> (login always runs)
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { adminCredentials, launch, SHOTS } from '../browser/lib/harness.mjs';
import { serveClient } from './serve.mjs';
import { watch } from './lib.mjs';
import { STEPS } from './steps.mjs';

const dist = process.env.LOOM_JEEPLUS_CLIENT_DIR || join(homedir(), '.cache', 'loom', 'jeeplus-client', 'dist');
if (!existsSync(join(dist, 'index.html'))) {
  console.log(`jeeplus client: skipped, no built JeePlus-Vue client at ${dist} (LOOM_JEEPLUS_CLIENT_DIR)`);
  process.exit(0);
}
const gateway = (process.env.LOOM_PORTAL_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
try {
  const res = await fetch(gateway + '/api/sys/sysConfig/getConfig');
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
} catch (e) {
  console.error(`Loom does not answer at ${gateway} (${e.message}). Start it (make dev, or scripts/platform-at.sh on an e2e port base).`);
  process.exit(2);
}
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);

const server = await serveClient(dist, gateway);
const browser = await launch();
const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
const page = await context.newPage();
const ctx = { page, watcher: watch(page), base: server.base, admin: adminCredentials(), results: {}, run: Date.now().toString(36) };
console.log(`JeePlus client ${dist} at ${server.base}, Loom at ${gateway}`);

const started = Date.now();
let failed = 0;
let ran = 0;
for (const step of STEPS) {
  if (only && !step.always && !step.name.includes(only)) continue;
  ran += 1;
  const t0 = Date.now();
  try {
    await step.run(ctx);
    console.log(`  ✓ ${step.name} (${Date.now() - t0} ms)`);
  } catch (e) {
    failed += 1;
    await page.screenshot({ path: join(SHOTS, `jeeplus-${step.name.slice(0, 40).replace(/[^a-z0-9]+/gi, '-')}.png`) }).catch(() => undefined);
    console.log(`  ✗ ${step.name} (${Date.now() - t0} ms)\n      ${String(e?.message ?? e).split('\n').slice(0, 12).join('\n      ')}`);
    if (step.critical) break;
    // the next step starts from the client's home, as after a fresh load (no dialog left open)
    await page.goto(`${server.base}/#/sys/dashboard/analysis/index`).catch(() => undefined);
    await page.reload().catch(() => undefined);
    await page.locator('.jp-sidebar li.el-menu-item').first().waitFor({ timeout: 20000 }).catch(() => undefined);
  }
}
await browser.close();
await server.close();
for (const line of ctx.results.summary ?? []) console.log(line);
console.log(`\njeeplus client took ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`${ran - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
