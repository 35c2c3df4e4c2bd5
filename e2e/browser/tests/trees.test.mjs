// One tree on screen (issue 39): the trees of @loom/ui as a user meets them. The form category
// sidebar of 流程表单: a right click adds a sub-category, dragging it onto 全部 moves it to the top,
// the search keeps it alone, 删除 removes it; the area tree table (区域管理): its search keeps a
// match with its parents, collapse-all closes every row, a right click's 移动 moves an area below
// another (zh-CN), and the process-category sidebar of 流程设计 speaks English.
import { eventually, expect, screenshot } from '../lib/harness.mjs';
import { Api } from '../lib/api.mjs';
import { adminCredentials } from '../lib/harness.mjs';
import { adminPage, openPage, pageApi, switchLanguage } from '../lib/session.mjs';

const sfx = Date.now().toString(36);
const admin = adminCredentials();

const flat = (nodes, out = []) => {
  for (const n of nodes ?? []) out.push(n, ...flat(n.children));
  return out;
};

export default [
  {
    name: 'trees: the form category sidebar adds a sub-category by right click, moves it by a drag, finds it by search and deletes it',
    run: async (ctx) => {
      const p = await switchLanguage(await adminPage(ctx, 'trees'), 'zh-CN');
      const parent = `上级分类${sfx}`;
      const child = `下级分类${sfx}`;
      await pageApi(p, 'POST', '/extension/formCategory/save', { name: parent });
      await p.goto(ctx.base + '/flowable/form/FormDefinitionList');
      const tree = p.locator('.loom-forms-definition .loom-forms-category-tree');
      const node = (name) => tree.locator(`[data-category="${name}"]`);
      await node(parent).waitFor({ timeout: 45000 });
      // 新建下级 from the parent's right click
      await node(parent).click({ button: 'right' });
      await p.locator('.loom-tree-menu [data-tree-action="addChild"]').click();
      const dlg = p.locator('.ant-modal', { has: p.locator('.ant-modal-title', { hasText: '添加分类' }) });
      await dlg.locator('[id="name"]').fill(child);
      await dlg.locator('.ant-btn-primary').click();
      await node(child).waitFor({ timeout: 10000 });
      const categories = async () => flat((await pageApi(p, 'GET', '/extension/formCategory/treeData')).json);
      const parentId = (await categories()).find((c) => c.name === parent).id;
      expect((await categories()).find((c) => c.name === child)?.parentId === parentId, 'the sub-category sits below its parent');
      // dragged onto 全部: it moves to the top. The tree drops *into* a node only when the pointer ends
      // to the right of where the drag began (further right reads as deeper), so the drag starts at the
      // name's left edge and ends right of it on 全部's row; a drag from the name's middle to 全部's
      // middle ends to the left and drops nowhere, as CI saw. Dragged again while it has not moved.
      const moved = async () => (await categories()).find((c) => c.name === child)?.parentId === '0';
      const dragOntoAll = async () => {
        const from = await node(child).boundingBox();
        const row = await tree.locator('.ant-tree-treenode', { has: p.locator('[data-category=""]') }).boundingBox();
        const [x, y] = [from.x + 4, from.y + from.height / 2];
        await p.mouse.move(x, y);
        await p.mouse.down();
        await p.mouse.move(x + 8, y, { steps: 2 });
        const [toX, toY] = [Math.min(x + 60, row.x + row.width - 4), row.y + row.height * 0.6];
        await p.mouse.move(toX, toY, { steps: 8 });
        await p.mouse.move(toX + 1, toY);
        await p.mouse.up();
      };
      await eventually(
        async () => {
          if (await moved()) return true;
          await dragOntoAll();
          return eventually(moved, 'moved', 4000).catch(() => false);
        },
        'the dragged category is a top category now',
        30000,
      );
      await screenshot(p, 'trees-01-form-category-moved');
      // the search keeps the match alone (under 全部)
      await tree.locator('[data-action="tree-search"]').fill(child);
      await eventually(async () => (await tree.locator('[data-category]').count()) === 2, 'only 全部 and the match are left');
      // 删除 from its right click, confirmed
      await node(child).click({ button: 'right' });
      await p.locator('.loom-tree-menu [data-tree-action="remove"]').click();
      await p.locator('.ant-modal-confirm .ant-btn-primary').click();
      await node(child).waitFor({ state: 'detached', timeout: 10000 });
      expect(!(await categories()).some((c) => c.name === child), 'the category is deleted');
    },
  },
  {
    name: 'trees: the area tree table searches, collapses and moves an area below another by its right click',
    run: async (ctx) => {
      const api = await Api.login(ctx.base, admin.user, admin.password);
      const a = `区域甲${sfx}`;
      const b = `区域乙${sfx}`;
      for (const name of [a, b]) await api.call('POST', '/sys/area/save', { json: { name, parentId: '0', sort: 30 } });
      const p = await switchLanguage(await adminPage(ctx, 'trees'), 'zh-CN');
      const scope = await openPage(ctx, p, '/sys/area/AreaList');
      const row = (name) => scope.locator('.ant-table-row', { hasText: name });
      await row(b).first().waitFor({ timeout: 30000 });
      // 移动 from 乙's right click, below 甲
      await row(b).first().click({ button: 'right' });
      await p.locator('.loom-tree-menu [data-tree-action="move"]').click();
      const move = p.locator('.loom-tree-move');
      await move.locator('.ant-select-selector').click();
      await p.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-tree-node-content-wrapper[title="${a}"]`).first().click();
      await move.locator('[data-action="confirm-move"]').click();
      await move.waitFor({ state: 'hidden', timeout: 10000 });
      const areas = async () => flat(await api.get('/sys/area/treeData'));
      const aId = (await areas()).find((x) => x.name === a).id;
      await eventually(async () => (await areas()).find((x) => x.name === b)?.parentId === aId, '乙 is below 甲 now');
      // the search keeps 乙 with its parent 甲 and nothing else
      await scope.locator('[data-action="tree-search"]').fill(b);
      await eventually(async () => (await scope.locator('.ant-table-row').count()) === 2 && (await row(a).count()) === 1, 'the match and its parent are left');
      await screenshot(p, 'trees-02-area-moved');
      // collapse-all closes 甲: 乙 is hidden
      await scope.locator('[data-action="tree-collapse"]').click();
      await row(b).first().waitFor({ state: 'hidden', timeout: 10000 });
      await scope.locator('[data-action="tree-expand"]').click();
      await row(b).first().waitFor({ timeout: 10000 });
    },
  },
  {
    name: 'trees: the process-category sidebar of 流程设计 speaks English and finds a category by search',
    run: async (ctx) => {
      const api = await Api.login(ctx.base, admin.user, admin.password);
      const cat = `Tree category ${sfx}`;
      await api.call('POST', '/extension/actCategory/save', { json: { name: cat, parentId: '0', sort: 30 } });
      const p = await switchLanguage(await adminPage(ctx, 'trees'), 'en-US');
      const scope = await openPage(ctx, p, '/flowable/process/ModelList');
      const tree = scope.locator('.loom-category-tree');
      await tree.locator(`[data-category="${cat}"]`).waitFor({ timeout: 30000 });
      await tree.locator('[data-action="tree-search"]').fill(cat);
      expect((await tree.locator('[data-action="tree-search"]').getAttribute('placeholder')) === 'Search by name', 'the search box speaks English');
      await eventually(async () => (await tree.locator('[data-category]').count()) === 2, 'only All and the match are left');
      await screenshot(p, 'trees-03-process-categories-en');
      await switchLanguage(p, 'zh-CN');
    },
  },
];
