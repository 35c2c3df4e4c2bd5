// A generated module in the portal (issue 21): a single table with a required column and a
// dictionary column is synchronised, its code generated from the generator's list with the
// dialog's defaults (the app host's module store), the host tests and mounts it, the created menu
// opens its list from the module's remote (the host built it; the shell registers it at login):
// add (refused by the page, and by the server), search, edit, delete.
import { adminCredentials, eventually, expect, screenshot, tick } from '../lib/harness.mjs';
import { column, tableDesign } from '../lib/design.mjs';
import { exportChoice, exportedTitles } from '../lib/exports.mjs';
import { adminPage, grantMenus, pageApi, signedIn } from '../lib/session.mjs';

const admin = adminCredentials();
const sfx = Date.now().toString(36);
const TABLE = `e2e_mod_${sfx}`;
const MODULE = `mod${sfx}`;
const GEN_LIST = '/gen/GenTableList';
const HREF = `/${MODULE}/${TABLE}/${TABLE.split('_').map((p) => p[0].toUpperCase() + p.slice(1)).join('')}List`;

const page = (ctx) => adminPage(ctx, 'appsPage');

/** Calls the API with the page's token (fixtures the scenario does not exercise through screens). */
const api = pageApi;

const design = () =>
  tableDesign({
    name: TABLE,
    comments: '端到端模块',
    columns: [
      column('title', 'varchar(50)', '标题', { isNull: '0', isQuery: '1', queryType: 'LIKE' }),
      column('kind', 'varchar(10)', '是否', { showType: 'select', dictType: 'yes_no' }),
    ],
  });

export default [
  {
    name: 'apps: generate from the list with the defaults, the module goes live and its menu opens its list',
    run: async (ctx) => {
      const p = await page(ctx);
      // a synchronised design (the wizard is gencode's own test)
      const saved = await api(p, 'POST', '/gencode/table/save', design());
      expect(saved.status === 200, `the design is saved (${saved.text})`);
      const listed = await api(p, 'GET', `/gencode/table/list?nameLike=${TABLE}`);
      const tableId = listed.json.result.records[0].id;
      const synced = await api(p, 'POST', '/gencode/table/synchDb', { id: tableId, isForce: '1' }, true);
      expect(synced.status === 200, `synchronised (${synced.text})`);
      // Generate code from the generator's list, keeping the dialog's default paths
      await p.goto(ctx.base + GEN_LIST);
      const scope = p.locator(`[data-page="${GEN_LIST}"]`);
      await scope.waitFor({ timeout: 20000 });
      const search = scope.locator('.ant-pro-table-search [id="nameLike"]').first();
      await search.fill(TABLE);
      await search.press('Enter');
      const row = scope.locator('.ant-table-row', { hasText: TABLE }).first();
      await row.waitFor({ timeout: 15000 });
      await tick(row.locator('.ant-checkbox-input'));
      await scope.locator('[data-action="gen-code"]').click();
      const gen = ctx.portal.modal(p);
      await eventually(async () => (await gen.locator('[data-field="moduleName"]').inputValue()) !== '', 'the scheme is loaded');
      await gen.locator('[data-field="moduleName"]').fill(MODULE);
      await gen.locator('[data-action="confirm"]').click();
      await ctx.portal.toast(p, '生成成功');
      await p.locator('.loom-gen-result .ant-modal-close').click();
      // the host tests the module and serves it; the list follows its state on its own (no search,
      // no reload): generated or testing first, live at the end
      const tag = row.locator('[data-module-state="live"]');
      await eventually(
        async () => {
          if ((await row.locator('[data-module-state="failed"]').count()) > 0) throw new Error('the module failed its tests');
          return tag.isVisible();
        },
        'the list shows the module live without being asked again',
        180000,
      );
      await tag.click();
      await p.locator('.loom-module-log pre', { hasText: 'passed' }).waitFor({ timeout: 10000 });
      await screenshot(p, 'apps-00-state');
      await p.locator('.loom-module-log .ant-modal-close').click();
      ctx.shared.appsTableId = tableId;
      // its menu, granted to the administrator's role as 角色管理 does
      const menu = await api(p, 'POST', '/gencode/scheme/createMenu', { 'parent.id': 'm-gen', name: `模块${sfx}`, tableId, tableType: '0' }, true);
      expect(menu.status === 200, `the menu is created (${menu.text})`);
      const ids = await grantMenus(p, (href) => href === HREF);
      expect(ids.length === 5, `the page and its four buttons (${ids.length})`);
      await ctx.portal.logout(p);
      await ctx.portal.login(p, admin.user, admin.password);
      // the menu under 代码生成 opens the module's list from the module's own remote, which the
      // shell registered at login (the tree arrives after login and opens animated)
      const remoteEntry = p.waitForResponse((r) => r.url().includes(`/mf/apps/${MODULE}/${TABLE}/remoteEntry.js`) && r.ok(), { timeout: 60000 });
      const listAnswer = p.waitForResponse((r) => r.url().includes(`/api/${MODULE}/${TABLE}/list`) && r.ok(), { timeout: 60000 });
      const item = p.locator(`.loom-side-menu [data-href="${HREF}"]`);
      await eventually(
        async () => {
          if (new URL(p.url()).pathname === HREF) return true;
          if (await item.isVisible().catch(() => false)) await item.click({ timeout: 3000 }).catch(() => undefined);
          else {
            await p.locator('.loom-side-menu .ant-menu-submenu-title', { hasText: '代码生成' }).first().click({ timeout: 3000 }).catch(() => undefined);
            await item.waitFor({ timeout: 3000 }).catch(() => undefined);
          }
          return p.waitForURL((u) => u.pathname === HREF, { timeout: 3000 }).then(() => true, () => false);
        },
        'the created menu opens the module',
        30000,
      );
      await remoteEntry;
      // the list's answer, then the rows' table of the generated page
      await listAnswer;
      await p.locator('.loom-generated-page .ant-table').waitFor({ timeout: 30000 });
      await screenshot(p, 'apps-01-list');
    },
  },
  {
    name: 'apps: add (refused by the page and by the server), search, edit and delete in the generated list',
    run: async (ctx) => {
      const p = await page(ctx);
      const list = p.locator('.loom-generated-page');
      // the page refuses an empty required column
      await list.locator('[data-action="add"]').click();
      const dlg = ctx.portal.modal(p);
      await dlg.locator('[data-action="confirm"]').click();
      await dlg.locator('.ant-form-item-explain-error', { hasText: '标题不能为空' }).waitFor({ timeout: 10000 });
      // and so does the server
      const refused = await api(p, 'POST', `/${MODULE}/${TABLE}/save`, { kind: '1' });
      expect(refused.status === 400 && refused.json.msg.includes('title'), `the server refuses it (${refused.text})`);
      // two rows saved through the dialog
      for (const [title, kind] of [[`甲${sfx}`, '是'], [`乙${sfx}`, '否']]) {
        if (!(await dlg.isVisible())) await list.locator('[data-action="add"]').click();
        await dlg.locator('input#title').fill(title);
        await dlg.locator('.ant-form-item:has(#kind) .ant-select-selector').click();
        await p.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: kind }).first().click();
        await dlg.locator('[data-action="confirm"]').click();
        await dlg.waitFor({ state: 'hidden', timeout: 15000 });
        await list.locator('.ant-table-row', { hasText: title }).first().waitFor({ timeout: 15000 });
      }
      await screenshot(p, 'apps-02-added');
      // search by title
      const query = list.locator('.ant-pro-table-search input#title').first();
      await query.fill(`甲${sfx}`);
      await query.press('Enter');
      await eventually(async () => (await list.locator('.ant-table-row').count()) === 1, 'the search leaves one row');
      // edit through the label link
      await list.locator('.ant-table-row', { hasText: `甲${sfx}` }).first().locator('a', { hasText: `甲${sfx}` }).click();
      await eventually(async () => (await dlg.locator('input#title').inputValue()) === `甲${sfx}`, 'the dialog loads the row');
      await dlg.locator('input#title').fill(`丙${sfx}`);
      await dlg.locator('[data-action="confirm"]').click();
      await dlg.waitFor({ state: 'hidden', timeout: 15000 });
      await query.fill('');
      await query.press('Enter');
      await list.locator('.ant-table-row', { hasText: `丙${sfx}` }).first().waitFor({ timeout: 15000 });
      // delete through the row action
      await list.locator('.ant-table-row', { hasText: `丙${sfx}` }).first().locator('[data-row-action="delete"]').click();
      await p.locator('.ant-modal-confirm .ant-btn-primary').click();
      await eventually(async () => (await list.locator('.ant-table-row', { hasText: `丙${sfx}` }).count()) === 0, 'the row is deleted');
      await list.locator('.ant-table-row', { hasText: `乙${sfx}` }).first().waitFor();
      await screenshot(p, 'apps-03-deleted');
    },
  },
  {
    name: 'apps: the export writes every row the search finds, newest first, or only the ticked rows, not the page on screen',
    run: async (ctx) => {
      const p = await page(ctx);
      const list = p.locator('.loom-generated-page');
      // given eleven rows saved one after another, searched, the second page open (one row on it)
      for (let i = 1; i <= 11; i += 1) {
        const saved = await api(p, 'POST', `/${MODULE}/${TABLE}/save`, { title: `行${i}_${sfx}`, kind: '1' });
        expect(saved.status === 200, `row ${i} is saved (${saved.text})`);
      }
      const query = list.locator('.ant-pro-table-search input#title').first();
      await query.fill(`_${sfx}`);
      await query.press('Enter');
      // newest first: the last saved heads page 1, the first saved is alone on page 2
      await eventually(async () => (await list.locator('.ant-table-row').first().innerText()).includes(`行11_${sfx}`), 'the newest row heads the list');
      await list.locator('.ant-pagination-item-2').click();
      await eventually(async () => (await list.locator('.ant-table-row').count()) === 1, 'page 2 shows one row');
      await list.locator('.ant-table-row', { hasText: `行1_${sfx}` }).first().waitFor({ timeout: 15000 });
      // when every row is exported, then the file holds the eleven, newest first
      const every = await exportChoice(p, list, 'all-xlsx');
      const titles = await exportedTitles(every);
      const expected = Array.from({ length: 11 }, (_, i) => `行${11 - i}_${sfx}`);
      expect(JSON.stringify(titles) === JSON.stringify(expected), `the export holds every searched row, newest first (${JSON.stringify(titles)})`);
      expect(every.suggestedFilename() === '端到端模块.xlsx', `named after the module (${every.suggestedFilename()})`);
      // when the row on screen is ticked and the ticked rows exported, then the file holds that one
      await tick(list.locator('.ant-table-row .ant-checkbox-input').first());
      const ticked = await exportChoice(p, list, 'selected-xlsx');
      const one = await exportedTitles(ticked);
      expect(JSON.stringify(one) === JSON.stringify([`行1_${sfx}`]), `the export holds the ticked row only (${JSON.stringify(one)})`);
      await screenshot(p, 'apps-04-export');
      await query.fill('');
      await query.press('Enter');
    },
  },
  {
    name: 'apps (en-US): the generated page speaks English and the server refuses in English too',
    run: async (ctx) => {
      const p = await signedIn(ctx, admin.user, admin.password, { locale: 'en-US' });
      const context = p.context();
      try {
        const remoteEntry = p.waitForResponse((r) => r.url().includes(`/mf/apps/${MODULE}/${TABLE}/remoteEntry.js`) && r.ok(), { timeout: 60000 });
        await p.goto(ctx.base + HREF);
        await remoteEntry;
        const list = p.locator('.loom-generated-page');
        await list.locator('.ant-table').waitFor({ timeout: 30000 });
        await list.locator('[data-action="add"]').click();
        const dlg = ctx.portal.modal(p);
        await dlg.locator('[data-action="confirm"]').click();
        await dlg.locator('.ant-form-item-explain-error', { hasText: '标题 must not be empty' }).waitFor({ timeout: 10000 });
        const refused = await p.evaluate(
          async (url) => {
            const r = await fetch('/api' + url, {
              method: 'POST',
              headers: { Authorization: `Bearer ${localStorage.getItem('loom.token')}`, 'Content-Type': 'application/json', 'Accept-Language': 'en-US' },
              body: JSON.stringify({ kind: '1' }),
            });
            return { status: r.status, body: await r.json() };
          },
          `/${MODULE}/${TABLE}/save`,
        );
        expect(refused.status === 400 && /title/.test(refused.body.msg) && !/[\u4e00-\u9fff]/.test(refused.body.msg.replace('标题', '')), `refused in English (${JSON.stringify(refused.body)})`);
        await dlg.locator('input#title').fill(`en${sfx}`);
        await dlg.locator('[data-action="confirm"]').click();
        await dlg.waitFor({ state: 'hidden', timeout: 15000 });
        await list.locator('.ant-table-row', { hasText: `en${sfx}` }).first().waitFor({ timeout: 15000 });
        await screenshot(p, 'apps-04-en');
      } finally {
        await context.close();
      }
    },
  },
  {
    name: 'apps: taking the module offline from the generator\'s list unmounts it and keeps its table',
    run: async (ctx) => {
      const p = await page(ctx);
      await p.goto(ctx.base + GEN_LIST);
      const scope = p.locator(`[data-page="${GEN_LIST}"]`);
      const search = scope.locator('.ant-pro-table-search [id="nameLike"]').first();
      await search.fill(TABLE);
      await search.press('Enter');
      const row = scope.locator('.ant-table-row', { hasText: TABLE }).first();
      await row.locator('[data-module-state="live"]').waitFor({ timeout: 15000 });
      await row.locator('[data-row-action="unpublish"]').click();
      await p.locator('.ant-modal-confirm .ant-btn-primary').click();
      await row.locator('[data-module-state="unpublished"]').waitFor({ timeout: 15000 });
      const gone = await api(p, 'GET', `/${MODULE}/${TABLE}/list`);
      expect(gone.status === 404, `the module's routes are gone (${gone.status})`);
      const tables = await api(p, 'GET', `/gencode/table/importTableData?name=${TABLE}&dataSource.enName=master`);
      expect(tables.text.includes(TABLE), `the table stays in its database (${tables.text.slice(0, 200)})`);
    },
  },
];
