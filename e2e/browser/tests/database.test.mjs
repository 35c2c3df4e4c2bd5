// 数据库管理 and 数据模型 in the gencode remote, through the gateway: create a table with two columns,
// add a row with 执行SQL and see it in 查看数据; narrow a column holding a value — the preview marks
// the statement as lossy and the change is refused; then a data set over the table with a parameter,
// parsed, previewed and saved, and a parameter carrying SQL finds nothing.
import { eventually, expect, screenshot } from '../lib/harness.mjs';
import { adminPage, openPage as open } from '../lib/session.mjs';

const sfx = Date.now().toString(36);
const TABLE = `e2e_dbt_${sfx}`;
const SET = `金额模型${sfx}`;
const TABLES = '/database/datatable/Table';
const SETS = '/database/datamodel/DataSetList';

const page = (ctx) => adminPage(ctx, 'databasePage');

function dialog(p, cls) {
  return p.locator(`.ant-modal.${cls}, .${cls} .ant-modal, .ant-modal-wrap .${cls}`).last();
}

async function search(scope, name) {
  const input = scope.locator('.ant-pro-table-search [id="name"]').first();
  await input.fill(name);
  await input.press('Enter');
  await scope.locator('.ant-table-row', { hasText: name }).first().waitFor({ timeout: 15000 });
  return scope.locator('.ant-table-row', { hasText: name }).first();
}

async function runSql(p, scope, sql) {
  await scope.locator('[data-action="execute-sql"]').click();
  const box = p.locator('.loom-sql-dialog');
  await box.locator('textarea#sql').waitFor();
  await box.locator('textarea#sql').fill(sql);
  await box.locator('[data-action="run-sql"]').click();
  return box;
}

export default [
  {
    name: 'database: a table is created, filled with 执行SQL, viewed, and a lossy change is shown and refused',
    run: async (ctx) => {
      const p = await page(ctx);
      ctx.shared.page = p;
      const scope = await open(ctx, p, TABLES);
      await scope.locator('.loom-db-source').waitFor();
      // create: the dialog starts with an id column; add an amount column
      await scope.locator('.ant-pro-table-list-toolbar [data-action="add"], [data-action="add"]').first().click();
      const box = p.locator('.loom-db-table-dialog');
      await box.locator('.loom-db-column').first().waitFor();
      await box.locator('[id="name"]').fill(TABLE);
      await box.locator('[data-action="add-column"]').click();
      const amount = box.locator('.loom-db-column').nth(1);
      await amount.locator('input').nth(1).fill('amount');
      const type = amount.locator('.ant-select-selection-search-input');
      await type.fill('numeric(10,2)');
      await box.locator('[data-action="preview"]').click();
      await box.locator('.loom-db-statement', { hasText: 'CREATE TABLE' }).waitFor();
      await box.locator('[data-action="submit"]').click();
      await ctx.portal.toast(p, `创建表${TABLE}成功`);
      // a row added with 执行SQL, then seen in 查看数据
      const row = await search(scope, TABLE);
      const sql = await runSql(p, scope, `insert into ${TABLE} (id, amount) values ('a1', 12.34)`);
      await sql.locator('.loom-sql-affected', { hasText: '影响 1 行' }).waitFor();
      await sql.locator('.ant-modal-close').click();
      await row.locator('a, button', { hasText: '查看数据' }).first().click();
      const rows = p.locator('.loom-db-rows');
      await rows.locator('.ant-table-row', { hasText: '12.34' }).waitFor();
      await rows.locator('.ant-modal-close').click();
      // alter: amount loses its cents — the preview marks it, the change is refused, the value stays
      await row.locator('a, button', { hasText: '修改' }).first().click();
      await box.locator('.loom-db-column').nth(1).waitFor();
      const altered = box.locator('.loom-db-column').filter({ has: p.locator('input[value="amount"]') });
      const typeInput = altered.locator('.ant-select-selection-search-input');
      await typeInput.fill('numeric(10,0)');
      await box.locator('[data-action="preview"]').click();
      await box.locator('.loom-db-statement-lossy', { hasText: 'amount' }).waitFor();
      expect(await box.locator('[data-action="force"]').isVisible(), 'a lossy change offers the force');
      await box.locator('[data-action="submit"]').click();
      await p.locator('.ant-message-notice', { hasText: 'amount' }).first().waitFor({ timeout: 10000 });
      await screenshot(p, 'database-lossy-refused');
      await box.locator('.ant-modal-close').click();
      const again = await runSql(p, scope, `select amount from ${TABLE}`);
      await again.locator('.loom-sql-result .ant-table-row', { hasText: '12.34' }).waitFor();
      await again.locator('.ant-modal-close').click();
    },
  },
  {
    name: 'database: a data set with a parameter is parsed, previewed, saved, and SQL in a parameter stays a value',
    run: async (ctx) => {
      const p = await page(ctx);
      ctx.shared.page = p;
      const scope = await open(ctx, p, SETS);
      await scope.locator('[data-action="add"]').first().click();
      const box = p.locator('.loom-data-set-dialog');
      await box.locator('[id="name"]').waitFor();
      await box.locator('[id="name"]').fill(SET);
      await box.locator('[id="sqlcmd"]').fill(`select id, amount from ${TABLE} where id = '{#ID#}'`);
      await box.locator('[data-action="add-param"]').click();
      const param = box.locator('.loom-data-set-param').first();
      await param.locator('input').first().fill('ID');
      await param.locator('input').last().fill('a1');
      await box.locator('[data-action="parse"]').click();
      await box.locator('[data-column="amount"]').waitFor();
      await box.locator('[data-action="run"]').click();
      await box.locator('.loom-data-set-rows .ant-table-row', { hasText: '12.34' }).waitFor();
      // a parameter carrying SQL: no row
      await param.locator('input').last().fill("a1' or '1'='1");
      await box.locator('[data-action="run"]').click();
      await eventually(async () => (await box.locator('.loom-data-set-rows .ant-table-row').count()) === 0, 'no row for SQL in a parameter');
      await param.locator('input').last().fill('a1');
      await box.locator('[data-action="submit"]').click();
      await ctx.portal.toast(p, SET);
      const row = await search(scope, SET);
      // reopened, it holds its data URLs
      await row.locator('a, button', { hasText: '修改' }).first().click();
      await box.locator('.loom-data-set-urls', { hasText: 'getData' }).waitFor();
      await screenshot(p, 'database-data-set');
      await box.locator('.ant-modal-close').click();
    },
  },
];
