// A small harness over playwright-core and Debian's Chromium (never a downloaded browser).
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const ROOT = join(here, '..', '..', '..');
export const FRONTENDS = join(ROOT, 'frontends');
export const SHOTS = join(here, '..', 'screenshots');
const require = createRequire(join(FRONTENDS, 'package.json'));
export const { chromium } = require('playwright-core');

export const CHROMIUM = process.env.LOOM_CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

export function launch() {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} not found: install Debian's chromium (make install-browser)`);
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/** The admin credentials: LOOM_ADMIN_USER / LOOM_ADMIN_PASSWORD, else the password `make dev` wrote. */
export function adminCredentials() {
  const user = process.env.LOOM_ADMIN_USER ?? 'admin';
  if (process.env.LOOM_ADMIN_PASSWORD) return { user, password: process.env.LOOM_ADMIN_PASSWORD };
  const state = process.env.LOOM_STATE_DIR ?? join(ROOT, '.loom');
  const file = join(state, 'admin-password.txt');
  if (existsSync(file)) return { user, password: readFileSync(file, 'utf8').trim() };
  return { user, password: 'admin123' };
}

export async function screenshot(page, name) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });
}

export class Check extends Error {}
export function expect(cond, msg) {
  if (!cond) throw new Check(msg);
}

/** Waits until fn() is truthy (polling), or fails with msg. */
export async function eventually(fn, msg, timeout = 10000) {
  const end = Date.now() + timeout;
  let last;
  while (Date.now() < end) {
    try {
      last = await fn();
      if (last) return last;
    } catch (e) {
      last = e;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Check(`${msg} (last: ${last instanceof Error ? last.message : JSON.stringify(last)})`);
}

/**
 * Ticks a row's checkbox or radio in a picker until it shows ticked. A click while the dialog is
 * still zooming in or its page is being replaced by a late answer is lost without an error; a user
 * would simply click again, and so does this (never twice on a box that already shows ticked).
 */
export async function tick(box, msg = 'the row is ticked') {
  await box.waitFor({ state: 'attached', timeout: 15000 });
  await eventually(
    async () => {
      if (await box.isChecked()) return true;
      await box.click({ timeout: 3000 }).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 250));
      return box.isChecked();
    },
    msg,
    15000,
  );
}

/** Chooses an option of an antd Select inside a scope. */
export async function choose(p, select, label) {
  await select.click();
  // the option of this select's own dropdown (its input names its listbox): the dropdown of the
  // previous choice may still be fading out, not yet hidden, and holds the same options
  const list = await select.first().evaluate((el) => {
    const i = el.matches('input') ? el : el.querySelector('input[aria-controls], input[aria-owns]');
    return i?.getAttribute('aria-controls') || i?.getAttribute('aria-owns');
  });
  expect(list, 'the select names its listbox');
  const dropdown = p.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)', { has: p.locator(`[id="${list}"]`) });
  await dropdown.locator('.ant-select-item-option', { hasText: label }).first().click();
}

export function portal(base) {
  return {
    base,
    async login(page, user, password, { expectMenu = true } = {}) {
      if (!page.url().includes('/login')) await page.goto(base + '/login');
      await page.waitForSelector('#loom-username', { timeout: 20000 });
      await page.fill('#loom-username', user);
      await page.fill('#loom-password', password);
      await page.click('.loom-login-submit');
      if (expectMenu) await page.waitForSelector('.loom-side-menu', { timeout: 20000 });
    },
    async logout(page) {
      await page.click('[data-action="user-menu"]');
      await page.click('.ant-dropdown:visible >> text=/退出登录|Sign out/');
      await page.click('.ant-modal-confirm .ant-btn-primary');
      await page.waitForSelector('#loom-username', { timeout: 20000 });
    },
    /** Opens a page through the side menu (expanding its directory when needed). */
    async openMenu(page, href, dirName) {
      const item = page.locator(`.loom-side-menu [data-href="${href}"]`);
      if (!(await item.isVisible().catch(() => false)) && dirName) {
        await page.locator('.loom-side-menu .ant-menu-submenu-title', { hasText: dirName }).click();
      }
      await item.click();
      await page.waitForURL((u) => u.pathname === href, { timeout: 10000 });
      return page.locator(`[data-page="${href}"]`);
    },
    modal(page) {
      return page.locator('.ant-modal-wrap:not([style*="display: none"]) .ant-modal').last();
    },
    async toast(page, text) {
      // a save on a busy two-core machine may take seconds; the toast is what the user waits for
      await page.locator('.ant-message-notice', { hasText: text }).first().waitFor({ timeout: 20000 });
    },
  };
}

/** Types into a form field of a scope (modal) by its field name. */
export async function fill(scope, name, value) {
  const input = scope.locator(`[id="${name}"]`).first();
  await input.fill(value);
  await input.blur();
}

/** Chooses a node of a LoomTreeSelect field (by field name) in a scope. */
export async function pickTree(page, scope, name, label) {
  const item = scope.locator(`.ant-form-item:has([id="${name}"])`).first();
  await item.locator('.ant-select-selector').click();
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
  await dropdown.locator(`.ant-select-tree-node-content-wrapper[title="${label}"]`).first().click();
}
