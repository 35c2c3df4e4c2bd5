// The generated pages of the table types beyond the single table (issue 21): a tree table's page
// opened from its created menu (expand, collapse, add child), a master's form dialog editing its
// child table's rows and saving them with the master in one request, and a left tree whose chosen
// node filters the right list. The modules are designed and generated through the API (the wizard
// and the generate dialog are the apps and gencode tests' own); the host tests, builds and mounts
// them, and the shell opens their menus from the modules' remotes. Then the same in en-US.
import { adminCredentials, choose, eventually, expect, screenshot } from '../lib/harness.mjs';
import { column, generatedLive, synced, tableDesign } from '../lib/design.mjs';
import { openDesigner, saveModel } from '../lib/designer.mjs';
import { adminPage, grantMenus, pageApi, switchLanguage } from '../lib/session.mjs';

const sfx = Date.now().toString(36);
const MODULE = `typ${sfx}`;
const pascal = (name) => name.split('_').map((p) => p[0].toUpperCase() + p.slice(1)).join('');
const hrefOf = (table) => `/${MODULE}/${table}/${pascal(table)}List`;

const TREE = `e2e_cat_${sfx}`;
const ORDER = `e2e_ord_${sfx}`;
const ITEM = `e2e_itm_${sfx}`;
const GROUP = `e2e_grp_${sfx}`;
const MEMBER = `e2e_mem_${sfx}`;
const LEAVE = `e2e_lv_${sfx}`;
const ITEMS = `${pascal(ITEM)[0].toLowerCase()}${pascal(ITEM).slice(1)}List`;
// the child table's comment that closed the generated page's /** */ and read the cookie (issue 33):
// now the divider's text and nothing else
const ITEM_COMMENT = '订单明细 */ globalThis.leaked = document.cookie; /* 完';

/** The columns a tree table (types 3 and 4) keeps, as the wizard adds them. */
const treeColumns = () => [
  column('name', 'varchar(100)', '名称', { isQuery: '1', queryType: 'LIKE' }),
  column('sort', 'integer', '排序'),
  column('parent_id', 'varchar(64)', '父级编号', { javaType: 'This', javaField: 'parent.id', showType: 'treeselect', isList: '0' }),
  column('parent_ids', 'varchar(2000)', '所有父级编号', { isForm: '0', isList: '0' }),
];

/** [main design, child designs…] of each module: a menu is created for each but the workflow form. */
const MODULES = {
  tree: [tableDesign({ name: TREE, comments: '端到端分类', tableType: '3', columns: treeColumns() })],
  master: [
    tableDesign({ name: ORDER, comments: '端到端订单', columns: [column('code', 'varchar(20)', '编号', { isNull: '0' })] }),
    {
      ...tableDesign({
        name: ITEM,
        comments: ITEM_COMMENT,
        tableType: '2',
        columns: [column('order_id', 'varchar(64)', '订单', { isQuery: '1' }), column('goods', 'varchar(20)', '商品', { isNull: '0' }), column('qty', 'integer', '数量')],
      }),
      parentTable: ORDER,
      parentTableFk: 'order_id',
    },
  ],
  left: [
    tableDesign({ name: GROUP, comments: '端到端分组', tableType: '4', columns: treeColumns() }),
    {
      ...tableDesign({
        name: MEMBER,
        comments: '组员',
        tableType: '5',
        columns: [column('grp_id', 'varchar(64)', '分组', { isQuery: '1' }), column('title', 'varchar(20)', '标题')],
      }),
      parentTable: GROUP,
      parentTableFk: 'grp_id',
    },
  ],
  workflowForm: [tableDesign({ name: LEAVE, comments: '端到端请假单', tableType: '6', columns: [column('reason', 'varchar(50)', '事由')] })],
};

const page = (ctx) => adminPage(ctx, 'appsTypesPage');

async function ok(p, method, url, body, form = false) {
  const answer = await pageApi(p, method, url, body, form);
  expect(answer.status === 200, `${method} ${url} answers 200 (${answer.status} ${answer.text.slice(0, 300)})`);
  return answer.json;
}

/** Opens a page through its menu under 代码生成 (the submenu opens animated; a click may be lost). */
async function openFromMenu(p, href) {
  const item = p.locator(`.loom-side-menu [data-href="${href}"]`);
  await eventually(
    async () => {
      if (new URL(p.url()).pathname === href) return true;
      if (await item.isVisible().catch(() => false)) await item.click({ timeout: 3000 }).catch(() => undefined);
      else {
        // open 代码生成 (a click on an open directory would close it again)
        const dir = p.locator('.loom-side-menu .ant-menu-submenu', { has: p.locator('.ant-menu-submenu-title', { hasText: /代码生成|Code generator/ }) }).first();
        if (!(await dir.evaluate((el) => el.classList.contains('ant-menu-submenu-open')).catch(() => false))) {
          await dir.locator('.ant-menu-submenu-title').first().click({ timeout: 3000 }).catch(() => undefined);
        }
        await item.waitFor({ timeout: 5000 }).catch(() => undefined);
      }
      return p.waitForURL((u) => u.pathname === href, { timeout: 3000 }).then(() => true, () => false);
    },
    `the menu opens ${href}`,
    30000,
  );
  const pane = p.locator(`[data-page="${href}"] .loom-generated-page`).first();
  await pane.waitFor({ timeout: 30000 });
  return pane;
}

/** The form dialog on top (a child row's dialog opens over its master's). */
const topDialog = (p) => p.locator('.ant-modal-wrap:not([style*="display: none"]) .loom-form-dialog').last();

/** Types a name (and a sort) into the node dialog and confirms it. */
async function saveNode(p, name) {
  const dlg = topDialog(p);
  await dlg.locator('input#name').fill(name);
  await dlg.locator('input#sort').fill('10');
  await dlg.locator('[data-action="confirm"]').click();
  await dlg.waitFor({ state: 'hidden', timeout: 15000 });
}

const row = (scope, text) => scope.locator('.ant-table-row', { hasText: text }).first();

export default [
  {
    name: 'apps types: a tree, a master with its child table and a left tree go live, and their menus open their pages',
    critical: true,
    run: async (ctx) => {
      const p = await page(ctx);
      // designed and synchronised, then generated one after another into one module
      for (const [main, ...children] of Object.values(MODULES)) {
        const tableId = await synced(p, main);
        for (const child of children) await synced(p, child);
        await generatedLive(p, tableId, MODULE);
        if (main.tableType === '6') {
          ctx.shared.leaveFormUrl = await ok(p, 'GET', `/gencode/table/getFormUrl?tableId=${tableId}`);
          continue;
        }
        const menu = await pageApi(p, 'POST', '/gencode/scheme/createMenu', { 'parent.id': 'm-gen', name: `${main.comments}${sfx}`, tableId, tableType: main.tableType }, true);
        expect(menu.status === 200, `the menu is created (${menu.text})`);
      }
      const hrefs = [TREE, ORDER, GROUP].map(hrefOf);
      expect(ctx.shared.leaveFormUrl, 'the workflow form has its address');
      const ids = await grantMenus(p, (href) => hrefs.includes(href));
      expect(ids.length === 15, `three pages and their buttons are granted (${ids.length})`);
      // the menus and the modules' remotes reach the portal with the next login
      const admin = adminCredentials();
      await ctx.portal.logout(p);
      await ctx.portal.login(p, admin.user, admin.password);
      const menus = JSON.stringify((await ok(p, 'GET', '/sys/user/getMenus')) ?? '');
      expect(hrefs.every((href) => menus.includes(href)), 'the three menus are the user\'s');
    },
  },
  {
    name: 'apps types: the tree page opened from its menu adds a root, adds a child under it, collapses and expands it',
    run: async (ctx) => {
      const p = await page(ctx);
      const list = await openFromMenu(p, hrefOf(TREE));
      await list.locator('[data-action="add"]').click();
      await saveNode(p, `根${sfx}`);
      await row(list, `根${sfx}`).waitFor({ timeout: 15000 });
      // add child: the dialog opens with the row as the parent
      await row(list, `根${sfx}`).locator('[data-row-action="addChild"]', { hasText: '添加下级' }).click();
      await topDialog(p).locator('.ant-form-item:has(#parentId) .ant-select-selection-item', { hasText: `根${sfx}` }).waitFor({ timeout: 10000 });
      await saveNode(p, `叶${sfx}`);
      const leaf = row(list, `叶${sfx}`);
      await leaf.waitFor({ timeout: 15000 });
      const tree = await ok(p, 'GET', `/${MODULE}/${TREE}/treeData`);
      const root = tree.find((n) => n.name === `根${sfx}`);
      expect(root?.children?.map((c) => c.name).join() === `叶${sfx}`, `the leaf is saved under the root (${JSON.stringify(tree)})`);
      // the root's expander folds its child away and opens it again
      const expander = row(list, `根${sfx}`).locator('.ant-table-row-expand-icon').first();
      await expander.click();
      await leaf.waitFor({ state: 'hidden', timeout: 10000 });
      await expander.click();
      await leaf.waitFor({ timeout: 10000 });
      // moving the leaf: its parent select offers the root, never the leaf itself
      await leaf.locator('[data-row-action="edit"]').click();
      const dlg = topDialog(p);
      await dlg.locator('.ant-form-item:has(#parentId) .ant-select-selection-item', { hasText: `根${sfx}` }).waitFor({ timeout: 10000 });
      await dlg.locator('.ant-form-item:has(#parentId) .ant-select-selector').click();
      const options = p.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
      await options.locator(`.ant-select-tree-node-content-wrapper[title="根${sfx}"]`).waitFor({ timeout: 10000 });
      expect((await options.locator(`.ant-select-tree-node-content-wrapper[title="叶${sfx}"]`).count()) === 0, 'the leaf is not its own parent\'s choice');
      // Escape folds the dropdown, then closes the dialog unsaved
      await eventually(async () => {
        await p.keyboard.press('Escape');
        return dlg.waitFor({ state: 'hidden', timeout: 2000 }).then(() => true, () => false);
      }, 'the dialog closes', 15000);
      await screenshot(p, 'apps-types-01-tree');
    },
  },
  {
    name: 'apps types: the master\'s dialog adds, edits and removes child rows, saved with the master',
    run: async (ctx) => {
      const p = await page(ctx);
      const list = await openFromMenu(p, hrefOf(ORDER));
      await list.locator('[data-action="add"]').click();
      const dlg = topDialog(p);
      await dlg.locator('input#code').fill(`A${sfx}`);
      const rows = dlg.locator('.loom-nested-rows');
      await dlg.locator('.ant-divider', { hasText: ITEM_COMMENT }).waitFor({ timeout: 10000 });
      expect(await p.evaluate(() => !('leaked' in globalThis)), 'the child table\'s comment ran nothing in the portal');
      for (const [goods, qty] of [['苹果', '3'], ['梨', '5']]) {
        await rows.locator('[data-action="add-row"]').click();
        const rowDialog = topDialog(p);
        await rowDialog.locator('input#goods').waitFor({ timeout: 10000 });
        await rowDialog.locator('input#goods').fill(goods);
        await rowDialog.locator('input#qty').fill(qty);
        await rowDialog.locator('[data-action="confirm"]').click();
        await rows.locator('.ant-table-row', { hasText: goods }).waitFor({ timeout: 10000 });
      }
      // a child row's required column is refused by its dialog before anything is sent
      await rows.locator('[data-action="add-row"]').click();
      // the row's dialog is the top one once its field is there (before, the master's confirm is)
      await topDialog(p).locator('input#goods').waitFor({ timeout: 10000 });
      await topDialog(p).locator('[data-action="confirm"]').click();
      await topDialog(p).locator('.ant-form-item-explain-error', { hasText: '商品不能为空' }).waitFor({ timeout: 10000 });
      await topDialog(p).locator('[data-action="close"]').click();
      await screenshot(p, 'apps-types-02-rows');
      // one save request carries the master and its rows
      const saved = p.waitForRequest((r) => r.url().includes(`/api/${MODULE}/${ORDER}/save`) && r.method() === 'POST');
      await dlg.locator('[data-action="confirm"]').click();
      const body = JSON.parse((await saved).postData() ?? '{}');
      expect(body[ITEMS]?.length === 2, `the rows travel with the master (${JSON.stringify(body)})`);
      await dlg.waitFor({ state: 'hidden', timeout: 15000 });
      await row(list, `A${sfx}`).waitFor({ timeout: 15000 });
      const found = (await ok(p, 'GET', `/${MODULE}/${ORDER}/list?code=A${sfx}`)).records.find((r) => r.code === `A${sfx}`);
      const read = await ok(p, 'GET', `/${MODULE}/${ORDER}/queryById?id=${found.id}`);
      expect(read[ITEMS].map((r) => `${r.goods}${r.qty}`).sort().join() === '梨5,苹果3', `both rows are saved (${JSON.stringify(read[ITEMS])})`);
      expect(read[ITEMS].every((r) => r.orderId === found.id), 'each row names its master');
      // edit: change one row, remove the other, save
      await row(list, `A${sfx}`).locator('a', { hasText: `A${sfx}` }).click();
      const edit = topDialog(p);
      await rows.locator('.ant-table-row', { hasText: '苹果' }).waitFor({ timeout: 15000 });
      await rows.locator('.ant-table-row', { hasText: '梨' }).locator('[data-row-action="delete"]').click();
      await rows.locator('.ant-table-row', { hasText: '梨' }).waitFor({ state: 'detached', timeout: 10000 });
      await rows.locator('.ant-table-row', { hasText: '苹果' }).locator('[data-row-action="edit"]').click();
      await topDialog(p).locator('input#qty').fill('7');
      await topDialog(p).locator('[data-action="confirm"]').click();
      await rows.locator('.ant-table-row', { hasText: '7' }).waitFor({ timeout: 10000 });
      await edit.locator('[data-action="confirm"]').click();
      await edit.waitFor({ state: 'hidden', timeout: 15000 });
      await eventually(async () => {
        const after = await ok(p, 'GET', `/${MODULE}/${ORDER}/queryById?id=${found.id}`);
        return after[ITEMS].map((r) => `${r.goods}${r.qty}`).join() === '苹果7';
      }, 'the edited row is kept and the removed one is gone');
      await screenshot(p, 'apps-types-03-master');
    },
  },
  {
    name: 'apps types: the left tree\'s chosen node filters the right list, and a row added there belongs to it',
    run: async (ctx) => {
      const p = await page(ctx);
      for (const [id, name] of [[`g1${sfx}`, `甲组${sfx}`], [`g2${sfx}`, `乙组${sfx}`]]) {
        await ok(p, 'POST', `/${MODULE}/${GROUP}/save`, { id, name, sort: 10, parentId: '0' });
      }
      for (const [grp, title] of [['g1', '甲一'], ['g1', '甲二'], ['g2', '乙一']]) {
        await ok(p, 'POST', `/${MODULE}/${MEMBER}/save`, { grpId: `${grp}${sfx}`, title: `${title}${sfx}` });
      }
      const pane = await openFromMenu(p, hrefOf(GROUP));
      const right = pane.locator('.loom-split-main');
      await row(right, `乙一${sfx}`).waitFor({ timeout: 15000 });
      await pane.locator(`.loom-split-side [data-node="甲组${sfx}"]`).click();
      await eventually(async () => (await right.locator('.ant-table-row').count()) === 2 && (await row(right, `乙一${sfx}`).count()) === 0, 'the list holds 甲组\'s rows only', 15000);
      await pane.locator(`.loom-split-side [data-node="乙组${sfx}"]`).click();
      await eventually(async () => (await right.locator('.ant-table-row').count()) === 1 && (await row(right, `乙一${sfx}`).count()) === 1, 'the list holds 乙组\'s row only', 15000);
      // a row added while 乙组 is chosen belongs to it
      await right.locator('[data-action="add"]').click();
      const dlg = topDialog(p);
      await dlg.locator('.ant-form-item:has(#grpId) .ant-select-selection-item', { hasText: `乙组${sfx}` }).waitFor({ timeout: 10000 });
      await dlg.locator('input#title').fill(`乙二${sfx}`);
      await dlg.locator('[data-action="confirm"]').click();
      await dlg.waitFor({ state: 'hidden', timeout: 15000 });
      await row(right, `乙二${sfx}`).waitFor({ timeout: 15000 });
      expect((await right.locator('.ant-table-row').count()) === 2, 'the new row shows under 乙组');
      await screenshot(p, 'apps-types-04-left');
    },
  },
  {
    name: 'apps types: the designer binds a live workflow-form module as a node\'s external form from its picker',
    run: async (ctx) => {
      const p = await page(ctx);
      const key = `e2e_pick_${sfx}`;
      const xml =
        '<?xml version="1.0" encoding="UTF-8"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" ' +
        'xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://loom/e2e">' +
        `<process id="${key}" name="${key}" isExecutable="true"><startEvent id="start" flowable:initiator="applyUserId"/></process>` +
        `<bpmndi:BPMNDiagram id="d"><bpmndi:BPMNPlane id="pl" bpmnElement="${key}"><bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="200" y="200" width="36" height="36"/></bpmndi:BPMNShape></bpmndi:BPMNPlane></bpmndi:BPMNDiagram></definitions>`;
      await saveModel(p, key, key, xml);
      await openDesigner(ctx, p, key);
      const panel = p.locator('.loom-product-panel[data-element-id="start"]');
      await eventually(async () => {
        const box = await p.locator('[data-designer-canvas] .djs-element[data-element-id="start"] .djs-visual > *').first().boundingBox();
        await p.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
        return panel.waitFor({ timeout: 1500 }).then(() => true, () => false);
      }, 'the start event is selected', 15000);
      const form = p.locator('.loom-product-panel .loom-section-form');
      await form.locator('[data-field="form-type"] input[value="2"]').check();
      // the picker offers the live workflow-form module by its title; choosing it writes its address
      const url = ctx.shared.leaveFormUrl;
      await choose(p, form.locator('[data-field="form-module"] .ant-select'), '端到端请假单');
      await eventually(async () => (await form.locator('[data-field="form-address"]').inputValue()) === url, `the address is the module's form (${url})`);
      await form.locator('[data-field="form-module"] .ant-select-selection-item', { hasText: url }).waitFor({ timeout: 5000 });
      await screenshot(p, 'apps-types-05-picker');
    },
  },
  {
    name: 'apps types (en-US): add child, the child rows\' editor and the left tree speak English',
    run: async (ctx) => {
      const p = await switchLanguage(await page(ctx), 'en-US');
      try {
        const tree = await openFromMenu(p, hrefOf(TREE));
        await row(tree, `叶${sfx}`).locator('[data-row-action="addChild"]', { hasText: 'Add child' }).click();
        await topDialog(p).locator('.ant-form-item:has(#parentId) .ant-select-selection-item', { hasText: `叶${sfx}` }).waitFor({ timeout: 10000 });
        await saveNode(p, `en${sfx}`);
        await row(tree, `en${sfx}`).waitFor({ timeout: 15000 });
        const orders = await openFromMenu(p, hrefOf(ORDER));
        await row(orders, `A${sfx}`).locator('a', { hasText: `A${sfx}` }).click();
        const dlg = topDialog(p);
        const rows = dlg.locator('.loom-nested-rows');
        await rows.locator('.ant-table-row', { hasText: '苹果' }).waitFor({ timeout: 15000 });
        await rows.locator('[data-action="add-row"]', { hasText: 'Add' }).click();
        await topDialog(p).locator('input#goods').waitFor({ timeout: 10000 });
        await topDialog(p).locator('[data-action="confirm"]').click();
        await topDialog(p).locator('.ant-form-item-explain-error', { hasText: '商品 must not be empty' }).waitFor({ timeout: 10000 });
        await topDialog(p).locator('input#goods').fill('Kiwi');
        await topDialog(p).locator('[data-action="confirm"]').click();
        await rows.locator('.ant-table-row', { hasText: 'Kiwi' }).waitFor({ timeout: 10000 });
        await dlg.locator('[data-action="confirm"]').click();
        await dlg.waitFor({ state: 'hidden', timeout: 15000 });
        const groups = await openFromMenu(p, hrefOf(GROUP));
        await groups.locator(`.loom-split-side [data-node="甲组${sfx}"]`).click();
        const right = groups.locator('.loom-split-main');
        await eventually(async () => (await right.locator('.ant-table-row').count()) === 2, 'the list holds 甲组\'s rows only', 15000);
        await groups.locator('[data-action="add-node"]', { hasText: 'Add child' }).waitFor();
        await screenshot(p, 'apps-types-06-en');
      } finally {
        await switchLanguage(p, 'zh-CN');
      }
    },
  },
];
