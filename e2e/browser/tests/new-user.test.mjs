// What a new user hits (issue 23): a form-field condition lands in the BPMN as Flowable's
// conditionExpression and the version diff right after publishing is empty; 运行中流程's 挂起
// suspends one instance; a number field refuses out-of-range input without changing it.
import { adminCredentials, eventually, expect, screenshot } from '../lib/harness.mjs';
import { fieldCondition, openDesigner, publish, saveModel as model } from '../lib/designer.mjs';
import { adminPage, pageApi, signedIn } from '../lib/session.mjs';

const sfx = Date.now().toString(36);
const LIST = '/flowable/process/ModelList';
const admin = adminCredentials();

const page = (ctx) => adminPage(ctx, 'newUserPage');

const api = pageApi;

/** start → gateway → (a | end), a → end; the gateway's flows without conditions, with DI. */
function gatewayProcess(key, name) {
  const shapes = [
    ['start', 100, 100, 36, 36], ['gw', 200, 93, 50, 50], ['a', 320, 78, 100, 80], ['end', 520, 100, 36, 36],
  ];
  const edges = [['f1', 136, 118, 200, 118], ['f_a', 250, 118, 320, 118], ['f_end', 225, 143, 538, 136], ['f4', 420, 118, 520, 118]];
  return (
    '<?xml version="1.0" encoding="UTF-8"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
    'xmlns:flowable="http://flowable.org/bpmn" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" ' +
    `xmlns:di="http://www.omg.org/spec/DD/20100524/DI" targetNamespace="e2e"><process id="${key}" name="${name}" isExecutable="true">` +
    '<startEvent id="start" name="开始" flowable:initiator="applyUserId"/><exclusiveGateway id="gw"/>' +
    '<userTask id="a" name="审批" flowable:assignee="${applyUserId}"/><endEvent id="end" name="结束"/>' +
    '<sequenceFlow id="f1" sourceRef="start" targetRef="gw"/><sequenceFlow id="f_a" sourceRef="gw" targetRef="a"/>' +
    '<sequenceFlow id="f_end" sourceRef="gw" targetRef="end"/><sequenceFlow id="f4" sourceRef="a" targetRef="end"/></process>' +
    `<bpmndi:BPMNDiagram id="d_${key}"><bpmndi:BPMNPlane id="p_${key}" bpmnElement="${key}">` +
    shapes.map(([id, x, y, w, h]) => `<bpmndi:BPMNShape id="${id}_di" bpmnElement="${id}"><dc:Bounds x="${x}" y="${y}" width="${w}" height="${h}"/></bpmndi:BPMNShape>`).join('') +
    edges.map(([id, x1, y1, x2, y2]) => `<bpmndi:BPMNEdge id="${id}_di" bpmnElement="${id}"><di:waypoint x="${x1}" y="${y1}"/><di:waypoint x="${x2}" y="${y2}"/></bpmndi:BPMNEdge>`).join('') +
    '</bpmndi:BPMNPlane></bpmndi:BPMNDiagram></definitions>'
  );
}

export default [
  {
    name: 'new user: a form-field condition is written to the BPMN as ${…}, and the diff right after publishing is empty',
    run: async (ctx) => {
      const p = await page(ctx);
      const key = `e2e_cond_${sfx}`;
      const id = await model(p, key, `条件${sfx}`, gatewayProcess(key, `条件${sfx}`));
      await openDesigner(ctx, p, key);
      // days > 3 to the task, days <= 3 to the end, as form-field rows
      for (const [flow, compare, value] of [['f_a', '>', '3'], ['f_end', '<=', '3']]) {
        await fieldCondition(p, flow, 'days', compare, value);
      }
      // save and publish
      await publish(p);
      // the saved model carries Flowable's conditionExpression on each flow (a portable file)
      const editor = await api(p, 'GET', `/app/rest/models/${id}/editor/json`);
      const xml = editor.json.bpmnXml;
      for (const [flow, expr] of [['f_a', '${days&gt;3}'], ['f_end', '${days&lt;=3}']]) {
        const m = new RegExp(`<sequenceFlow[^>]*id="${flow}"[\\s\\S]*?</sequenceFlow>`).exec(xml);
        expect(m && m[0].includes('<conditionExpression') && (m[0].includes(expr) || m[0].includes(expr.replace('&gt;', '>').replace('&lt;', '<'))), `${flow} carries ${expr}: ${m?.[0]}`);
      }
      // the diff of the design against the version just published shows no change
      await p.locator('[data-action="diff-open"]').click();
      const dialog = p.locator('.loom-diff-dialog');
      await dialog.waitFor();
      await dialog.locator('.ant-alert-success, [data-diff-row]').first().waitFor({ timeout: 20000 });
      expect((await dialog.locator('[data-diff-row]').count()) === 0, `no change: ${await dialog.locator('[data-diff-row]').allInnerTexts()}`);
      await screenshot(p, 'new-user-01-diff-empty');
      await dialog.locator('.ant-modal-close').click();
      await p.locator('.loom-designer-dialog .ant-modal-close').click();
      // the published definition routes by it: 5 days reach the task, 2 days end at once
      const defs = await api(p, 'GET', `/flowable/process/list?name=${key}`);
      expect(defs.json.records.some((d) => d.key === key), 'published');
      const start = (days, title) => api(p, 'POST', `/flowable/task/start?procDefKey=${key}&title=${encodeURIComponent(title)}&vars=${encodeURIComponent(JSON.stringify({ days }))}`);
      const long = await start(5, `长假${sfx}`);
      const short = await start(2, `短假${sfx}`);
      expect(long.status === 200 && short.status === 200, `started: ${long.body} ${short.body}`);
      const running = await api(p, 'GET', `/flowable/process/runningData?title=${encodeURIComponent(sfx)}`);
      const titles = (running.json.records ?? []).map((r) => r.vars.title);
      expect(titles.includes(`长假${sfx}`) && !titles.includes(`短假${sfx}`), `days > 3 waits at 审批, 2 days ended: ${titles}`);
      ctx.shared.conditionKey = key;
    },
  },
  {
    name: 'new user: 挂起 in 运行中流程 suspends that instance only; 激活 lets it run on',
    run: async (ctx) => {
      const p = await page(ctx);
      const key = ctx.shared.conditionKey;
      expect(key, 'the previous test published a process');
      const start = (title) => api(p, 'POST', `/flowable/task/start?procDefKey=${key}&title=${encodeURIComponent(title)}&vars=${encodeURIComponent(JSON.stringify({ days: 9 }))}`);
      const [one, other] = [`挂起甲${sfx}`, `挂起乙${sfx}`];
      await start(one);
      await start(other);
      await p.goto(ctx.base + '/flowable/process/RunningList');
      const list = p.locator('[data-page="/flowable/process/RunningList"]');
      await list.waitFor({ timeout: 20000 });
      await list.locator('.ant-pro-table-search [id="title"]').fill(`挂起`);
      await list.locator('.ant-pro-table-search [id="title"]').press('Enter');
      const row = (title) => list.locator('.ant-table-row', { hasText: title });
      await row(one).waitFor({ timeout: 15000 });
      await row(other).waitFor({ timeout: 15000 });
      await row(one).locator('[data-row-action="suspend"]').click();
      const confirm = p.locator('.ant-popconfirm, .ant-modal-confirm').filter({ hasText: '其他实例不受影响' }).first();
      await confirm.waitFor({ timeout: 10000 });
      await confirm.locator('.ant-btn-primary').click();
      await ctx.portal.toast(p, '已挂起该流程实例');
      await row(one).locator('[data-suspended="instance"]').waitFor({ timeout: 15000 });
      expect((await row(other).locator('[data-suspended]').count()) === 0, 'the other instance runs on');
      const defs = await api(p, 'GET', `/flowable/process/list?name=${key}`);
      expect(defs.json.records.every((d) => !d.suspended), 'the definition is not suspended');
      await screenshot(p, 'new-user-02-instance-suspended');
      await row(one).locator('[data-row-action="activate"]').click();
      await ctx.portal.toast(p, '已激活该流程实例');
      await row(one).locator('[data-suspended]').waitFor({ state: 'detached', timeout: 15000 });
    },
  },
  {
    name: 'new user: the palette names every tool on hover, the token simulation speaks Chinese, every reviewer type (sql, 自定义) is in view',
    run: async (ctx) => {
      const p = await page(ctx);
      const key = `e2e_tips_${sfx}`;
      await model(p, key, `提示${sfx}`, gatewayProcess(key, `提示${sfx}`));
      await openDesigner(ctx, p, key);
      // every palette entry carries its Chinese name, shown as a tooltip on hover
      const titles = await p.locator('.djs-palette .entry').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
      expect(titles.length >= 8 && titles.every((x) => /[\u4e00-\u9fa5]/.test(x)), `palette titles: ${titles}`);
      const entry = p.locator('.djs-palette .entry[aria-label="创建用户任务"]');
      await entry.hover();
      await p.locator('.loom-palette-tip', { hasText: '创建用户任务' }).waitFor({ timeout: 5000 });
      // the simulation's own texts read Chinese
      await p.locator('[data-action="simulation-toggle"]').click();
      await p.locator('[data-simulation="on"]').waitFor({ timeout: 5000 });
      await eventually(async () => {
        const texts = await p.locator('[data-designer-canvas] [class*="bts-"]').evaluateAll((els) => els.map((e) => `${e.textContent ?? ''} ${e.getAttribute('title') ?? ''}`).join(' '));
        if (!/模拟/.test(texts) || /Simulation|No Entries/.test(texts)) throw new Error(texts.slice(0, 300));
        return true;
      }, 'the simulation reads Chinese');
      await screenshot(p, 'new-user-04-simulation-zh');
      await p.locator('[data-action="simulation-toggle"]').click();
      await p.locator('[data-simulation="off"]').waitFor({ timeout: 5000 });
      // the reviewer types of seed 001 are all in view, sql and 自定义 included
      const a = p.locator('[data-designer-canvas] .djs-element[data-element-id="a"] .djs-visual > *').first();
      const ab = await a.boundingBox();
      await p.mouse.click(ab.x + ab.width / 2, ab.y + ab.height / 2);
      await p.locator('.loom-product-panel[data-element-id="a"] [data-action="assign-people"]').click();
      const assign = p.locator('.loom-assign-dialog');
      await assign.locator('[data-action="reviewer-add"]').click();
      await assign.locator('.loom-reviewer-type').first().click();
      const list = p.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
      for (const label of ['用户', 'sql', '自定义']) await list.locator('.ant-select-item-option', { hasText: label }).first().waitFor({ state: 'visible' });
      const inView = await list.locator('.ant-select-item-option', { hasText: '自定义' }).evaluate((el) => {
        const box = el.getBoundingClientRect();
        const holder = el.closest('.rc-virtual-list-holder')?.getBoundingClientRect() ?? box;
        return box.bottom <= holder.bottom + 1;
      });
      expect(inView, '自定义 is in view without scrolling');
      await p.keyboard.press('Escape');
      await assign.locator('.ant-modal-close').click();
      await p.locator('.loom-designer-dialog .ant-modal-close').click();
    },
  },
  {
    name: 'new user: 新建 in 流程设计 asks for the category, and the saved model is in it',
    run: async (ctx) => {
      const p = await page(ctx);
      const cat = `分类${sfx}`;
      const made = await api(p, 'POST', '/extension/actCategory/save', { name: cat, sort: 30 });
      expect(made.status === 200, `category: ${made.body}`);
      await p.goto(ctx.base + LIST);
      const scope = p.locator(`[data-page="${LIST}"]`);
      await scope.waitFor({ timeout: 20000 });
      await scope.locator('[data-action="add"]').click();
      const ask = p.locator('.loom-new-model-category');
      await ask.waitFor({ timeout: 10000 });
      // OK without a category is refused with the hint
      await ask.locator('.ant-btn-primary').click();
      await ctx.portal.toast(p, '请选择流程分类');
      await ask.locator('.ant-select').click();
      const node = p.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-tree-node-content-wrapper', { hasText: cat });
      await node.scrollIntoViewIfNeeded();
      await node.click();
      await ask.locator('.ant-select-selection-item', { hasText: cat }).waitFor();
      await ask.locator('.ant-btn-primary').click();
      await p.locator('[data-designer-canvas] .djs-element').first().waitFor({ timeout: 20000 });
      const key = `e2e_cat_${sfx}`;
      const id = p.locator('.loom-product-panel [data-field="id"]');
      await id.fill(key);
      await id.press('Enter');
      await p.locator('[data-action="designer-save"]').click();
      await ctx.portal.toast(p, '保存成功');
      await p.locator('.loom-designer-dialog .ant-modal-close').click();
      const models = await api(p, 'GET', `/flowable/model/list?current=1&size=50&name=${key}`);
      const row = (models.json?.records ?? []).find((m) => m.key === key);
      expect(row && row.category === cat, `the model is in ${cat}: ${JSON.stringify(row)}`);
    },
  },
  {
    name: 'new user: after 同意 the finished task’s tab closes and 待办 is shown',
    run: async (ctx) => {
      const p = await page(ctx);
      const key = `e2e_close_${sfx}`;
      const id = await model(p, key, `关闭${sfx}`, gatewayProcess(key, `关闭${sfx}`).replace('<sequenceFlow id="f_end" sourceRef="gw" targetRef="end"/>', '<sequenceFlow id="f_end" sourceRef="gw" targetRef="end"><conditionExpression xsi:type="tFormalExpression">${days &lt; 0}</conditionExpression></sequenceFlow>'));
      const deployed = await api(p, 'PUT', `/flowable/model/deploy?id=${id}&category=e2e`);
      expect(deployed.status === 200, `deployed: ${deployed.body}`);
      const title = `关闭标签${sfx}`;
      const started = await api(p, 'POST', `/flowable/task/start?procDefKey=${key}&title=${encodeURIComponent(title)}&vars=${encodeURIComponent(JSON.stringify({ days: 1 }))}`);
      expect(started.status === 200, `started: ${started.body}`);
      await p.goto(ctx.base + '/flowable/task/TodoList');
      const todo = p.locator('[data-page="/flowable/task/TodoList"]');
      await todo.waitFor({ timeout: 20000 });
      await todo.locator('.ant-pro-table-search [id="title"]').fill(title);
      await todo.locator('.ant-pro-table-search [id="title"]').press('Enter');
      await todo.locator('.ant-table-row', { hasText: title }).locator('[data-todo]').first().click();
      const task = p.locator('[data-page="/flowable/task/TaskForm"] .loom-task-page');
      await task.waitFor({ timeout: 15000 });
      await p.locator('[data-tab="/flowable/task/TaskForm"]').waitFor();
      await task.locator('[data-button="_flow_agree"]').click();
      const confirm = p.locator('.ant-modal-confirm');
      if (await confirm.waitFor({ timeout: 2000 }).then(() => true, () => false)) await confirm.locator('.ant-btn-primary').click();
      // the task's tab is gone and 待办 is the page shown, without the finished task
      await p.locator('[data-tab="/flowable/task/TaskForm"]').waitFor({ state: 'detached', timeout: 15000 });
      await eventually(async () => new URL(p.url()).pathname === '/flowable/task/TodoList', '待办 is shown');
      await todo.locator('.ant-table-row', { hasText: title }).waitFor({ state: 'detached', timeout: 15000 });
    },
  },
  {
    name: 'new user: the user picker is 1000 px wide, tree left, search and table centre, chosen users right, all inside the dialog',
    run: async (ctx) => {
      const p = await page(ctx);
      await p.goto(ctx.base + '/sys/office/OfficeList');
      const scope = p.locator('[data-page="/sys/office/OfficeList"]');
      await scope.waitFor({ timeout: 20000 });
      await scope.locator('[data-action="add"]').first().click();
      // each step waits for what a user waits for: the office form, the picker, then its first page of users
      const pickUser = p.locator('.loom-office-primary-person [data-action="pick-user"]');
      await pickUser.waitFor({ timeout: 20000 });
      await pickUser.click();
      const picker = p.locator('.loom-user-picker .ant-modal-content');
      await picker.waitFor({ timeout: 20000 });
      await picker.locator('.ant-table-row').first().waitFor({ timeout: 30000 });
      // choose one: its tag shows on the right
      await picker.locator('.ant-table-row').first().locator('.ant-radio-input, .ant-checkbox-input').first().check();
      await picker.locator('.loom-picker-chosen .ant-tag').first().waitFor();
      await screenshot(p, 'new-user-05-user-picker');
      const box = async (l) => l.boundingBox();
      const dialog = await box(picker);
      expect(Math.round((await box(p.locator('.ant-modal.loom-user-picker'))).width) === 1000, `1000 px wide: ${dialog.width}`);
      // the tree's own scroll box (its content may be taller than the dialog when earlier tests made many offices)
      const treeBox = picker.locator('.loom-picker-tree');
      const tree = await box(treeBox);
      const treeContent = await box(treeBox.locator('.ant-tree').first());
      expect(treeContent.height <= tree.height + 1 || (await treeBox.evaluate((e) => getComputedStyle(e).overflowY)) === 'auto', `the tree scrolls in its box: ${treeContent.height} in ${tree.height}`);
      const search = await box(picker.locator('input[placeholder="登录名"], .ant-form-inline input').first());
      const table = await box(picker.locator('.ant-table').first());
      const chosen = await box(picker.locator('.loom-picker-chosen'));
      const inside = (b) => b.x >= dialog.x - 1 && b.y >= dialog.y - 1 && b.x + b.width <= dialog.x + dialog.width + 1 && b.y + b.height <= dialog.y + dialog.height + 1;
      for (const [name, b] of Object.entries({ tree, search, table, chosen })) expect(inside(b), `${name} inside the dialog: ${JSON.stringify(b)} in ${JSON.stringify(dialog)}`);
      expect(tree.x + tree.width <= table.x && table.x + table.width <= chosen.x, `tree | table | chosen from left to right: ${tree.x},${table.x},${chosen.x}`);
      expect(search.y < table.y && Math.abs(chosen.y - search.y) < 60, `search above the table, chosen beside them: ${search.y},${table.y},${chosen.y}`);
      await picker.locator('.ant-modal-close').click();
      await p.locator('.ant-modal-wrap:visible .ant-modal-close').last().click();
    },
  },
  {
    name: 'new user: a page opened from a menu made like createMenu is titled by the menu in its tab and breadcrumb',
    run: async (ctx) => {
      const p = await page(ctx);
      const name = `请假登记${sfx}`;
      const href = `/form/GenerateList?id=e2e-title-${sfx}`;
      const saved = await api(p, 'POST', '/sys/menu/save', { parentId: '0', name, href, type: '1', isShow: '1', sort: 9990 });
      expect(saved.status === 200, `menu saved: ${saved.body}`);
      // a new sign-in reads the menu
      const q = await signedIn(ctx, admin.user, admin.password);
      try {
        await q.locator(`.loom-side-menu [data-href="${href}"]`).click();
        await q.locator('[data-tab="/form/GenerateList"]', { hasText: name }).waitFor({ timeout: 15000 });
        await q.locator('.loom-breadcrumb', { hasText: name }).waitFor();
        expect(!(await q.locator('[data-tab="/form/GenerateList"]').innerText()).includes('GenerateList'), 'not the route name');
        await eventually(async () => (await q.title()).startsWith(name), 'the document title');
        await screenshot(q, 'new-user-03-menu-title');
      } finally {
        await q.context().close();
        const tree = await api(p, 'GET', '/sys/menu/treeData');
        const found = (tree.json ?? []).find((m) => m.name === name);
        if (found) await api(p, 'DELETE', `/sys/menu/delete?ids=${found.id}`);
      }
    },
  },
];
