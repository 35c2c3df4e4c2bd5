// The gencode screens end to end through the gateway: design a table through the five wizard
// steps (each step's validation message), synchronise it, generate code into the workspace;
// import two tables from MariaDB; master-detail refusals; template groups; a validation type rule.
import { execFileSync } from 'node:child_process';
import { eventually, expect, screenshot } from '../lib/harness.mjs';
import { adminPage, openPage as open, pageApi } from '../lib/session.mjs';

const sfx = Date.now().toString(36);
const T = {
  note: `e2e_note_${sfx}`,
  main: `e2e_order_${sfx}`,
  child: `e2e_order_item_${sfx}`,
  mariaDb: `loom_e2e_${sfx}`,
  dsKey: `maria_${sfx}`,
  dsName: `MariaDB ${sfx}`,
  vt: `e2e校验${sfx}`,
};
const LIST = '/gen/GenTableList';

const page = (ctx) => adminPage(ctx, 'gencodePage');

/** Calls the API with the page's token (for fixtures the scenario does not exercise). */
const api = pageApi;

function wizardScope(p) {
  return p.locator('.loom-table-wizard');
}

async function wizardError(p, text) {
  await p.locator('.loom-table-wizard .loom-wizard-error', { hasText: text }).waitFor({ timeout: 10000 });
}

/** Opens a page by its URL (a fresh load, so a dialog left open by a failed test is gone). */
async function openList(ctx, p) {
  const scope = await open(ctx, p, LIST);
  await scope.locator('.loom-datasource-tree [data-datasource]').first().waitFor();
  return scope;
}

function row(scope, name) {
  return scope.locator('.ant-table-row', { hasText: name }).first();
}

async function searchTable(scope, name) {
  const input = scope.locator('.ant-pro-table-search [id="nameLike"]').first();
  await input.fill(name);
  await input.press('Enter');
  await row(scope, name).waitFor({ timeout: 10000 });
}

async function tick(scope, name) {
  await row(scope, name).locator('.ant-checkbox-input').check();
}

function mysql(sql) {
  execFileSync('mysql', ['-uroot', '-h127.0.0.1', '-P3306', '-e', sql], { stdio: 'pipe' });
}

export default [
  {
    name: 'gencode: design a normal table through the five wizard steps, with each step’s validation message',
    run: async (ctx) => {
      const p = await page(ctx);
      const scope = await openList(ctx, p);
      await scope.locator('[data-action="add"]').click();
      const w = wizardScope(p);
      await w.locator('.loom-wizard-step-0 .ant-table-row').first().waitFor();
      // step 1 without a table name
      await w.locator('[data-action="next"]').click();
      await wizardError(p, '表名不能为空');
      await w.locator('[id="name"]').fill(T.note);
      await w.locator('[id="name"]').blur();
      await w.locator('[id="comments"]').fill('E2E 便签');
      expect((await w.locator('[id="className"]').inputValue()).startsWith('E2eNote'), 'class name derived from the table name');
      // a new column without comments
      await w.locator('[data-action="add-column"]').click();
      const last = w.locator('.loom-wizard-step-0 .ant-table-row').last();
      await last.locator('input[data-col^="name:"]').fill('title');
      await w.locator('[data-action="next"]').click();
      await wizardError(p, '列[title]的说明不能为空');
      await last.locator('input[data-col^="comments:"]').fill('标题');
      await last.locator('td').nth(2).locator('input').fill('varchar(200)');
      await w.locator('[data-action="next"]').click();
      // step 2: an illegal Java property name
      await w.locator('.loom-wizard-step-1').waitFor();
      const javaField = w.locator('[data-col="javaField:title"]');
      await javaField.fill('.title');
      await w.locator('[data-action="next"]').click();
      await wizardError(p, 'Java属性名称【.title】非法');
      await javaField.fill('title');
      await w.locator('[data-action="next"]').click();
      await w.locator('.loom-wizard-step-2').waitFor();
      await screenshot(p, 'gencode-01-wizard-form-page');
      await w.locator('[data-action="next"]').click();
      await w.locator('.loom-wizard-step-3').waitFor();
      await w.locator('[data-action="next"]').click();
      await w.locator('.loom-wizard-step-4').waitFor();
      await w.locator('.loom-wizard-step-4 [data-col="title:isQuery"]').check();
      await w.locator('[data-action="confirm"]').click();
      await ctx.portal.toast(p, T.note);
      await w.waitFor({ state: 'hidden' });
      await searchTable(scope, T.note);
      expect((await row(scope, T.note).textContent()).includes('未同步'), 'a new design is not synced');
      await screenshot(p, 'gencode-02-list');
    },
  },
  {
    name: 'gencode: synchronise the table (DDL preview, forced warning) and generate code into the workspace',
    run: async (ctx) => {
      const p = await page(ctx);
      const scope = await openList(ctx, p);
      await searchTable(scope, T.note);
      await row(scope, T.note).locator('[data-row-action="sync"]').click();
      const dlg = ctx.portal.modal(p);
      await eventually(async () => /CREATE TABLE/i.test((await dlg.locator('.loom-sync-preview').textContent()) ?? ''), 'the DDL preview shows CREATE TABLE');
      await dlg.locator('[data-sync="2"]').click();
      await dlg.locator('.loom-sync-force-warn').waitFor();
      await dlg.locator('[data-sync="1"]').click();
      await screenshot(p, 'gencode-03-sync');
      await dlg.locator('[data-action="confirm"]').click();
      await eventually(async () => (await row(scope, T.note).textContent()).includes('已同步'), 'the row shows synced');
      // generate code
      await tick(scope, T.note);
      await scope.locator('[data-action="gen-code"]').click();
      const gen = ctx.portal.modal(p);
      await eventually(async () => (await gen.locator('[data-field="moduleName"]').inputValue()) !== '', 'the scheme is loaded');
      await gen.locator('[data-action="pick-projectPath"]').click();
      const picker = p.locator('.loom-file-tree-picker');
      const folder = picker.locator('[data-path]').first();
      const choose = picker.locator('[data-action="confirm"]');
      await folder.waitFor();
      // the user clicks the folder until it shows chosen: CI lost a click while the dialog opened (the
      // button stayed disabled); a click on a chosen folder would unchoose it, so only while it is not
      await eventually(async () => (await choose.isEnabled()) || (await folder.click(), choose.isEnabled()), 'a folder is chosen', 20000);
      await choose.click();
      await picker.waitFor({ state: 'hidden' });
      await gen.locator('[data-field="moduleName"]').fill('e2e');
      await gen.locator('[data-action="preview-code"]').click();
      const preview = p.locator('.loom-code-preview');
      await preview.locator('[data-file]').first().waitFor({ timeout: 15000 });
      await preview.locator('.monaco-editor').first().waitFor({ timeout: 20000 });
      await screenshot(p, 'gencode-04-preview');
      await preview.locator('.ant-modal-close').click();
      await gen.locator('[data-action="confirm"]').click();
      await ctx.portal.toast(p, '生成成功');
      const result = p.locator('.loom-gen-result');
      await result.locator('[data-file]').first().waitFor({ timeout: 15000 });
      const files = await result.locator('[data-file]').allTextContents();
      expect(files.length >= 2 && files.some((f) => f.includes(T.note) || f.toLowerCase().includes('e2enote')), `generated files listed: ${files.join(', ')}`);
      await screenshot(p, 'gencode-05-generated');
      await result.locator('.ant-modal-close').click();
    },
  },
  {
    name: 'gencode: create a MariaDB data source and import two of its tables',
    run: async (ctx) => {
      mysql(
        `CREATE DATABASE ${T.mariaDb}; ` +
          `CREATE TABLE ${T.mariaDb}.e2e_customer (id varchar(64) primary key, name varchar(100) comment '名称') comment '客户'; ` +
          `CREATE TABLE ${T.mariaDb}.e2e_invoice (id varchar(64) primary key, amount decimal(10,2), created datetime) comment '发票'; ` +
          `CREATE TABLE ${T.mariaDb}.e2e_other (id int primary key);`,
      );
      const p = await page(ctx);
      const dsPage = await open(ctx, p, '/database/datalink/DataSourceList');
      await dsPage.locator('.ant-table-row').first().waitFor();
      await dsPage.locator('[data-action="add"]').click();
      const dlg = ctx.portal.modal(p);
      await dlg.locator('[id="enName"]').fill(T.dsKey);
      await dlg.locator('[id="name"]').fill(T.dsName);
      await dlg.locator('[id="dbName"]').fill(T.mariaDb);
      await dlg.locator('[id="username"]').fill('root');
      await dlg.locator('[data-action="test-connection"]').click();
      await ctx.portal.toast(p, '数据库连接成功');
      await dlg.locator('[data-action="confirm"]').click();
      await row(dsPage, T.dsName).waitFor();
      // import
      const scope = await openList(ctx, p);
      await scope.locator('[data-action="import"]').click();
      const imp = p.locator('.loom-import-dialog');
      await imp.locator(`[data-datasource="${T.dsKey}"]`).click();
      await imp.locator('[data-import-table="e2e_customer"]').waitFor({ timeout: 15000 });
      await imp.locator('[data-field="import-filter"]').fill('e2e_');
      await imp.locator('[data-field="import-filter"]').press('Enter');
      for (const name of ['e2e_customer', 'e2e_invoice']) await imp.locator('.ant-table-row', { hasText: name }).locator('.ant-checkbox-input').check();
      await screenshot(p, 'gencode-06-import');
      await imp.locator('[data-action="confirm"]').click();
      await imp.waitFor({ state: 'hidden', timeout: 20000 });
      await scope.locator(`.loom-datasource-tree [data-datasource="${T.dsKey}"]`).click();
      await row(scope, 'e2e_customer').waitFor();
      await row(scope, 'e2e_invoice').waitFor();
      expect((await row(scope, 'e2e_invoice').textContent()).includes(T.dsName), 'the source database is shown');
      await scope.locator(`.loom-datasource-tree [data-datasource="${T.dsKey}"]`).click();
    },
  },
  {
    name: 'gencode: generate code and create menu are refused on a child table with the seed’s message',
    run: async (ctx) => {
      const p = await page(ctx);
      const cols = (extra = []) => [
        { name: 'id', comments: '主键', jdbcType: 'varchar(64)', isPk: '1', javaType: 'String', javaField: 'id', showType: 'input', isNull: '0', queryType: 'EQ' },
        ...['create_by', 'update_by'].map((n) => ({ name: n, comments: n, jdbcType: 'varchar(64)', javaType: 'String', javaField: n.replace(/_(\w)/, (_m, c) => c.toUpperCase()), showType: 'input', queryType: 'EQ' })),
        ...['create_date', 'update_date'].map((n) => ({ name: n, comments: n, jdbcType: 'timestamp', javaType: 'java.util.Date', javaField: n.replace(/_(\w)/, (_m, c) => c.toUpperCase()), showType: 'dateselect', queryType: 'EQ' })),
        { name: 'del_flag', comments: '删除标记', jdbcType: 'char(1)', javaType: 'String', javaField: 'delFlag', showType: 'input', queryType: 'EQ' },
        ...extra,
      ];
      const base = { dataSource: { id: 'master' }, idType: '1' };
      let r = await api(p, 'POST', '/gencode/table/save', { ...base, name: T.main, comments: '订单', className: 'E2eOrder', tableType: '1', columnList: cols() });
      expect(r.status === 200, `main saved: ${r.body}`);
      r = await api(p, 'POST', '/gencode/table/save', {
        ...base,
        name: T.child,
        comments: '订单明细',
        className: 'E2eOrderItem',
        tableType: '2',
        parentTable: T.main,
        parentTableFk: 'order_id',
        columnList: cols([{ name: 'order_id', comments: '订单', jdbcType: 'varchar(64)', javaType: 'String', javaField: 'orderId', showType: 'input', queryType: 'EQ' }]),
      });
      expect(r.status === 200, `child saved: ${r.body}`);
      const scope = await openList(ctx, p);
      await searchTable(scope, T.child);
      await tick(scope, T.child);
      await scope.locator('[data-action="gen-code"]').click();
      await ctx.portal.toast(p, '不能选择附表生成代码，请选择主表!');
      await scope.locator('[data-action="create-menu"]').click();
      await ctx.portal.toast(p, '不能选择附表创建菜单，请选择主表!');
      await screenshot(p, 'gencode-07-child-refused');
      await row(scope, T.child).locator('.ant-checkbox-input').uncheck();
      // the main table is refused until it is synchronised
      await searchTable(scope, T.main);
      await tick(scope, T.main);
      await scope.locator('[data-action="create-menu"]').click();
      await ctx.portal.toast(p, '请先同步数据库!');
      await row(scope, T.main).locator('.ant-checkbox-input').uncheck();
    },
  },
  {
    name: 'gencode: edit, copy and (not) delete the system template group',
    run: async (ctx) => {
      const p = await page(ctx);
      const scope = await open(ctx, p, '/gen/template/TemplateList');
      const system = scope.locator('.loom-template-card', { has: p.locator('.ant-tag', { hasText: '系统预设' }) }).first();
      await system.waitFor();
      const sysName = await system.getAttribute('data-group');
      await system.locator('[data-action="edit-group"]').click();
      const dlg = p.locator('.loom-template-dialog');
      await dlg.locator('[data-template-file]').first().waitFor({ timeout: 15000 });
      await dlg.locator('.monaco-editor').first().waitFor({ timeout: 20000 });
      await screenshot(p, 'gencode-08-template-dialog');
      // add a main-table file, rename it, then remove it again (unsaved: it disappears)
      const before = await dlg.locator('.loom-template-main [data-template-file]').count();
      await dlg.locator('[data-action="add-file-main"]').click();
      await eventually(async () => (await dlg.locator('.loom-template-main [data-template-file]').count()) === before + 1, 'a new file tab');
      await dlg.locator('.loom-template-main .ant-tabs-tab-active [data-action="rename-file"]').click();
      const rename = ctx.portal.modal(p);
      await rename.locator('[id="name"]').fill('');
      await rename.locator('.ant-btn-primary').click();
      await rename.locator('.ant-form-item-explain-error', { hasText: '文件名不能为空' }).waitFor();
      await rename.locator('[id="name"]').fill('e2e.jinja2');
      await rename.locator('.ant-btn-primary').click();
      await dlg.locator('[data-template-file="e2e.jinja2"]').waitFor();
      await dlg.locator('.loom-template-main .ant-tabs-tab-active .ant-tabs-tab-remove').click();
      await eventually(async () => (await dlg.locator('.loom-template-main [data-template-file]').count()) === before, 'the unsaved file is removed');
      await dlg.locator('[data-action="close"]').click();
      // copy
      const count = await scope.locator('.loom-template-card').count();
      await system.locator('[data-action="copy-group"]').click();
      await p.locator('.ant-modal-confirm .ant-btn-primary').click();
      await ctx.portal.toast(p, '复制成功');
      await eventually(async () => (await scope.locator('.loom-template-card').count()) === count + 1, 'the copy appears');
      // the system group cannot be deleted
      await system.locator('[data-action="delete-group"]').click();
      expect(((await p.locator('.ant-modal-confirm').textContent()) ?? '').includes('确认要删除该模板吗?'), 'delete confirmation');
      await p.locator('.ant-modal-confirm .ant-btn-primary').click();
      await ctx.portal.toast(p, '系统预设模板禁止删除!');
      await screenshot(p, 'gencode-09-templates');
      // the copy (not a system group) can be deleted
      const copy = scope.locator('.loom-template-card', { hasNot: p.locator('.ant-tag', { hasText: '系统预设' }) }).filter({ hasText: sysName ?? '' }).last();
      await copy.locator('[data-action="delete-group"]').click();
      await p.locator('.ant-modal-confirm .ant-btn-primary').click();
      await eventually(async () => (await scope.locator('.loom-template-card').count()) === count, 'the copy is deleted');
    },
  },
  {
    name: 'gencode: a validation type with a sort outside 0..99999 is refused by the form rule',
    run: async (ctx) => {
      const p = await page(ctx);
      const scope = await open(ctx, p, '/gen/GenValidateTypeList');
      await scope.locator('.ant-table-row').first().waitFor();
      await scope.locator('[data-action="add"]').click();
      const dlg = ctx.portal.modal(p);
      await dlg.locator('[data-action="confirm"]').click();
      await dlg.locator('.ant-form-item-explain-error', { hasText: '标签不能为空' }).waitFor();
      await dlg.locator('[id="label"]').fill(T.vt);
      await dlg.locator('[id="value"]').fill(`e2e${sfx}`);
      await dlg.locator('[id="sort"]').fill('100000');
      await dlg.locator('[id="sort"]').blur();
      await dlg.locator('.ant-form-item-explain-error', { hasText: '排序必须是0到99999之间的整数' }).waitFor();
      await dlg.locator('[data-action="confirm"]').click();
      expect(await dlg.isVisible(), 'the dialog stays open');
      await screenshot(p, 'gencode-10-validate-sort');
      await dlg.locator('[id="sort"]').fill('30');
      await dlg.locator('[data-action="confirm"]').click();
      await ctx.portal.toast(p, T.vt);
      await dlg.waitFor({ state: 'hidden' });
    },
  },
];
