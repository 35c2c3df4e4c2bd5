// The signed-in pages and the in-page API call that most browser tests start from.
import { Api } from './api.mjs';
import { adminCredentials } from './harness.mjs';

/**
 * A page in a new browser context of that viewport and language, its page errors printed; not
 * signed in. `phone` makes it a touch phone; `storageState` starts it with that stored state.
 */
export async function newPage(ctx, { width = 1440, height = 900, locale = 'zh-CN', acceptDownloads = false, phone = false, storageState } = {}) {
  const context = await ctx.browser.newContext({
    viewport: { width, height },
    locale,
    ...(acceptDownloads ? { acceptDownloads } : {}),
    ...(phone ? { isMobile: true, hasTouch: true } : {}),
    ...(storageState ? { storageState } : {}),
  });
  const p = await context.newPage();
  p.on('pageerror', (e) => console.log('      [pageerror]', e.message));
  if (locale === 'en-US') await p.addInitScript(() => localStorage.setItem('loom.lang', 'en-US'));
  return p;
}

/**
 * The stored state of a signed-in portal: a session opened through `POST /sys/login` (as the login
 * page does), its tokens where the portal keeps them (localStorage, and the cookie images use).
 */
async function sessionState(ctx, user, password) {
  const api = await Api.login(ctx.base, user, password);
  const url = new URL(ctx.base);
  return {
    cookies: [{ name: 'token', value: encodeURIComponent(api.token), domain: url.hostname, path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Strict' }],
    origins: [
      {
        origin: url.origin,
        localStorage: [
          { name: 'loom.token', value: api.token },
          { name: 'loom.refreshToken', value: api.refreshToken ?? '' },
        ],
      },
    ],
  };
}

/**
 * A new page signed in as the user, on the home page with its menus. By default the session is
 * handed to the context as stored state (no round through the login page, which its own tests
 * cover); `viaLoginPage` types the credentials into the login page instead. `expectMenu: false`
 * does not wait for the side menu (on a phone it hides until asked for).
 */
export async function signedIn(ctx, user, password, { viaLoginPage = false, expectMenu = true, ...opts } = {}) {
  if (viaLoginPage) {
    const p = await newPage(ctx, opts);
    await ctx.portal.login(p, user, password, { expectMenu });
    return p;
  }
  const p = await newPage(ctx, { ...opts, storageState: await sessionState(ctx, user, password) });
  await p.goto(ctx.base + '/');
  await (expectMenu ? p.locator('.loom-side-menu') : p.locator('.loom-header')).first().waitFor({ timeout: 20000 });
  return p;
}

/**
 * The user's signed-in page kept under `ctx.shared[key]`, so the tests of one file share one
 * session: made by `signedIn` (same options) the first time, or again once closed.
 */
export async function userPage(ctx, key, user, password, opts = {}) {
  if (!ctx.shared[key] || ctx.shared[key].isClosed()) ctx.shared[key] = await signedIn(ctx, user, password, opts);
  return ctx.shared[key];
}

/**
 * The administrator's page kept under `ctx.shared[key]`, so the tests of one file share one
 * session: a new browser context of that viewport and language, page errors printed, signed in.
 */
export async function adminPage(ctx, key, opts = {}) {
  const admin = adminCredentials();
  return userPage(ctx, key, admin.user, admin.password, opts);
}

/**
 * Makes the page's portal speak `locale` (its stored choice, which the header's language menu sets;
 * the browser's own language plays no part), reloading the page when that changes: one signed-in
 * page serves a file's zh-CN and en-US passes instead of a second context and session.
 */
export async function switchLanguage(p, locale) {
  if ((await p.evaluate(() => localStorage.getItem('loom.lang') ?? 'zh-CN')) === locale) return p;
  await p.evaluate((lang) => localStorage.setItem('loom.lang', lang), locale);
  await p.reload();
  await p.locator('.loom-side-menu').first().waitFor({ timeout: 20000 });
  return p;
}

/** The administrator's API client, a session of its own (setup and checks through the API). */
export function adminApi(ctx) {
  const admin = adminCredentials();
  return Api.login(ctx.base, admin.user, admin.password);
}

/** Opens a page of the portal by its address and answers its pane (`[data-page]`, without the query). */
export async function openPage(ctx, p, href) {
  await p.goto(ctx.base + href);
  const scope = p.locator(`[data-page="${href.split('?')[0]}"]`);
  await scope.waitFor({ timeout: 20000 });
  return scope;
}

/** Opens the user's task of a request from 待办, searching its title; answers the task page. */
export async function openTodo(ctx, p, title) {
  const scope = await openPage(ctx, p, '/flowable/task/TodoList');
  const search = scope.locator('.ant-pro-table-search [id="title"]');
  await search.fill(title);
  await search.press('Enter');
  const link = scope.locator('.ant-table-row', { hasText: title }).locator('[data-todo]').first();
  await link.waitFor({ timeout: 15000 });
  await link.click();
  const task = p.locator('[data-page="/flowable/task/TaskForm"] .loom-task-page');
  await task.locator('.loom-task-buttons button').first().waitFor({ timeout: 15000 });
  return task;
}

/**
 * Grants the menus whose address `matches(href)` holds, with everything below them (their buttons),
 * to every role of the page's user, as an administrator does in 角色管理 (a new menu is granted to
 * no role); answers the granted ids. The menus reach the portal with the next login.
 */
export async function grantMenus(p, matches) {
  const tree = (await pageApi(p, 'GET', '/sys/menu/treeData')).json;
  const ids = [];
  const walk = (nodes, inside) => {
    for (const n of nodes ?? []) {
      const mine = inside || matches(n.href ?? '');
      if (mine) ids.push(n.id);
      walk(n.children, mine);
    }
  };
  walk(tree, false);
  const info = (await pageApi(p, 'GET', '/sys/user/info')).json;
  for (const roleId of info.user.roleIdList) {
    const role = (await pageApi(p, 'GET', `/sys/role/queryById?id=${roleId}`)).json;
    const menuIdList = [...new Set([...(role.menuIdList ?? []), ...ids])];
    await pageApi(p, 'POST', '/sys/role/save', { id: role.id, name: role.name, enName: role.enName, useable: role.useable ?? '1', remarks: role.remarks, menuIdList });
  }
  return ids;
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
