// The steps of the JeePlus client's test, in order: log in, open every menu page, then the actions.
import { readFileSync } from 'node:fs';
import { Check, clearToasts, errorToasts, eventually, expect, settled } from './lib.mjs';
import { ACTIONS } from './actions.mjs';
import { menuPages, openMenu, route } from './menu.mjs';

const HOME = '/sys/dashboard/analysis/index';
// The client's views and Loom's own pages, which it has no screen for (their menus open nothing
// in it): menu.json, which sys's unit test holds every seeded page to.
const MENU = JSON.parse(readFileSync(new URL('./menu.json', import.meta.url), 'utf8'));
const LOOM_ONLY = new Map(Object.entries(MENU.loomOnly));
const CLIENT_VIEWS = new Set(MENU.clientViews);

/** The client's login page, as a user signs in (its captcha is shown; Loom asks for none). */
async function login(ctx) {
  const { page, watcher } = ctx;
  await page.goto(ctx.base + '/');
  await page.locator('input[placeholder="请输入账号"]').fill(ctx.admin.user);
  await page.locator('input[placeholder="请输入密码"]').fill(ctx.admin.password);
  await page.locator('input[placeholder="请输入验证码"]').fill('1234');
  await page.locator('button.login-submit').click();
  // the client lands on its home, the dashboard the menu's 首页 names
  await eventually(() => route(page) === HOME, `the client lands on ${HOME}`, 30000);
  await page.locator('.jp-sidebar li.el-menu-item').first().waitFor({ timeout: 20000 });
  await settled(page, watcher, 'the home page settles');
  const failures = [...watcher.take(), ...(await errorToasts(page))];
  expect(!failures.length, `after login: ${failures.join('; ')}`);
}

/** Every page of the menu opens its screen and loads its data: no failed call, no error shown. */
async function everyMenuPage(ctx) {
  const { page, watcher } = ctx;
  const all = (await menuPages(page)).filter((p) => p.href !== HOME);
  // Every page Loom seeds is in menu.json, as a view of the client or as one of Loom's own (sys's
  // unit test holds the seed to it). A page made later on this platform (a module generated and
  // published on Loom, live in its portal; a menu a user added) has no view in a client built before
  // it: JeePlus copies a generated module's views into the client's sources.
  const path = (p) => p.href.split('?')[0];
  const pages = all.filter((p) => CLIENT_VIEWS.has(path(p)));
  const loomOnly = all.filter((p) => LOOM_ONLY.has(path(p))).map((p) => p.name);
  const madeLater = all.filter((p) => !CLIENT_VIEWS.has(path(p)) && !LOOM_ONLY.has(path(p))).map((p) => p.name);
  const opened = [];
  const broken = [];
  for (const p of pages) {
    await clearToasts(page);
    watcher.take();
    try {
      await openMenu(ctx, p.name, p.parents);
      await eventually(() => route(page) === path(p), `the route becomes ${p.href}`, 15000);
      await settled(page, watcher, `${p.name} settles`);
      const failures = [...watcher.take(), ...(await errorToasts(page))];
      if (route(page) === '/404') failures.push('the client has no view for it (404)');
      if (failures.length) throw new Check(failures.join('; '));
      opened.push(p.name);
    } catch (e) {
      broken.push(`${p.name} (${p.href}): ${e.message}`);
    }
  }
  ctx.results.pages = { opened: opened.length, of: pages.length };
  ctx.results.summary = [
    `menu pages: ${opened.length} of ${pages.length} open and load their data` +
      (loomOnly.length ? ` (and ${loomOnly.length} of Loom's own, which the client has no screen for: ${loomOnly.join(', ')})` : '') +
      (madeLater.length ? ` (and ${madeLater.length} made on this platform since, which a client built before has no view for: ${madeLater.join(', ')})` : ''),
  ];
  expect(!broken.length, `${broken.length} of ${pages.length} menu pages do not open:\n${broken.join('\n')}`);
}

export const STEPS = [
  { name: 'the client signs in and lands on its home', run: login, always: true, critical: true },
  { name: 'every menu page opens and loads its data', run: everyMenuPage },
  ...ACTIONS,
];
