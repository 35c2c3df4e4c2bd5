// sys, complete (issue 24): the log list and a row's details, the settings form (in force at once),
// the file manager (a folder made and deleted), a menu's data rule refused when it cannot compile,
// user export and import, and a role's data scope.
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminCredentials, choose, eventually, expect, screenshot, tick } from '../lib/harness.mjs';
import { adminPage as signedInAdmin, newPage, openPage as open, pageApi as api } from '../lib/session.mjs';

// SheetJS from the frontends' workspace (the browser tests have no packages of their own)
const XLSX = createRequire(new URL('../../../frontends/package.json', import.meta.url))('xlsx');

const sfx = Date.now().toString(36);
const admin = adminCredentials();

const adminPage = (ctx) => signedInAdmin(ctx, 'sysCompletePage');

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
        // the log is written after the login's answer: search again, and wait for the list's answer
        const answered = page.waitForResponse((r) => r.url().includes('/api/sys/log/list'), { timeout: 10000 });
        await input.press('Enter');
        await answered;
        return first.isVisible();
      }, 'a login row is listed', 30000);
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
    alone: true, // a global setting every session reads
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
      const scope = await open(ctx, page, '/sys/file/index');
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
  {
    name: 'users: the ticked rows export to XLSX; an import creates its users, and the same file again imports nothing and names row and column',
    run: async (ctx) => {
      const page = await adminPage(ctx);
      const login = `xfer_${sfx}`;
      const saved = await api(page, 'POST', '/sys/user/save', {
        loginName: `${login}_e`, name: `导出${sfx}`, password: 'browser-xfer-pw', companyDTO: { id: '1' },
      });
      expect(saved.status === 200, `the user is created (${saved.status})`);
      const scope = await open(ctx, page, '/sys/user/UserList');
      const search = scope.locator('.ant-pro-table-search [id="loginName"]').first();
      await search.fill(`${login}_e`);
      const listed = page.waitForResponse((r) => r.url().includes('/api/sys/user/list') && r.url().includes(login));
      await search.press('Enter');
      await listed;
      const row = scope.locator('.ant-table-row', { hasText: `${login}_e` }).first();
      await row.waitFor({ timeout: 15000 });
      await tick(row.locator('.ant-checkbox-input'));
      // when the ticked row is exported: a workbook holding that user only
      const [download] = await Promise.all([page.waitForEvent('download'), scope.locator('[data-action="export-xlsx"]').click()]);
      const exported = XLSX.readFile(await download.path());
      const rows = XLSX.utils.sheet_to_json(exported.Sheets[exported.SheetNames[0]], { header: 1 });
      expect(rows.length === 2 && rows[1].includes(`${login}_e`), `the export holds the ticked user (${JSON.stringify(rows.slice(0, 3))})`);
      // and a file made from the import template (its titles, a row of our own) imports the user
      const template = await page.evaluate(async () => {
        const r = await fetch('/api/sys/user/import/template', { headers: { Authorization: `Bearer ${localStorage.getItem('loom.token')}` } });
        const bytes = new Uint8Array(await r.arrayBuffer());
        return btoa(String.fromCharCode(...bytes));
      });
      const book = XLSX.read(Buffer.from(template, 'base64'));
      const [titles, example] = XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]], { header: 1 });
      const mine = titles.map((title, i) => ({ 登录名: login, 姓名: `导入${sfx}` })[title] ?? example[i] ?? '');
      const sheet = XLSX.utils.aoa_to_sheet([titles, mine]);
      const out = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(out, sheet, '用户数据');
      const file = join(tmpdir(), `users-${sfx}.xlsx`);
      XLSX.writeFile(out, file);
      const imported = page.waitForResponse((r) => r.url().includes('/api/sys/user/import'));
      await scope.locator('input[type=file][accept=".xlsx"]').setInputFiles(file);
      const answer = await (await imported).json();
      expect(answer.success === true, `the import succeeds (${answer.msg})`);
      await ctx.portal.toast(page, answer.msg);
      expect((await api(page, 'GET', `/sys/user/list?loginName=${login}`)).json.records.some((u) => u.loginName === login), 'the imported user is listed');
      // then the same file again: the login name is taken, nothing more is imported
      const again = page.waitForResponse((r) => r.url().includes('/api/sys/user/import'));
      await scope.locator('input[type=file][accept=".xlsx"]').setInputFiles(file);
      const refused = await (await again).json();
      expect(refused.success !== true && /第2行，登录名/.test(refused.msg), `a second import is refused naming row and column (${refused.msg})`);
      await page.locator('.ant-message-notice', { hasText: '第2行' }).first().waitFor({ timeout: 10000 });
      await screenshot(page, 'sys-user-import');
      const users = (await api(page, 'GET', `/sys/user/list?loginName=${login}`)).json.records;
      await api(page, 'DELETE', `/sys/user/delete?ids=${users.map((u) => u.id).join(',')}`);
    },
  },
  {
    name: "roles: the data scope field saves the role's scope; 按明细设置 asks for the offices",
    run: async (ctx) => {
      const page = await adminPage(ctx);
      const scope = await open(ctx, page, '/sys/role/RoleList');
      await scope.locator('[data-action="add"]').first().click();
      const modal = ctx.portal.modal(page);
      await modal.locator('[id="name"]').waitFor({ timeout: 10000 });
      await modal.locator('[id="name"]').fill(`范围角色${sfx}`);
      await modal.locator('[id="enName"]').fill(`scope_role_${sfx}`);
      const field = modal.locator('[data-testid="role-data-scope"]');
      await choose(page, field, '按明细设置');
      await modal.locator('[data-testid="role-offices"]').waitFor({ timeout: 10000 });
      await choose(page, field, /^所在部门$/);
      await modal.locator('[data-testid="role-offices"]').waitFor({ state: 'detached', timeout: 10000 });
      await screenshot(page, 'sys-role-data-scope');
      await modal.locator('[data-action="confirm"]').click();
      await ctx.portal.toast(page, `范围角色${sfx}`);
      const role = (await api(page, 'GET', `/sys/role/list?enName=scope_role_${sfx}`)).json.records[0];
      const stored = (await api(page, 'GET', `/sys/role/queryById?id=${role.id}`)).json;
      expect(stored.dataScope === '5', `the role's scope is 所在部门 (${stored.dataScope})`);
      await api(page, 'DELETE', `/sys/role/delete?ids=${role.id}`);
    },
  },
  {
    name: 'login captcha: with 验证码 on in the settings, the login page shows the code and signs in with it',
    alone: true, // while 验证码 is on no other lane's test could sign in
    run: async (ctx) => {
      const page = await adminPage(ctx);
      const form = (await api(page, 'GET', '/sys/sysConfig/queryById')).json;
      await api(page, 'POST', '/sys/sysConfig/save', { ...form, loginCode: '1' });
      const login = await newPage(ctx, { width: 1280, height: 800 });
      try {
        await login.goto(ctx.base + '/login');
        await login.locator('[data-testid="login-code-image"]').waitFor({ timeout: 20000 });
        await login.fill('#loom-username', admin.user);
        await login.fill('#loom-password', admin.password);
        await login.click('.loom-login-submit');
        await login.locator('.loom-login-hint', { hasText: '请输入验证码' }).waitFor({ timeout: 10000 });
        // a person reads the image; the test reads the same code from a fresh image (its cookie wins)
        const svg = await login.evaluate(async () => (await fetch('/api/sys/getCode?n=test')).text());
        const code = [...svg.matchAll(/>([A-Z0-9])<\/text>/g)].map((m) => m[1]).join('');
        await login.fill('#loom-code', code);
        await login.click('.loom-login-submit');
        await login.waitForSelector('.loom-side-menu', { timeout: 20000 });
        await screenshot(login, 'sys-login-captcha');
      } finally {
        await api(page, 'POST', '/sys/sysConfig/save', { ...form, loginCode: '0' });
        await login.context().close();
      }
    },
  },
];
