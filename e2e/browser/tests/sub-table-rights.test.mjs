// A node's rights on a sub-table (issue 27), set in the designer's product panel and respected by a
// run: the 审核 node may change the quantities of the expense lines but neither their amounts nor how
// many there are. The designer ticks them off (zh-CN) and reads them back (en-US); the task page
// shows the amount column read-only and no add or delete buttons; the server keeps the amounts; the
// instance's 修改记录 opens each node's whole form as it was submitted (查看表单).
import { adminCredentials, eventually, expect, screenshot } from '../lib/harness.mjs';
import { nodeExtension } from '../lib/api.mjs';
import { openDesigner, publish } from '../lib/designer.mjs';
import { adminApi, adminPage, openPage, openTodo, switchLanguage } from '../lib/session.mjs';

const sfx = Date.now().toString(36);
const column = (type, model, name) => ({ type, key: `k${model}`, model, name, options: {}, rules: [] });
const FORM = {
  list: [
    { ...column('table', 'lines', '费用明细'), tableColumns: [column('input', 'item', '项目'), column('number', 'price', '金额'), column('number', 'qty', '数量')] },
    column('input', 'reason', '事由'),
  ],
  config: { labelWidth: 100, labelPosition: 'right', size: 'small' },
};

/** A process of nodes in a row ([kind, id, name, attrs]), with the diagram the designer needs to draw it. */
function linearProcess(key, name, nodes) {
  const box = (kind) => (kind === 'userTask' ? [100, 80] : [36, 36]);
  const at = nodes.map(([kind], i) => ({ x: 100 + i * 200, y: 200 - box(kind)[1] / 2, w: box(kind)[0], h: box(kind)[1] }));
  const flows = nodes.slice(1).map(([, to], i) => [`f${i + 1}`, nodes[i][1], to, at[i], at[i + 1]]);
  const els = nodes.map(([kind, id, label, attrs]) => `<${kind} id="${id}" name="${label}" ${attrs}/>`).join('') + flows.map(([id, from, to]) => `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"/>`).join('');
  const shapes = nodes.map(([, id], i) => `<bpmndi:BPMNShape id="${id}_di" bpmnElement="${id}"><dc:Bounds x="${at[i].x}" y="${at[i].y}" width="${at[i].w}" height="${at[i].h}"/></bpmndi:BPMNShape>`).join('');
  const edges = flows.map(([id, , , a, b]) => `<bpmndi:BPMNEdge id="${id}_di" bpmnElement="${id}"><di:waypoint x="${a.x + a.w}" y="200"/><di:waypoint x="${b.x}" y="200"/></bpmndi:BPMNEdge>`).join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" ' +
    'xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" ' +
    `targetNamespace="e2e"><process id="${key}" name="${name}" isExecutable="true">${els}</process>` +
    `<bpmndi:BPMNDiagram id="d_${key}"><bpmndi:BPMNPlane id="p_${key}" bpmnElement="${key}">${shapes}${edges}</bpmndi:BPMNPlane></bpmndi:BPMNDiagram></definitions>`
  );
}

const page = (ctx) => adminPage(ctx, 'subTableRightsPage', { width: 1600, height: 1000 });
const panel = (p) => p.locator('.loom-product-panel[data-element-id="check"] .loom-section-form');

/** Selects the 审核 node and opens its form's field rights; answers the rights table. */
async function rightsOf(p) {
  // a click on the shape's lower half (its top carries the checks' marker); the canvas may still be
  // fitting the drawing to the view when it first shows, so the box is read again for another click
  const visual = p.locator('[data-designer-canvas] .djs-element[data-element-id="check"] .djs-visual > *').first();
  await eventually(
    async () => {
      const shape = await visual.boundingBox();
      if (!shape) return false;
      await p.mouse.click(shape.x + shape.width / 2, shape.y + shape.height * 0.75);
      return panel(p).waitFor({ timeout: 3000 }).then(() => true, () => false);
    },
    'the 审核 node is selected and its panel shows its form',
    30000,
  );
  const rights = panel(p).locator('.loom-field-rights');
  if (!(await rights.isVisible())) await panel(p).locator('.ant-table-row-expand-icon').first().click();
  await rights.locator('tr[data-field="lines.price"]').waitFor({ timeout: 15000 });
  return rights;
}

const box = (rights, field, flag) => rights.locator(`tr[data-field="${field}"] [data-flag="${flag}"] .ant-checkbox-input`);

export default [
  {
    name: 'sub-table rights: the designer locks a column and the rows of a table; the task page and the server respect them; 查看表单 shows the form as submitted',
    run: async (ctx) => {
      const api = await adminApi(ctx);
      const me = await api.userId(adminCredentials().user);
      const key = `e2e_subrights_${sfx}`;
      const name = `明细权限${sfx}`;
      const title = `明细${sfx}`;
      const form = await api.formDefinition(name, FORM);
      const xml = linearProcess(key, name, [
        ['startEvent', 'start', '开始', `flowable:initiator="applyUserId" flowable:formKey="${form.jsonId}"`],
        ['userTask', 'check', '审核', `flowable:formKey="${form.jsonId}"`],
        ['endEvent', 'end', '结束', ''],
      ]);
      await api.saveModel({ key, name, xml, nodes: [nodeExtension(key, 'check', [['user', me]])] });
      // the designer: 金额 not writable, rows neither addable nor deletable at 审核
      const p = await switchLanguage(await page(ctx), 'zh-CN');
      await openDesigner(ctx, p, key);
      let rights = await rightsOf(p);
      const head = await rights.locator('thead').innerText();
      expect(head.includes('可新增行') && head.includes('可删除行'), `the rows flags are named: ${head}`);
      for (const [field, flag] of [['lines.price', 'writable'], ['lines', 'addable'], ['lines', 'deletable']]) {
        await box(rights, field, flag).click();
        await eventually(async () => !(await box(rights, field, flag).isChecked()), `${field} ${flag} unticked`);
      }
      expect(await box(rights, 'lines.qty', 'writable').isChecked(), 'the quantity stays writable');
      await screenshot(p, 'subrights-1-designer');
      await publish(p);
      await eventually(async () => (await api.get('/flowable/process/list', { name })).records.some((d) => d.key === key), 'the process is published', 60000);
      // the node's approver as the reviewer section would set it, deployed with the designer's XML
      const modelId = (await api.get('/flowable/model/list', { filterText: key, current: '1', size: '10' })).records.find((m) => m.key === key).id;
      await api.call('POST', '/extension/taskDefExtension/save', { json: [nodeExtension(key, 'check', [['user', me]])] });
      await api.call('PUT', '/flowable/model/deploy', { params: { id: modelId, category: 'e2e' } });
      // read back in English
      await switchLanguage(p, 'en-US');
      await openDesigner(ctx, p, key);
      rights = await rightsOf(p);
      const english = await rights.locator('thead').innerText();
      expect(english.includes('Rows addable') && english.includes('Rows deletable'), `in English: ${english}`);
      expect(!(await box(rights, 'lines', 'addable').isChecked()) && !(await box(rights, 'lines.price', 'writable').isChecked()), 'the flags were saved');
      await switchLanguage(p, 'zh-CN');

      // a run: two lines started, the checker sees 金额 read-only and no add or delete
      const lines = [{ item: '机票', price: 800, qty: 1 }, { item: '酒店', price: 300, qty: 2 }];
      const pid = await api.call('POST', '/flowable/task/start', { params: { procDefKey: key, title, vars: JSON.stringify({ lines, reason: '出差' }) } });
      const task = await openTodo(ctx, p, title);
      const table = task.locator('.loom-dynamic-form [data-model="lines"]');
      await table.locator('[data-model="qty"] input').first().waitFor({ timeout: 15000 });
      expect((await table.locator('[data-model="price"] input').first().inputValue()) === '800', 'the stored amount is shown');
      expect(await table.locator('[data-model="price"] input').first().isDisabled(), 'the amount is read-only');
      expect(!(await table.locator('[data-model="qty"] input').first().isDisabled()), 'the quantity is editable');
      expect((await table.locator('[data-action="add-row"]').count()) === 0 && (await table.locator('[data-action="remove-row"]').count()) === 0, 'no row may be added or deleted');
      await table.locator('[data-model="qty"] input').first().fill('5');
      await screenshot(p, 'subrights-2-task');
      await task.locator('[data-button="_flow_agree"]').click();
      await ctx.portal.toast(p, '提交成功');
      await eventually(async () => (await api.todoOf(pid)).length === 0, 'the claim is done');
      const stored = (await api.get('/flowable/task/formData', { procInsId: pid })).data.lines;
      expect(stored.map((l) => [l.item, l.price, l.qty]).join() === '机票,800,5,酒店,300,2', `stored: ${JSON.stringify(stored)}`);

      // 修改记录: each save opens its whole form, read-only
      const detail = await openPage(ctx, p, `/flowable/task/TaskFormDetail?procInsId=${pid}&title=${encodeURIComponent(title)}`);
      await detail.locator('.ant-tabs-tab', { hasText: '修改记录' }).click();
      const saves = detail.locator('.loom-form-change');
      await saves.nth(1).waitFor({ timeout: 15000 });
      expect((await saves.nth(1).innerText()).includes('审核'), 'the second save is 审核\'s');
      await saves.nth(1).locator('[data-action="view-form"]').click();
      const shown = p.locator('.loom-form-snapshot');
      await shown.locator('[data-model="qty"] input').first().waitFor({ timeout: 15000 });
      expect((await shown.locator('.ant-modal-title').innerText()).includes('审核'), 'the form of 审核');
      expect((await shown.locator('[data-model="qty"] input').first().inputValue()) === '5', 'the quantity as 审核 submitted it');
      expect((await shown.locator('[data-model="price"] input').first().inputValue()) === '800', 'the amount as stored');
      expect((await shown.locator('[data-model="reason"] input').inputValue()) === '出差', 'the fields it did not change too');
      expect(await shown.locator('[data-model="qty"] input').first().isDisabled(), 'read-only');
      await screenshot(p, 'subrights-3-snapshot');
      await shown.locator('.ant-modal-close').click();
      await saves.nth(0).locator('[data-action="view-form"]').click();
      await eventually(async () => (await shown.locator('[data-model="qty"] input').first().inputValue()) === '1', 'the start\'s form has the quantity it was started with');
    },
  },
];
