// What the JeePlus client's test needs around a page: the calls it makes, the messages it shows,
// and waiting until it has settled (its calls answered, its loading masks gone), as a user waits.
import { Check, eventually, expect } from '../browser/lib/harness.mjs';

/**
 * Watches a page of the client: every `/api/` call it makes (in flight, and those that failed with
 * their answer), the errors the page throws. `take()` hands over what failed since the last take.
 */
export function watch(page) {
  const state = { inflight: 0, failed: [], errors: [] };
  page.on('request', (r) => {
    if (r.url().includes('/api/')) state.inflight += 1;
  });
  const done = async (r, status, body) => {
    state.inflight -= 1;
    if (status >= 400 || status === 0) {
      const url = r.url().replace(/^https?:\/\/[^/]+/, '');
      state.failed.push(`${r.method()} ${url} → ${status} ${String(body ?? '').slice(0, 160)}`);
    }
  };
  page.on('requestfinished', async (r) => {
    if (!r.url().includes('/api/')) return;
    const answer = await r.response().catch(() => null);
    const status = answer?.status() ?? 0;
    await done(r, status, status >= 400 ? await answer.text().catch(() => '') : '');
  });
  page.on('requestfailed', (r) => {
    if (r.url().includes('/api/')) void done(r, 0, r.failure()?.errorText);
  });
  page.on('pageerror', (e) => state.errors.push(e.message));
  return {
    state,
    take() {
      const out = [...state.failed, ...state.errors.map((e) => `page error: ${e}`)];
      state.failed.length = 0;
      state.errors.length = 0;
      return out;
    },
  };
}

/** Waits until the client has no call in flight and shows no loading mask, twice in a row. */
export async function settled(page, watcher, msg = 'the page settles', timeout = 30000) {
  let quiet = 0;
  await eventually(
    async () => {
      const masks = await page.locator('.el-loading-mask:visible, .vxe-loading:visible, .vxe-table--loading:visible').count();
      quiet = watcher.state.inflight <= 0 && masks === 0 ? quiet + 1 : 0;
      return quiet >= 3;
    },
    msg,
    timeout,
  );
}

/** The texts of the error messages the client shows (its interceptor's toasts, and warnings). */
export async function errorToasts(page) {
  return page.locator('.el-message--error, .el-message--warning').allInnerTexts();
}

/** Waits for the client's success message containing `text` (a save's answer), and clears it. */
export async function success(page, text, timeout = 30000) {
  const toast = page.locator('.el-message--success', { hasText: text }).first();
  try {
    await toast.waitFor({ timeout });
  } catch {
    throw new Check(`no success message "${text}" (errors shown: ${JSON.stringify(await errorToasts(page))})`);
  }
  return toast.innerText();
}

/** Closes every message the client shows, so the next step's are its own. */
export async function clearToasts(page) {
  await page.evaluate(() => document.querySelectorAll('.el-message').forEach((m) => m.remove()));
}

/** The dialog of the client that is open on top (Element's el-dialog). */
export function dialog(page, title) {
  const open = page.locator('.el-dialog__wrapper:visible > .el-dialog');
  return (title ? open.filter({ has: page.locator('.el-dialog__title', { hasText: title }) }) : open).last();
}

/** The input of a form item by its label, inside `scope`. */
export function field(scope, label) {
  return scope.locator('.el-form-item', { has: scope.page().locator('.el-form-item__label', { hasText: label }) }).first();
}

/** Fills the text input of the form item labelled `label`. */
export async function fill(scope, label, value) {
  const input = field(scope, label).locator('input:not([type=hidden]), textarea').first();
  await input.fill(String(value));
}

/** Picks `option` in the el-select of the form item labelled `label` (once its list shows). */
export async function pick(page, scope, label, option) {
  const select = field(scope, label).locator('.el-select').first();
  // its caret turns while its list is open
  const isOpen = () => select.locator('.el-select__caret.is-reverse').count();
  await eventually(
    async () => {
      if (!(await isOpen())) await select.click();
      const item = page.locator(`.el-select-dropdown:visible li.el-select-dropdown__item:has(span:text-is("${option}")), .el-select-dropdown:visible li.el-select-dropdown__item:text-is("${option}")`).last();
      await item.click({ timeout: 2000 });
      return true;
    },
    `${label} offers ${option}`,
    15000,
  );
  // a multiple select stays open once chosen: fold it
  if (await isOpen()) await select.locator('.el-select__caret').click();
}

/** Loom's answer to a call made with the client's own token (its `token` cookie and header). */
export async function api(page, path) {
  return page.evaluate(async (url) => {
    const token = decodeURIComponent(document.cookie.match(/(?:^|; )token=([^;]*)/)?.[1] ?? '');
    const answer = await fetch(url, { headers: { token } });
    return { status: answer.status, body: await answer.json().catch(() => null) };
  }, `/api${path}`);
}

export { Check, eventually, expect };
