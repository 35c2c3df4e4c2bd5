// What a new user hits, third walk (issue 36): the wizard's defaults of a column typed in, the
// phone layout (the bell's popover, the task page's buttons), the delegation view, 减签's signers
// and history, and the English leftovers of the task history.
import { adminCredentials, eventually, expect } from '../lib/harness.mjs';
import { bpmn, flow, nodeExtension } from '../lib/api.mjs';
import { column, tableDesign } from '../lib/design.mjs';
import { adminApi, adminPage, openPage, openTodo, pageApi, signedIn, switchLanguage } from '../lib/session.mjs';

const sfx = Date.now().toString(36);

/** The text a select shows (its chosen option's label). */
const shown = (select) => select.locator('.ant-select-selection-item').first().innerText();

export default [
  {
    name: 'wizard: 添加字段 derives its defaults from the name and type typed in (name: LIKE; date: 日期选择), dictionaries named by their labels',
    run: async (ctx) => {
      const p = await adminPage(ctx, 'walk3');
      const scope = await openPage(ctx, p, '/gen/GenTableList');
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
  {
    name: 'phone 390×844: the bell\'s popover stays on the screen; the task page\'s seven buttons wrap, every one in sight',
    run: async (ctx) => {
      // a task of the administrator's with seven buttons
      const api = await adminApi(ctx);
      const admin = adminCredentials();
      const me = await api.userId(admin.user);
      const key = `walk_phone_${sfx}`;
      const title = `手机按钮${sfx}`;
      const buttons = [
        ['_flow_agree', '同意'],
        ['_flow_back', '驳回'],
        ['_flow_transfer', '转办'],
        ['_flow_delegate', '委派'],
        ['_flow_add_multi_instance', '加签'],
        ['_flow_stop', '终止'],
        ['_flow_print', '打印'],
      ];
      const xml = bpmn(key, `手机${sfx}`, '<startEvent id="start" flowable:initiator="applyUserId"/><userTask id="check" name="审核"/><endEvent id="end"/>' + flow('f1', 'start', 'check') + flow('f2', 'check', 'end'));
      await api.deployModel({ key, name: `手机${sfx}`, xml, nodes: [nodeExtension(key, 'check', [['user', me]], buttons)] });
      await api.call('POST', '/flowable/task/start', { params: { procDefKey: key, title } });

      const p = await signedIn(ctx, admin.user, admin.password, { width: 390, height: 844, phone: true, expectMenu: false });
      ctx.shared.page = p;
      // the bell's popover lies within the screen
      await p.locator('[data-action="notices"]').click();
      const panel = p.locator('.loom-notice-panel');
      await panel.waitFor();
      await eventually(async () => {
        const box = await panel.boundingBox();
        return box && box.x >= 0 && box.x + box.width <= 390;
      }, 'the popover is inside the 390 px screen');
      await p.keyboard.press('Escape');
      // the task page: all seven buttons within the screen's width; a task without a form shows no
      // empty 该节点没有配置表单 block
      const variables = p.waitForResponse((r) => r.url().includes('/api/flowable/task/variables'), { timeout: 30000 });
      const task = await openTodo(ctx, p, title);
      await variables;
      await task.locator('.loom-task-form').waitFor({ state: 'attached' });
      expect((await task.locator('.loom-task-form .ant-empty').count()) === 0, 'no empty form block');
      const shownButtons = task.locator('.loom-task-buttons button');
      await eventually(async () => (await shownButtons.count()) === buttons.length, 'seven buttons');
      for (let i = 0; i < buttons.length; i += 1) {
        const box = await shownButtons.nth(i).boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= 390, `button ${i + 1} is on the screen (${JSON.stringify(box)})`);
      }
    },
  },
  {
    name: 'lists: column headers break between words, never inside one (English), search fields show their whole placeholder, and 表单配置 keeps a table\'s name on one line',
    run: async (ctx) => {
      const p = await adminPage(ctx, 'walk3en', { locale: 'en-US' });
      const scope = await openPage(ctx, p, '/sys/user/UserList');
      await scope.locator('.ant-table-row').first().waitFor({ timeout: 20000 });
      // every word of every header title sits on one line
      const broken = await scope.evaluate((root) =>
        [...root.querySelectorAll('.ant-table-thead th')].flatMap((th) => {
          const text = th.textContent ?? '';
          const node = [...th.querySelectorAll('*')].flatMap((e) => [...e.childNodes]).find((n) => n.nodeType === 3 && n.textContent.trim());
          if (!node) return [];
          const out = [];
          for (const m of node.textContent.matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, m.index);
            range.setEnd(node, m.index + m[0].length);
            if (range.getClientRects().length > 1) out.push(`${text}: ${m[0]}`);
          }
          return out;
        }),
      );
      expect(broken.length === 0, `no header word is broken: ${broken}`);
      // the search fields are wide enough for their placeholder
      const cut = await scope.evaluate((root) =>
        [...root.querySelectorAll('.ant-pro-table-search input[placeholder]')]
          .filter((i) => {
            const style = getComputedStyle(i);
            const ctx2d = document.createElement('canvas').getContext('2d');
            ctx2d.font = `${style.fontSize} ${style.fontFamily}`;
            const room = i.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
            return ctx2d.measureText(i.placeholder).width > room + 1;
          })
          .map((i) => i.placeholder),
      );
      expect(cut.length === 0, `no placeholder is cut: ${cut}`);
      // 表单配置 at 1440 px: a table's name and class name on one line each, not broken every few characters
      const p2 = await adminPage(ctx, 'walk3');
      // a design with a long name and class name, should this file run on a fresh platform
      const long = `walk_long_table_name_${sfx}`;
      const saved = await pageApi(p2, 'POST', '/gencode/table/save', tableDesign({ name: long, comments: '长名称', columns: [column('title', 'varchar(50)', '标题')] }));
      expect(saved.status === 200, `the design is saved (${saved.text})`);
      const tables = await openPage(ctx, p2, '/gen/GenTableList');
      await tables.locator('[data-table]').first().waitFor({ timeout: 20000 });
      const wrapped = await tables.evaluate((root) =>
        [...root.querySelectorAll('[data-table]')].filter((el) => el.getClientRects().length > 1).map((el) => el.textContent),
      );
      expect(wrapped.length === 0, `no table name is broken: ${wrapped}`);
    },
  },
  {
    name: 'the auditor\'s log: a write is titled by its menu and action in words (zh-CN and en-US), the user by name and login, a change by the fields\' labels',
    run: async (ctx) => {
      const p = await adminPage(ctx, 'walk3');
      // a post added, then renamed, through 岗位管理's API
      const code = `audit${sfx}`;
      await pageApi(p, 'POST', '/sys/post/save', { name: `审计岗${sfx}`, code, sort: 1 });
      const post = (await pageApi(p, 'GET', `/sys/post/list?code=${code}`)).json.records[0];
      await pageApi(p, 'POST', '/sys/post/save', { id: post.id, name: `审计岗二${sfx}`, code, sort: 1 });
      // the log, searched by the title as the auditor reads it
      const find = async (lang, title) => {
        await switchLanguage(p, lang);
        const scope = await openPage(ctx, p, '/sys/log/LogList');
        const field = scope.locator('.ant-pro-table-search [id="title"]');
        await field.fill(title);
        await field.press('Enter');
        const row = scope.locator('.ant-table-row', { hasText: title }).first();
        await eventually(async () => {
          if (await row.isVisible()) return true;
          await field.press('Enter'); // the log is written just after the request: ask again
          return row.waitFor({ timeout: 2000 }).then(() => true, () => false);
        }, `the log lists ${title}`, 30000);
        return row;
      };
      let row = await find('en-US', 'Posts · Edit');
      expect((await row.innerText()).includes('(admin)'), 'the user shows the login name beside the name');
      row = await find('zh-CN', '岗位管理 · 修改');
      expect((await row.innerText()).includes('系统管理员（admin）'), 'the user is 系统管理员（admin）');
      await row.locator('a', { hasText: '详情' }).click();
      const changes = p.locator('[data-testid="log-changes"]');
      await changes.waitFor();
      const text = await changes.innerText();
      expect(text.includes('名称') && text.includes(`审计岗二${sfx}`) && !/\bname\b/.test(text.split('\n').slice(1).join(' ')), `the change names 名称, not name: ${text}`);
      await p.locator('.ant-modal-close').first().click();
    },
  },
  {
    name: 'menus, dictionaries (description, values) and the wizard (table type, column comments, control and validation types) read the reader\'s language: no Chinese left in the wizard in en-US',
    run: async (ctx) => {
      const p = await adminPage(ctx, 'walk3');
      const cjk = /[\u4e00-\u9fff]/;
      // the platform's own types: entries other tests made keep the names they were given, each ending
      // in its run's random suffix (e2e校验mx19fui8, 日志cd0c32)
      const platformOwn = (option) => !/(?=[a-z0-9]*\d)[a-z0-9]{6,}$/.test(option);
      const english = {
        home: 'Home', yes: 'Yes', single: 'Single table', description: 'Yes/No', idComment: 'ID', text: 'Text', date: 'Date picker', required: 'Required',
      };
      const chinese = { home: '首页', yes: '是', single: '单表', description: '是否', idComment: '主键', text: '单行文本', date: '日期选择', required: '必填' };
      const options = async () => {
        const list = p.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
        await list.first().waitFor();
        return list.allInnerTexts();
      };
      for (const [lang, words] of [['en-US', english], ['zh-CN', chinese]]) {
        const en = lang === 'en-US';
        await switchLanguage(p, lang);
        const menus = await openPage(ctx, p, '/sys/menu/MenuList');
        const row = menus.locator('.ant-table-row', { hasText: words.home }).first();
        await row.waitFor({ timeout: 20000 });
        // the 显示 column is the yes_no dictionary's label
        expect((await row.locator('[data-dict="yes_no"]').innerText()).trim() === words.yes, `${lang}: 首页 is shown (${words.yes})`);
        // 字典管理: yes_no's description, found by the words the reader sees, and its values' labels
        const dicts = await openPage(ctx, p, '/sys/dict/DictTypeList');
        const search = dicts.locator('.ant-pro-table-search [id="description"]');
        await search.fill(words.description);
        await search.press('Enter');
        const description = dicts.locator('[data-description="yes_no"]');
        await eventually(async () => (await description.count()) === 1 && (await description.innerText()).trim() === words.description, `${lang}: yes_no is described ${words.description}`);
        await description.click();
        const yes = dicts.locator('.loom-dict-values[data-dict-type="yes_no"] .ant-table-row').first();
        await eventually(async () => (await yes.innerText()).includes(words.yes), `${lang}: yes_no's first value reads ${words.yes}`);
        // the wizard: table type, the standard columns' comments, the control and validation types
        const tables = await openPage(ctx, p, '/gen/GenTableList');
        await tables.locator('[data-action="add"]').click();
        const w = p.locator('.loom-table-wizard');
        await eventually(async () => (await shown(w.locator('[data-field="tableType"]'))) === words.single, `${lang}: the table type reads ${words.single}`);
        await w.locator('.loom-wizard-step-0 .ant-table-row').first().waitFor();
        await w.locator('[id="name"]').fill(`walk_lang_${en ? 'en' : 'zh'}_${sfx}`);
        await w.locator('[id="name"]').blur();
        await w.locator('[id="comments"]').fill('Language');
        const noChinese = async (step) => {
          if (!en) return;
          const text = await w.innerText();
          const left = text.split('\n').filter((line) => cjk.test(line));
          expect(left.length === 0, `en-US: no Chinese in the wizard's ${step}: ${left}`);
        };
        await noChinese('first step');
        await w.locator('[data-action="next"]').click();
        await w.locator('.loom-wizard-step-1').waitFor();
        await w.locator('[data-action="next"]').click();
        await w.locator('.loom-wizard-step-2').waitFor();
        expect((await w.locator('.loom-wizard-step-2 .ant-table-row').first().innerText()).includes(words.idComment), `${lang}: the id column is commented ${words.idComment}`);
        const control = w.locator('[data-col="showType:id"]');
        expect((await shown(control)) === words.text, `${lang}: id's control reads ${words.text}`);
        await control.click();
        const controls = (await options()).filter(platformOwn);
        expect(controls.includes(words.date) && (!en || !controls.some((o) => cjk.test(o))), `${lang}: the control types read ${words.date}…: ${controls}`);
        await p.keyboard.press('Escape');
        await noChinese('form step');
        await w.locator('[data-action="next"]').click();
        await w.locator('.loom-wizard-step-3').waitFor();
        await w.locator('.loom-wizard-step-3 .ant-table-row').first().locator('.ant-select').click();
        const validators = (await options()).filter(platformOwn);
        expect(validators.includes(words.required) && (!en || !validators.some((o) => cjk.test(o))), `${lang}: the validation types read ${words.required}…: ${validators}`);
        await p.keyboard.press('Escape');
        await noChinese('validation step');
        await w.locator('.ant-modal-close, [data-action="close"]').first().click();
      }
    },
  },
];
