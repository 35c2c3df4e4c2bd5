// The logged-in page and the in-page API call that most browser tests start from.
import { adminCredentials } from './harness.mjs';

/**
 * The administrator's page kept under `ctx.shared[key]`, so the tests of one file share one
 * login: a new browser context of that viewport and language, page errors printed, logged in.
 */
export async function adminPage(ctx, key, { width = 1440, height = 900, locale = 'zh-CN', acceptDownloads = false } = {}) {
  if (!ctx.shared[key] || ctx.shared[key].isClosed()) {
    const context = await ctx.browser.newContext({ viewport: { width, height }, locale, ...(acceptDownloads ? { acceptDownloads } : {}) });
    const p = await context.newPage();
    p.on('pageerror', (e) => console.log('      [pageerror]', e.message));
    if (locale === 'en-US') await p.addInitScript(() => localStorage.setItem('loom.lang', 'en-US'));
    const admin = adminCredentials();
    await ctx.portal.login(p, admin.user, admin.password);
    ctx.shared[key] = p;
  }
  return ctx.shared[key];
}

/**
 * Calls the API from inside the page with its token, as the screens do: a JSON body, or a
 * form-encoded one with `form`. Answers `{ status, text, body, json }`: `body` is the text too
 * (the older tests' name for it), `json` the parsed answer or null.
 */
export async function pageApi(p, method, url, body, form = false) {
  return p.evaluate(
    async ({ method, url, body, form }) => {
      const headers = { Authorization: `Bearer ${localStorage.getItem('loom.token')}` };
      let data;
      if (body !== undefined) {
        headers['Content-Type'] = form ? 'application/x-www-form-urlencoded' : 'application/json';
        data = form ? new URLSearchParams(body).toString() : JSON.stringify(body);
      }
      const r = await fetch('/api' + url, { method, headers, body: data });
      const text = await r.text();
      let json = null;
      try {
        json = JSON.parse(text);
      } catch {
        /* a text answer */
      }
      return { status: r.status, text, body: text, json };
    },
    { method, url, body, form },
  );
}
