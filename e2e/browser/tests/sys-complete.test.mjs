// sys, complete (issue 24): the log list and a row's details, the settings form (in force at once),
// the file manager (a folder made and deleted), a menu's data rule refused when it cannot compile.
import { adminCredentials, eventually, expect, screenshot } from '../lib/harness.mjs';

const sfx = Date.now().toString(36);
const admin = adminCredentials();

async function adminPage(ctx) {
  if (!ctx.shared.sysCompletePage) {
    const context = await ctx.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    page.on('pageerror', (e) => console.log('      [pageerror]', e.message));
    await ctx.portal.login(page, admin.user, admin.password);
    ctx.shared.sysCompletePage = page;
  }
  return ctx.shared.sysCompletePage;
}

async function api(page, method, url, body) {
  return page.evaluate(
    async ({ method, url, body }) => {
      const headers = { Authorization: `Bearer ${localStorage.getItem('loom.token')}`, 'Content-Type': 'application/json' };
      const r = await fetch('/api' + url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: r.status, json: await r.json().catch(() => null) };
    },
    { method, url, body },
  );
}

async function open(ctx, page, href) {
  await page.goto(ctx.base + href);
  const scope = page.locator(`[data-page="${href}"]`);
  await scope.waitFor({ timeout: 20000 });
  return scope;
}

export default [
  {
    name: 'log list: the logins are listed, a URI filters, a row opens its details',
    run: async (ctx) => {
      const page = await adminPage(ctx);
      const scope = await open(ctx, page, '/sys/log/LogList');
      const input = scope.locator('.ant-pro-table-search [id="requestUri"]').first();
      await input.fill('/sys/login');
      await input.press('Enter');
      const first = scope.locator('.ant-table-row', { hasText: '/sys/login' }).first();
      await eventually(async () => {
        if (await first.isVisible()) return true;
        await input.press('Enter'); // the log is written after the login's answer: search again
        await page.waitForTimeout(500);
        return false;
      }, 'a login row is listed', 20000);
      await eventually(async () => (await scope.locator('.ant-table-row').allTextContents()).every((t) => t.includes('/sys/login')), 'only login rows');
      await first.locator('a', { hasText: '详情' }).click();
      const detail = page.locator('[data-testid="log-detail"]');
      await detail.waitFor({ timeout: 10000 });
      expect(((await detail.textContent()) ?? '').includes('POST /sys/login'), 'the detail names the route');
      await screenshot(page, 'sys-log-detail');
      await page.locator('.ant-modal', { has: detail }).locator('.ant-modal-close').click();
      await detail.waitFor({ state: 'detached', timeout: 10000 });
    },
  },
  {
    name: 'settings: the product name saved in the form is what the login page reads at once',
    run: async (ctx) => {
      const page = await adminPage(ctx);
      const scope = await open(ctx, page, '/sys/config/SysConfig');
      const name = scope.locator('[id="productName"]');
      await eventually(async () => (await name.inputValue()).length > 0, 'the settings are loaded');
      const before = await name.inputValue();
      await name.fill(`织机${sfx}`);
      await scope.locator('[data-testid="sys-config-save"]').click();
      await ctx.portal.toast(page, '保存配置成功');
      const read = await api(page, 'GET', '/sys/sysConfig/getConfig');
      expect(read.json.productName === `织机${sfx}`, `getConfig answers the new name (${read.json.productName})`);
      const form = (await api(page, 'GET', '/sys/sysConfig/queryById')).json;
      await api(page, 'POST', '/sys/sysConfig/save', { ...form, productName: before });
    },
  },
  {
    name: 'file manager: a folder is created in 我的文档 and deleted',
    run: async (ctx) => {
      const page = await adminPage(ctx);
      const scope = await open(ctx, page, '/sys/file/FileManager');
      const tree = scope.locator('[data-testid="file-tree"]');
      await tree.locator('.ant-tree-treenode', { hasText: '我的文档' }).first().waitFor({ timeout: 15000 });
      await scope.locator('[data-testid="file-new-folder"]').click();
      const input = page.locator('[data-testid="file-name-input"]');
      await input.waitFor({ timeout: 10000 });
      await input.fill(`资料${sfx}`);
      await input.press('Enter');
      const folder = tree.locator('.ant-tree-treenode', { hasText: `资料${sfx}` }).first();
      await folder.waitFor({ timeout: 15000 });
      await folder.locator('.ant-tree-node-content-wrapper').click();
      await eventually(async () => !(await scope.locator('[data-testid="file-delete"]').isDisabled()), 'delete is enabled for the selection');
      await scope.locator('[data-testid="file-delete"]').click();
      await page.locator('.ant-modal-confirm .ant-btn-primary').click();
      await folder.waitFor({ state: 'detached', timeout: 15000 });
      await screenshot(page, 'sys-file-manager');
    },
  },
  {
    name: "data rules: a menu's rule that cannot compile is refused with the reason, a good one is listed",
    run: async (ctx) => {
      const page = await adminPage(ctx);
      const scope = await open(ctx, page, '/sys/menu/MenuList');
      const row = scope.locator('.ant-table-row', { hasText: '/sys/user/UserList' }).first();
      // every menu and button of the platform, expanded: a long table to draw on a loaded machine
      await row.waitFor({ timeout: 60000 });
      await row.locator('a', { hasText: '数据规则' }).click();
      const drawer = page.locator('.ant-drawer-content', { hasText: '数据规则 - 用户管理' });
      await drawer.waitFor({ timeout: 10000 });
      await drawer.locator('[data-action="add"]').first().click();
      const modal = ctx.portal.modal(page);
      await modal.locator('[data-testid="datarule-name"]').waitFor({ timeout: 10000 });
      await modal.locator('[data-testid="datarule-name"]').fill(`本人${sfx}`);
      await modal.locator('[data-testid="datarule-field"]').fill('create_by;drop');
      await modal.locator('[data-testid="datarule-value"]').fill('#{currentUser.id}');
      await modal.locator('[data-action="confirm"]').click();
      await ctx.portal.toast(page, "规则字段'create_by;drop'无效");
      await modal.locator('[data-testid="datarule-field"]').fill('create_by');
      await modal.locator('[data-action="confirm"]').click();
      await ctx.portal.toast(page, '保存数据权限成功!');
      await drawer.locator('.ant-table-row', { hasText: `本人${sfx}` }).first().waitFor({ timeout: 10000 });
      await screenshot(page, 'sys-data-rules');
      const rules = (await api(page, 'GET', '/sys/dataRule/list?menuId=m-sys-user&size=-1')).json.records;
      const rule = rules.find((x) => x.name === `本人${sfx}`);
      // granted to a role on its grant screen's 数据规则 tab
      await api(page, 'POST', '/sys/role/save', { name: `规则角色${sfx}`, enName: `rule_role_${sfx}` });
      const role = (await api(page, 'GET', `/sys/role/list?enName=rule_role_${sfx}`)).json.records[0];
      const roles = await open(ctx, page, '/sys/role/RoleList');
      // earlier tests leave many roles: find this one as a user would, by its English name in the search form
      const enNameSearch = roles.locator('.ant-pro-table-search [id="enName"]').first();
      await enNameSearch.fill(`rule_role_${sfx}`);
      await enNameSearch.press('Enter');
      const roleRow = roles.locator('.ant-table-row', { hasText: `规则角色${sfx}` }).first();
      await roleRow.waitFor({ timeout: 20000 });
      await roleRow.locator('[data-row-action="auth"]').click();
      const auth = page.locator('.loom-role-auth');
      await auth.locator('.ant-tabs-tab', { hasText: '数据规则' }).click();
      const leaf = auth.locator('[data-testid="role-data-rules"] .ant-tree-treenode', { hasText: `本人${sfx}` }).first();
      await leaf.waitFor({ timeout: 10000 });
      await leaf.locator('.ant-tree-checkbox').click();
      await auth.locator('[data-action="confirm"]').click();
      await auth.waitFor({ state: 'detached', timeout: 10000 }).catch(() => undefined);
      await eventually(async () => (await api(page, 'GET', `/sys/role/queryById?id=${role.id}`)).json.dataRuleIdList?.includes(rule.id), 'the role holds the rule');
      await api(page, 'DELETE', `/sys/role/delete?ids=${role.id}`);
      await api(page, 'DELETE', `/sys/dataRule/delete?id=${rule.id}`);
    },
  },
];
