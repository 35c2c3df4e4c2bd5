// What a new user hits, third walk (issue 36): the wizard's defaults of a column typed in, the
// phone layout (the bell's popover, the task page's buttons), the delegation view, 减签's signers
// and history, and the English leftovers of the task history.
import { eventually, expect } from '../lib/harness.mjs';
import { adminPage, openPage } from '../lib/session.mjs';

const sfx = Date.now().toString(36);

/** The text a select shows (its chosen option's label). */
const shown = (select) => select.locator('.ant-select-selection-item').first().innerText();

export default [
  {
    name: 'wizard: 添加字段 derives its defaults from the name and type typed in (name: LIKE; date: 日期选择), dictionaries named by their labels',
    run: async (ctx) => {
      const p = await adminPage(ctx, 'walk3');
      const scope = await openPage(ctx, p, '/gencode/table/GenTableList');
      await scope.locator('.loom-datasource-tree [data-datasource]').first().waitFor();
      await scope.locator('[data-action="add"]').click();
      const w = p.locator('.loom-table-wizard');
      await w.locator('.loom-wizard-step-0 .ant-table-row').first().waitFor();
      await w.locator('[id="name"]').fill(`walk_defaults_${sfx}`);
      await w.locator('[id="name"]').blur();
      await w.locator('[id="comments"]').fill('默认值');
      const addColumn = async (name, comments, jdbcType) => {
        await w.locator('[data-action="add-column"]').click();
        const last = w.locator('.loom-wizard-step-0 .ant-table-row').last();
        await last.locator('input[data-col^="name:"]').pressSequentially(name);
        await last.locator('input[data-col^="comments:"]').fill(comments);
        if (jdbcType) await last.locator('td').nth(2).locator('input').fill(jdbcType);
      };
      await addColumn('name', '名称');
      await addColumn('start_day', '开始日', 'date');
      await addColumn('kind', '类别');
      await w.locator('[data-action="next"]').click();
      await w.locator('.loom-wizard-step-1').waitFor();
      expect((await shown(w.locator('[data-col="javaType:start_day"]'))).includes('Date'), 'a date column is a Date');
      await w.locator('[data-action="next"]').click();
      await w.locator('.loom-wizard-step-2').waitFor();
      expect((await shown(w.locator('[data-col="showType:start_day"]'))) === '日期选择', 'a date column gets 日期选择');
      expect((await shown(w.locator('[data-col="showType:name"]'))) === '单行文本', 'a name column is 单行文本');
      // a select's dictionary is named by its first labels, as in the form designer
      const kind = w.locator('[data-col="showType:kind"]');
      await kind.click();
      await p.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: '下拉选项' }).first().click();
      const dict = w.locator('[data-col="dictType:kind"]');
      await dict.click();
      await p.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: 'yes_no（是/否）' }).first().click();
      await eventually(async () => (await shown(dict)) === 'yes_no（是/否）', 'the dictionary shows its labels');
      await w.locator('[data-action="next"]').click();
      await w.locator('.loom-wizard-step-3').waitFor();
      await w.locator('[data-action="next"]').click();
      await w.locator('.loom-wizard-step-4').waitFor();
      expect((await shown(w.locator('[data-col="queryType:name"]'))) === 'Like', 'name is searched with Like');
      expect(await w.locator('[data-col="name:isQuery"]').isChecked(), 'name is a search field');
      expect((await shown(w.locator('[data-col="queryType:kind"]'))) === '=', 'another column keeps =');
      await w.locator('.ant-modal-close, [data-action="close"]').first().click();
    },
  },
];
