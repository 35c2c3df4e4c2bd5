// The portal end to end: login, menus, dictionaries, organisation, users, roles and permissions,
// a remote that is down, English, token refresh, icons and the devtools guard.
import { adminCredentials, eventually, expect, fill, pickTree, screenshot, tick } from '../lib/harness.mjs';
import { newPage, signedIn } from '../lib/session.mjs';

const sfx = Date.now().toString(36);
const names = {
  dictType: `e2e_color_${sfx}`,
  dept: `E2E部门${sfx}`,
  login: `e2e_${sfx}`,
  userName: `测试用户${sfx}`,
  role: `E2E角色${sfx}`,
  password: 'Passw0rd!e2e',
};
const admin = adminCredentials();

/** The page the administrator signs into through the login page (the first tests' subject) and keeps. */
async function adminPage(ctx) {
  if (!ctx.shared.page) ctx.shared.page = await newPage(ctx);
  return ctx.shared.page;
}

async function search(page, scope, field, value) {
  const input = scope.locator(`.ant-pro-table-search [id="${field}"]`).first();
  await input.fill(value);
  await input.press('Enter');
}

function row(scope, text) {
  return scope.locator('.ant-table-row', { hasText: text }).first();
}

export default [
  {
    name: 'login page: zh-CN by default, switches to en-US, shows the server message on a wrong password',
    critical: true,
    run: async (ctx) => {
      const page = await adminPage(ctx);
      await page.goto(ctx.base + '/sys/user/UserList');
      await page.waitForSelector('#loom-username', { timeout: 20000 });
      expect(new URL(page.url()).pathname === '/login', `expected /login, got ${page.url()}`);
      expect((await page.textContent('.loom-login-card h2'))?.includes('账号登录'), 'zh-CN title');
      await page.click('.loom-login-langs button:has-text("English")');
      await eventually(async () => (await page.textContent('.loom-login-card h2'))?.includes('Sign in'), 'en-US title');
      await screenshot(page, '01-login-en');
      await page.click('.loom-login-langs button:has-text("中文")');
      await ctx.portal.login(page, admin.user, 'wrong-password', { expectMenu: false });
      const alert = await page.waitForSelector('.loom-login-error', { timeout: 10000 });
      expect(((await alert.textContent()) ?? '').length > 0, 'an error message is shown');
      await screenshot(page, '02-login-failed');
    },
  },
  {
    name: 'admin logs in, comes back to the page asked for, and navigates by the menu (tabs, breadcrumbs)',
    critical: true,
    run: async (ctx) => {
      const page = await adminPage(ctx);
      await ctx.portal.login(page, admin.user, admin.password);
      await page.waitForURL((u) => u.pathname === '/sys/user/UserList', { timeout: 10000 });
      await page.waitForSelector('[data-page="/sys/user/UserList"] .ant-table-row');
      const scope = await ctx.portal.openMenu(page, '/sys/role/RoleList', '系统管理');
      await scope.locator('.ant-table-row').first().waitFor();
      expect(await page.locator('.loom-tabs [data-tab="/sys/user/UserList"]').count() === 1, 'user tab stays open');
      expect(await page.locator('.loom-tabs [data-tab="/sys/role/RoleList"]').count() === 1, 'role tab opened');
      expect(((await page.textContent('.loom-breadcrumb')) ?? '').includes('角色管理'), 'breadcrumb shows the page');
      await page.click('[data-action="toggle-menu"]');
      await page.waitForSelector('.loom-sider.ant-layout-sider-collapsed');
      await page.click('[data-action="toggle-menu"]');
      await screenshot(page, '03-roles');
    },
  },
  {
    name: 'dictionaries: create a type and two values (continue adding)',
    run: async (ctx) => {
      const page = await adminPage(ctx);
      const scope = await ctx.portal.openMenu(page, '/sys/dict/DictTypeList', '系统管理');
      await scope.locator('.ant-table-row').first().waitFor();
      await scope.locator('[data-action="add"]').first().click();
      let modal = ctx.portal.modal(page);
      await fill(modal, 'type', names.dictType);
      await fill(modal, 'description', '端到端测试颜色');
      await modal.locator('[data-action="confirm"]').click();
      await modal.waitFor({ state: 'hidden' });
      await search(page, scope, 'type', names.dictType);
      await row(scope, names.dictType).waitFor();
      await row(scope, names.dictType).locator('[data-row-action="values"]').click();
      const values = scope.locator(`[data-dict-type="${names.dictType}"]`);
      await values.waitFor();
      await values.locator('[data-action="add"]').click();
      modal = ctx.portal.modal(page);
      await fill(modal, 'label', '红色');
      await fill(modal, 'value', 'red');
      await modal.locator('input[data-action="continue-adding"]').check();
      await modal.locator('[data-action="confirm"]').click();
      await eventually(async () => (await modal.locator('[id="label"]').inputValue()) === '', 'form cleared for the next value');
      await fill(modal, 'label', '绿色');
      await fill(modal, 'value', 'green');
      await modal.locator('[id="label"]').press('Enter');
      await eventually(async () => (await modal.locator('[id="label"]').inputValue()) === '', 'second value saved with Enter');
      await modal.locator('[data-action="close"]').click();
      await eventually(async () => (await values.locator('.ant-table-row').count()) === 2, 'two values listed');
      await screenshot(page, '04-dictionary');
      const map = await page.evaluate(async () => {
        const r = await fetch('/api/sys/dict/getDictMap', { headers: { Authorization: 'Bearer ' + localStorage.getItem('loom.token') } });
        return r.json();
      });
      expect(Array.isArray(map[names.dictType]) && map[names.dictType].length === 2, 'getDictMap has the two values');
    },
  },
  {
    name: 'organisation: create a department and a user in it',
    run: async (ctx) => {
      const page = await adminPage(ctx);
      let scope = await ctx.portal.openMenu(page, '/sys/office/OfficeList', '系统管理');
      await scope.locator('.ant-table-row').first().waitFor();
      await scope.locator('[data-action="add"]').click();
      let modal = ctx.portal.modal(page);
      const company = await modal.evaluate(() => null);
      void company;
      // parent: the first root of the tree (the company)
      const item = modal.locator('.ant-form-item:has([id="parentId"])');
      await item.locator('.ant-select-selector').click();
      const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
      const root = dropdown.locator('.ant-select-tree-node-content-wrapper').first();
      ctx.shared.company = await root.getAttribute('title');
      await root.click();
      await fill(modal, 'name', names.dept);
      await fill(modal, 'code', `E2E${sfx}`);
      await modal.locator('[data-action="confirm"]').click();
      await modal.waitFor({ state: 'hidden' });
      await row(scope, names.dept).waitFor();

      scope = await ctx.portal.openMenu(page, '/sys/user/UserList', '系统管理');
      await page.click('.loom-tabs [data-tab="/sys/user/UserList"]');
      await scope.locator('.ant-table-row').first().waitFor();
      await scope.locator('[data-action="add"]').click();
      modal = ctx.portal.modal(page);
      await pickTree(page, modal, 'companyId', ctx.shared.company);
      await pickTree(page, modal, 'officeId', names.dept);
      await fill(modal, 'loginName', names.login);
      await fill(modal, 'name', names.userName);
      await fill(modal, 'password', names.password);
      await fill(modal, 'confirmPassword', names.password);
      await modal.locator('[data-action="confirm"]').click();
      await modal.waitFor({ state: 'hidden', timeout: 15000 });
      // the office tree filters the list
      await scope.locator('.loom-office-tree').getByText(names.dept).click();
      await row(scope, names.login).waitFor();
      await screenshot(page, '05-user-created');
    },
  },
  {
    name: 'roles: grant a subset of permissions and add the user',
    run: async (ctx) => {
      const page = await adminPage(ctx);
      const scope = await ctx.portal.openMenu(page, '/sys/role/RoleList', '系统管理');
      await page.click('.loom-tabs [data-tab="/sys/role/RoleList"]');
      await scope.locator('[data-action="add"]').click();
      let modal = ctx.portal.modal(page);
      await fill(modal, 'name', names.role);
      await fill(modal, 'enName', `e2e_role_${sfx}`);
      await modal.locator('[data-action="confirm"]').click();
      await modal.waitFor({ state: 'hidden' });
      await search(page, scope, 'name', names.role);
      await row(scope, names.role).waitFor();
      await row(scope, names.role).locator('[data-row-action="auth"]').click();
      modal = page.locator('.loom-role-auth');
      await modal.locator('[data-menu]').first().waitFor();
      for (const perm of ['sys:user:view', 'sys:dict:view']) {
        await modal.locator('.ant-tree-treenode:not([aria-hidden])', { hasText: perm }).first().locator('.ant-tree-checkbox').click();
      }
      await modal.locator('[data-action="confirm"]').click();
      await modal.waitFor({ state: 'hidden' });
      await row(scope, names.role).locator('[data-row-action="assign"]').click();
      await page.click('[data-action="add-members"]');
      const picker = page.locator('.loom-user-picker');
      await picker.locator('input[placeholder="登录名"]').fill(names.login);
      await picker.locator('input[placeholder="登录名"]').press('Enter');
      await tick(picker.locator('.ant-table-row', { hasText: names.login }).locator('.ant-checkbox-input'), 'the user is ticked');
      await picker.locator('.loom-picker-chosen .ant-tag', { hasText: names.userName }).waitFor();
      await screenshot(page, '06-user-picker');
      await picker.locator('[data-action="confirm"]').click();
      const members = ctx.portal.modal(page);
      await members.locator('.ant-table-row', { hasText: names.login }).waitFor();
      await screenshot(page, '06-role-members');
      await members.locator('.ant-modal-close').click();
      await members.waitFor({ state: 'hidden' });
    },
  },
  {
    name: 'the restricted user sees only the permitted menus and buttons',
    run: async (ctx) => {
      const page = await signedIn(ctx, names.login, names.password);
      try {
        const menu = page.locator('.loom-side-menu');
        await menu.locator('.ant-menu-submenu-title').first().click().catch(() => undefined);
        await menu.locator('[data-href="/sys/user/UserList"]').waitFor();
        expect((await menu.locator('[data-href="/sys/dict/DictTypeList"]').count()) === 1, 'dictionary menu shown');
        for (const href of ['/sys/role/RoleList', '/sys/menu/MenuList', '/sys/office/OfficeList']) {
          expect((await menu.locator(`[data-href="${href}"]`).count()) === 0, `${href} hidden`);
        }
        const scope = await ctx.portal.openMenu(page, '/sys/user/UserList');
        await scope.locator('.ant-table-row').first().waitFor();
        for (const action of ['add', 'edit', 'delete', 'enable']) {
          expect((await scope.locator(`[data-action="${action}"]`).count()) === 0, `no ${action} button`);
        }
        expect((await scope.locator('[data-link-mode="edit"]').count()) === 0, 'no edit links');
        await scope.locator('[data-link-mode="view"]').first().click();
        const modal = ctx.portal.modal(page);
        await modal.waitFor();
        expect((await modal.locator('[data-action="confirm"]').count()) === 0, 'view mode has no confirm');
        await screenshot(page, '07-restricted-user');
      } finally {
        await page.context().close();
      }
    },
  },
  {
    name: 'a remote that is down shows a notice in its pane while the shell keeps working',
    run: async (ctx) => {
      const page = await newPage(ctx);
      const context = page.context();
      await context.route('**/mf/sys/**', (r) => r.abort('connectionrefused'));
      if (process.env.LOOM_E2E_DEBUG) page.on('console', (m) => console.log('      [console]', m.type(), m.text().slice(0, 200)));
      try {
        await ctx.portal.login(page, admin.user, admin.password);
        await ctx.portal.openMenu(page, '/sys/user/UserList', '系统管理');
        await screenshot(page, '08-remote-down-before');
        await page.locator('.loom-area-unavailable[data-area="sys"]').waitFor({ timeout: 20000 });
        await screenshot(page, '08-remote-down');
        const icons = await ctx.portal.openMenu(page, '/gen/icon/IconList', '系统管理');
        await icons.locator('.loom-icon-cell').first().waitFor({ timeout: 20000 });
        await page.click('.loom-tabs [data-tab="/"]');
        await page.locator('.loom-home').waitFor();
        // the remote comes back: retry loads it
        await context.unroute('**/mf/sys/**');
        await page.click('.loom-tabs [data-tab="/sys/user/UserList"]');
        await page.locator('.loom-area-unavailable[data-area="sys"] button').click();
        await page.locator('[data-page="/sys/user/UserList"] .ant-table-row').first().waitFor({ timeout: 20000 });
      } finally {
        await context.close();
      }
    },
  },
  {
    name: 'areas that are not deployed (workflow, forms, gencode until built) show "area unavailable"',
    run: async (ctx) => {
      const page = await adminPage(ctx);
      const pages = { gencode: '/gen/GenTableList', workflow: '/flowable/task/TodoList', forms: '/form/MakeFormList' };
      const open = async (area, href, p = page) => {
        // open the page by URL (the menus may not list it)
        await p.evaluate((to) => {
          window.history.pushState(null, '', to);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, href);
        await p.locator(`.loom-area-unavailable[data-area="${area}"]`).waitFor({ timeout: 20000 });
      };
      let tried = 0;
      for (const [area, href] of Object.entries(pages)) {
        const res = await fetch(`${ctx.base}/mf/${area}/remoteEntry.js`);
        const type = res.headers.get('content-type') ?? '';
        if (res.ok && type.includes('javascript')) continue; // deployed: not this test's business
        tried += 1;
        await open(area, href);
      }
      if (tried === 0) {
        // every area is built: the static server answers an area it does not have with 404. From the
        // login on: the portal fetches the pages of the user's menus after login, so an area taken
        // away later is already loaded in this page
        const without = await newPage(ctx);
        const context = without.context();
        await context.route('**/mf/forms/remoteEntry.js', (r) => r.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' }));
        try {
          await ctx.portal.login(without, admin.user, admin.password);
          tried += 1;
          await open('forms', pages.forms, without);
          await screenshot(without, '08-area-unavailable');
        } finally {
          await context.close();
        }
      }
      expect(tried > 0, 'at least one area is not deployed');
      await screenshot(page, '08-area-unavailable');
      await page.click('.loom-tabs [data-tab="/"]');
    },
  },
  {
    name: 'switches to English',
    run: async (ctx) => {
      const page = await adminPage(ctx);
      await page.click('[data-action="lang"]');
      await page.click('.ant-dropdown:visible >> text=English');
      await eventually(async () => (await page.textContent('.loom-tabs [data-tab="/"]')) === 'Home', 'home tab in English');
      // the menus come back from sys in the request's language
      await eventually(async () => ((await page.textContent('.loom-side-menu')) ?? '').includes('System'), 'side menu in English');
      await page.click('.loom-tabs [data-tab="/sys/user/UserList"]');
      const scope = page.locator('[data-page="/sys/user/UserList"]');
      await eventually(async () => ((await scope.locator('.ant-table-thead').textContent()) ?? '').includes('Login name'), 'table header in English');
      await scope.locator('[data-action="add"]').click();
      await eventually(async () => ((await ctx.portal.modal(page).locator('.ant-modal-title').textContent()) ?? '').includes('New user'), 'dialog title in English');
      await screenshot(page, '09-english');
      await ctx.portal.modal(page).locator('[data-action="close"]').click();
      await page.click('[data-action="lang"]');
      await page.click('.ant-dropdown:visible >> text=简体中文');
      await eventually(async () => (await page.textContent('.loom-tabs [data-tab="/"]')) === '首页', 'back to Chinese');
    },
  },
  {
    name: 'an expired or invalid token is refreshed; a dead session returns to login and back to the page',
    run: async (ctx) => {
      const page = await adminPage(ctx);
      await page.goto(ctx.base + '/sys/dict/DictTypeList');
      await page.locator('[data-page="/sys/dict/DictTypeList"] .ant-table-row').first().waitFor();
      await page.evaluate(() => localStorage.setItem('loom.token', 'not-a-valid-token'));
      await page.reload();
      await page.locator('[data-page="/sys/dict/DictTypeList"] .ant-table-row').first().waitFor({ timeout: 20000 });
      const token = await page.evaluate(() => localStorage.getItem('loom.token'));
      expect(token && token !== 'not-a-valid-token', 'the token was refreshed');
      await page.evaluate(() => {
        localStorage.setItem('loom.token', 'not-a-valid-token');
        localStorage.setItem('loom.refreshToken', 'not-a-valid-refresh-token');
      });
      await page.reload();
      await page.waitForSelector('#loom-username', { timeout: 20000 });
      expect(page.url().includes('redirect=%2Fsys%2Fdict%2FDictTypeList'), `login remembers the page: ${page.url()}`);
      await ctx.portal.login(page, admin.user, admin.password);
      await page.waitForURL((u) => u.pathname === '/sys/dict/DictTypeList', { timeout: 10000 });
    },
  },
  {
    name: 'icon catalogue: clicking an icon copies its class name',
    run: async (ctx) => {
      const page = await adminPage(ctx);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ctx.base });
      const scope = await ctx.portal.openMenu(page, '/gen/icon/IconList', '系统管理');
      const cell = scope.locator('.loom-icon-cell').first();
      await cell.waitFor({ timeout: 20000 });
      const name = await cell.getAttribute('data-icon');
      await cell.click();
      await ctx.portal.toast(page, '复制成功!');
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied === name, `clipboard has ${name}, got ${copied}`);
      await scope.locator('.ant-tabs-tab', { hasText: 'Font Awesome' }).click();
      const fa = scope.locator('.ant-tabs-tabpane-active .loom-icon-cell').first();
      await fa.waitFor();
      expect(((await fa.getAttribute('data-icon')) ?? '').startsWith('fa-'), 'font awesome class names');
      const hasFont = await page.evaluate(() => [...document.styleSheets].some((s) => { try { return [...s.cssRules].some((r) => r.cssText.includes('Font Awesome')); } catch { return false; } }));
      expect(hasFont, 'Font Awesome stylesheet bundled and loaded');
      await screenshot(page, '10-icons');
    },
  },
  {
    name: 'devtools guard: F12, Ctrl+Shift+I/C and the context menu are blocked when on, allowed when off',
    run: async (ctx) => {
      const page = await adminPage(ctx);
      const probe = () =>
        page.evaluate(() => {
          const fire = (init) => {
            const e = new KeyboardEvent('keydown', { ...init, bubbles: true, cancelable: true });
            document.body.dispatchEvent(e);
            return e.defaultPrevented;
          };
          const menu = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
          document.body.dispatchEvent(menu);
          return {
            f12: fire({ key: 'F12' }),
            i: fire({ key: 'I', ctrlKey: true, shiftKey: true }),
            c: fire({ key: 'C', ctrlKey: true, shiftKey: true }),
            menu: menu.defaultPrevented,
            plain: fire({ key: 'a' }),
          };
        });
      await page.goto(ctx.base + '/?loom-guard=on');
      await page.waitForSelector('.loom-side-menu');
      const on = await probe();
      expect(on.f12 && on.i && on.c && on.menu && !on.plain, `blocked when on: ${JSON.stringify(on)}`);
      await page.goto(ctx.base + '/?loom-guard=off');
      await page.waitForSelector('.loom-side-menu');
      const off = await probe();
      expect(!off.f12 && !off.i && !off.c && !off.menu, `allowed when off: ${JSON.stringify(off)}`);
    },
  },
  {
    name: 'the portal is served with a content security policy: an injected inline script or handler never runs',
    run: async (ctx) => {
      const page = await adminPage(ctx);
      const res = await page.goto(ctx.base + '/sys/dict/DictTypeList');
      await page.locator('[data-page="/sys/dict/DictTypeList"] .ant-table-row').first().waitFor({ timeout: 20000 });
      const csp = res?.headers()['content-security-policy'] ?? '';
      const scriptSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src')) ?? '';
      expect(scriptSrc === "script-src 'self'", `script-src allows only the portal's own files: ${csp}`);
      const ran = await page.evaluate(async () => {
        const violations = [];
        document.addEventListener('securitypolicyviolation', (e) => violations.push(e.violatedDirective));
        const s = document.createElement('script');
        s.textContent = 'window.__loomInlineRan = true;';
        document.body.appendChild(s);
        const holder = document.createElement('div');
        holder.innerHTML = '<img src="/no-such-image.png" onerror="window.__loomHandlerRan = true">';
        document.body.appendChild(holder);
        await new Promise((r) => setTimeout(r, 1000));
        holder.remove();
        return { inline: window.__loomInlineRan === true, handler: window.__loomHandlerRan === true, violations };
      });
      expect(!ran.inline && !ran.handler, `nothing injected ran: ${JSON.stringify(ran)}`);
      expect(ran.violations.some((v) => v.startsWith('script-src')), `the browser reported the refused scripts: ${JSON.stringify(ran.violations)}`);
    },
  },
  {
    name: 'a template group named with <img onerror> shows its success message sanitised: the picture, never the handler',
    run: async (ctx) => {
      const page = await adminPage(ctx);
      const name = `<img src="x-${sfx}.png" onerror="window.__loomXss=1">组${sfx}`;
      const saved = await page.evaluate(async (n) => {
        const r = await fetch('/api/gencode/templateGroup/save', {
          method: 'POST',
          headers: { Authorization: `Bearer ${localStorage.getItem('loom.token')}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ name: n, type: '1', sort: 99, templateObjDTOList: [] }),
        });
        return r.status;
      }, name);
      expect(saved === 200, `the group is saved (${saved})`);
      await page.goto(ctx.base + '/gen/template/TemplateList');
      const scope = page.locator('[data-page="/gen/template/TemplateList"]');
      const card = scope.locator('.loom-template-card', { hasText: `组${sfx}` }).first();
      await card.waitFor({ timeout: 20000 });
      await card.locator('[data-action="edit-group"]').click();
      const dlg = page.locator('.loom-template-dialog');
      await dlg.locator('[data-action="confirm"]').click();
      const notice = page.locator('.ant-message-notice', { hasText: `组${sfx}` }).first();
      await notice.waitFor({ timeout: 10000 });
      const img = notice.locator('img');
      expect((await img.count()) === 1, 'the markup of the message is kept (one picture)');
      expect((await img.getAttribute('onerror')) === null, 'the event handler was removed');
      expect(await page.evaluate(() => window.__loomXss === undefined), 'no handler ran');
      await screenshot(page, '11-sanitised-message');
      await page.evaluate(async (n) => {
        const headers = { Authorization: `Bearer ${localStorage.getItem('loom.token')}` };
        const list = await (await fetch('/api/gencode/templateGroup/list', { headers })).json();
        const rows = Array.isArray(list) ? list : list.records ?? list.list ?? [];
        const g = rows.find((x) => x.name === n);
        if (g) await fetch(`/api/gencode/templateGroup/delete?ids=${g.id}`, { method: 'DELETE', headers });
      }, name);
      if (await dlg.isVisible()) await dlg.locator('[data-action="close"]').click();
    },
  },
  {
    name: 'logout returns to the login page',
    run: async (ctx) => {
      const page = await adminPage(ctx);
      await ctx.portal.logout(page);
      const token = await page.evaluate(() => localStorage.getItem('loom.token'));
      expect(!token, 'token forgotten');
      await page.context().close();
    },
  },
];
