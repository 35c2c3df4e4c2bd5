// The process designer end to end through the gateway: draw a leave process with the mouse,
// configure its nodes in the product panel, save (three warnings for an unconfigured node),
// publish, find it in 流程定义, reopen it and find every setting, export the XML, round-trip a
// Flowable-modeler file, run one instance through the API and check the chart's colours.
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, choose, eventually, expect, screenshot, tick } from '../lib/harness.mjs';
import { fieldCondition, publish, selectFlow } from '../lib/designer.mjs';
import { adminPage, openPage as open, pageApi } from '../lib/session.mjs';

const sfx = Date.now().toString(36);
const KEY = `e2e_leave_${sfx}`;
const NAME = `e2e请假${sfx}`;
const LIST = '/flowable/process/ModelList';

const page = (ctx) => adminPage(ctx, 'leaveDesignerPage', { width: 1600, height: 1000, acceptDownloads: true });

const api = pageApi;

const canvas = (p) => p.locator('[data-designer-canvas]');
const shape = (p, id) => p.locator(`[data-designer-canvas] .djs-element[data-element-id="${id}"]`);

/** The generic panel's tab holding a group (seed §2.2 variant A). */
const genericTab = (groupId) =>
  ({
    'flowable-connector-input': 'connector', 'flowable-fields': 'fieldInjections', 'flowable-execution-listeners': 'listeners',
    'flowable-properties': 'extensions', 'flowable-mapping-in': 'variables', 'flowable-form-fields': 'forms',
  })[groupId] ?? 'general';

/** Canvas pixel position of diagram coordinates (the viewbox starts at 0,0, scale 1). */
async function at(p, x, y) {
  const box = await canvas(p).boundingBox();
  return { x: box.x + x, y: box.y + y };
}

/** Drops a palette entry at diagram coordinates; answers the id of the new element. */
async function drop(p, entry, x, y) {
  const before = new Set(await p.locator('[data-designer-canvas] .djs-shape').evaluateAll((els) => els.map((e) => e.getAttribute('data-element-id'))));
  await p.locator(`.djs-palette [data-action="${entry}"]`).click();
  const pos = await at(p, x, y);
  await p.mouse.move(pos.x - 5, pos.y - 5);
  await p.mouse.move(pos.x, pos.y, { steps: 3 });
  await p.mouse.click(pos.x, pos.y);
  const ids = await p.locator('[data-designer-canvas] .djs-shape').evaluateAll((els) => els.map((e) => e.getAttribute('data-element-id')));
  const id = ids.find((i) => !before.has(i) && !i.endsWith('_label'));
  expect(id, `a new element from ${entry}`);
  return id;
}

/** Clicks an element on the canvas (selects it; the panel shows it). */
async function select(p, id) {
  const panel = p.locator(`.loom-product-panel[data-element-id="${id}"]`);
  const visual = shape(p, id).locator('.djs-visual > *').first();
  // a few spots: the middle may carry a connection's end or the context pad of the last flow
  for (const [fx, fy] of [[0.5, 0.5], [0.5, 0.8], [0.5, 0.2], [0.8, 0.5]]) {
    await p.keyboard.press('Escape');
    const empty = await at(p, 40, 680);
    await p.mouse.click(empty.x, empty.y);
    await p.waitForTimeout(150);
    const box = await visual.boundingBox();
    await p.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
    if (await panel.waitFor({ timeout: 1500 }).then(() => true, () => false)) return;
  }
  await screenshot(p, `designer-failed-select-${id}`);
  throw new Error(`cannot select ${id}`);
}

/** Connects two elements with the context pad's connect tool. */
async function connect(p, from, to) {
  await select(p, from);
  await p.locator('.djs-context-pad [data-action="connect"]').click();
  const box = await shape(p, to).boundingBox();
  await p.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
  await p.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const panel = p.locator('.loom-product-panel');
  await eventually(async () => ((await panel.getAttribute('data-element-id')) ?? '').startsWith('Flow_'), `the flow ${from} → ${to} is selected`);
  return panel.getAttribute('data-element-id');
}

/**
 * 流程定义 searched by the process's name, as a user finds one among many: the list is ordered by
 * key, and the definitions the earlier tests deploy push a new one past the first page.
 */
async function definitions(ctx, p, name) {
  const scope = await open(ctx, p, '/flowable/process/DefinitionList');
  const search = scope.locator('.ant-pro-table-search [id="name"]');
  await search.fill(name);
  await search.press('Enter');
  return scope;
}

/** 新建 on the model list: the designer opens, after the category is chosen when none is selected in the tree. */
async function newModel(p, scope) {
  await scope.locator('[data-action="add"]').click();
  const ask = p.locator('.loom-new-model-category');
  await ask.or(canvas(p)).first().waitFor({ timeout: 20000 });
  if (!(await ask.isVisible())) return;
  // without any category the dialog says so and creates the model uncategorised
  if (!(await ask.locator('.ant-alert').isVisible())) {
    await ask.locator('.ant-select').click();
    const first = p.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-tree-node-content-wrapper').first();
    if (await first.waitFor({ timeout: 3000 }).then(() => true, () => false)) {
      await first.click();
      await ask.locator('.ant-select-selection-item').waitFor();
    } else await p.keyboard.press('Escape');
  }
  await ask.locator('.ant-btn-primary').click();
}

/** The section of the product panel. */
const section = (p, key) => p.locator(`.loom-product-panel .loom-section-${key}`);

/** Leaves a test that worked in the generic panel: back to the product panel, designer closed, its model deleted. */
async function leaveGenericPanel(p, modelId) {
  await p.locator('[data-action="designer-panel-toggle"] .ant-segmented-item').nth(0).click();
  await p.locator('.loom-designer-dialog .ant-modal-close').click();
  await api(p, 'DELETE', `/flowable/model/delete?ids=${modelId}`);
}

/** Sets a basic-settings field of the selected element. */
async function basic(p, field, value) {
  const input = p.locator(`.loom-product-panel [data-field="${field}"]`);
  await input.fill(value);
  await input.press('Enter');
  await input.blur();
}

export default [
  {
    name: 'designer: draw a leave process with the mouse and save it with its three warnings',
    run: async (ctx) => {
      const p = await page(ctx);
      const scope = await open(ctx, p, LIST);
      await newModel(p, scope);
      await canvas(p).waitFor();
      await shape(p, 'start').waitFor({ timeout: 20000 });
      // the palette of seed §2.1 in Chinese
      const titles = await p.locator('.djs-palette .entry').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? e.getAttribute('title')));
      expect(titles.includes('创建用户任务') && titles.includes('创建排他网关') && titles.includes('创建定时中间捕获事件'), `palette titles: ${titles}`);
      expect(!titles.some((t) => t && t.includes('数据对象')), 'no data object in the palette');
      // process id and name on the root
      await p.locator('[data-designer-canvas] .djs-container > svg').click({ position: { x: 900, y: 600 } });
      await p.locator('.loom-product-panel .loom-section-startable').waitFor();
      await basic(p, 'id', KEY);
      await basic(p, 'name', NAME);
      const task = await drop(p, 'create.user-task', 380, 218);
      const gw = await drop(p, 'create.exclusive-gateway', 560, 218);
      const a = await drop(p, 'create.user-task', 720, 110);
      const b = await drop(p, 'create.user-task', 720, 330);
      const end = await drop(p, 'create.end-event', 900, 218);
      const flows = {};
      for (const [from, to] of [['start', task], [task, gw], [gw, a], [gw, b], [a, end], [b, end]]) flows[`${from}>${to}`] = await connect(p, from, to);
      const drawn = await p.locator('[data-designer-canvas] .djs-connection').count();
      expect(drawn === 6, `six flows drawn (${drawn})`);
      ctx.shared.ids = { task, gw, a, b, end, toA: flows[`${gw}>${a}`], toB: flows[`${gw}>${b}`] };
      await select(p, task);
      await basic(p, 'name', '部门审批');
      await select(p, a);
      await basic(p, 'name', '经理审批');
      await select(p, b);
      await basic(p, 'name', '人事备案');
      await screenshot(p, 'designer-01-drawn');
      // save: a new model is created; the unconfigured nodes warn for 20 s
      await p.locator('[data-action="designer-save"]').click();
      await ctx.portal.toast(p, '保存成功');
      await p.locator('.loom-save-warning-noAssignee', { hasText: '节点[部门审批]未指定审批人' }).waitFor();
      await p.locator('.loom-save-warning-noButtons', { hasText: '节点[部门审批]未配置按钮' }).first().waitFor();
      await p.locator('.loom-save-warning-noForm', { hasText: '节点[start]未配置表单' }).first().waitFor();
      await screenshot(p, 'designer-02-warnings');
      const found = await api(p, 'GET', `/flowable/model/list?filterText=${KEY}`);
      expect(found.json?.records?.some((r) => r.key === KEY), `the model is listed: ${found.body.slice(0, 200)}`);
    },
  },
  {
    name: 'designer: reviewers, buttons, a condition on days, a 60% countersign and forms; publish; the definition is listed',
    run: async (ctx) => {
      const p = await page(ctx);
      const { task, a, b, toA, toB } = ctx.shared.ids;
      // reviewers of 部门审批: the initiator's department and a role, in the 1000px dialog
      await select(p, task);
      await section(p, 'reviewer').locator('[data-action="assign-people"]').click();
      const dlg = p.locator('.loom-assign-dialog');
      await dlg.locator('[data-action="reviewer-add"]').click();
      await dlg.locator('[data-action="reviewer-add"]').click();
      await dlg.locator('[data-action="reviewer-add"]').click();
      const rows = dlg.locator('.ant-table-tbody .ant-table-row');
      await choose(p, rows.nth(0).locator('.loom-reviewer-type'), '部门');
      await rows.nth(0).locator('[data-field="reviewer-initiator-office"]').click();
      await choose(p, rows.nth(1).locator('.loom-reviewer-type'), '角色');
      await rows.nth(1).locator('[data-action="pick-role"]').click();
      const picker = p.locator('.loom-grid-picker').last();
      await tick(picker.locator('.ant-table-tbody .ant-table-row').first().locator('.ant-checkbox-input, .ant-radio-input').first(), 'a role is ticked');
      await picker.locator('[data-action="confirm"]').click();
      await eventually(async () => (await rows.nth(1).locator('.ant-tag').count()) > 0, 'the role is chosen');
      // the third row stays without a value: confirm drops it (§4.3)
      const box = await dlg.boundingBox();
      expect(box.width >= 990 && box.width <= 1010, `the assign dialog is 1000px wide (${box.width})`);
      await screenshot(p, 'designer-03-reviewers');
      await dlg.locator('.ant-modal-footer .ant-btn-primary').click();
      await eventually(async () => (await section(p, 'reviewer').locator('.ant-table-tbody .ant-table-row').count()) === 2, 'two reviewer rows kept');
      // buttons from the common buttons
      await section(p, 'buttons').locator('[data-action="button-choose"]').click();
      const bp = p.locator('.loom-grid-picker').last();
      for (const name of ['同意', '驳回']) await tick(bp.locator('.ant-table-row', { hasText: name }).first().locator('.ant-checkbox-input'), `${name} is ticked`);
      await bp.locator('[data-action="confirm"]').click();
      await eventually(async () => (await section(p, 'buttons').locator('.ant-table-tbody .ant-table-row').count()) === 2, 'two buttons');
      // a custom button may not use a system code
      await section(p, 'buttons').locator('[data-action="button-add"]').click();
      const bd = p.locator('.loom-button-dialog');
      await bd.locator('[id="name"]').fill('加急');
      await bd.locator('[id="code"]').fill('_flow_agree');
      await bd.locator('.ant-modal-footer .ant-btn-primary').click();
      await bd.locator('.ant-form-item-explain-error', { hasText: '请勿使用系统预设编码!' }).waitFor();
      await bd.locator('.ant-modal-footer .ant-btn:not(.ant-btn-primary)').click();
      // an external form on the start event and the task
      for (const id of ['start', task]) {
        await select(p, id);
        await section(p, 'form').locator('[data-field="form-type"] input[value="2"]').check();
        const addr = section(p, 'form').locator('[data-field="form-address"]');
        await addr.fill('/test/leave/LeaveForm');
        await addr.blur();
      }
      // a 60% parallel countersign on 经理审批 (with the initiator as reviewer and two buttons)
      await select(p, a);
      await choose(p, section(p, 'multiInstance').locator('[data-field="mi-type"]'), '并行');
      await section(p, 'multiInstance').locator('[data-field="mi-completion"] input[value="percent"]').check();
      const pct = section(p, 'multiInstance').locator('input[data-field="mi-percent"]');
      await pct.waitFor({ timeout: 5000 }).catch(async (e) => {
        await screenshot(p, 'designer-failed-mi');
        throw e;
      });
      await pct.fill('60');
      await pct.press('Enter');
      for (const id of [a, b]) {
        await select(p, id);
        await section(p, 'reviewer').locator('[data-action="assign-people"]').click();
        await p.locator('.loom-assign-dialog [data-action="reviewer-add"]').click();
        await choose(p, p.locator('.loom-assign-dialog .loom-reviewer-type').first(), '发起人');
        await p.locator('.loom-assign-dialog .ant-modal-footer .ant-btn-primary').click();
        await section(p, 'buttons').locator('[data-action="button-choose"]').click();
        const pk = p.locator('.loom-grid-picker').last();
        await tick(pk.locator('.ant-table-row', { hasText: '同意' }).first().locator('.ant-checkbox-input'), '同意 is ticked');
        await pk.locator('[data-action="confirm"]').click();
        await section(p, 'form').locator('[data-field="form-type"] input[value="2"]').check();
        await section(p, 'form').locator('[data-field="form-address"]').fill('/test/leave/LeaveForm');
        await section(p, 'form').locator('[data-field="form-address"]').blur();
      }
      // form-field conditions on days
      for (const [flow, compare, value] of [[toA, '>', '3'], [toB, '<=', '3']]) {
        await fieldCondition(p, flow, 'days', compare, value);
      }
      await screenshot(p, 'designer-04-condition');
      // save and publish: confirm, save, publish 2 s later with the server's message
      await publish(p);
      await screenshot(p, 'designer-05-published');
      const defs = await api(p, 'GET', `/flowable/process/list?name=${encodeURIComponent(NAME)}`);
      expect(defs.json?.records?.some((d) => d.key === KEY && d.version === 1), `the definition is published: ${defs.body.slice(0, 300)}`);
      // the node extensions reached the server
      const ext = await api(p, 'GET', `/extension/taskDefExtension/queryByDefIdAndTaskId?processDefId=${KEY}&taskDefId=${task}`);
      const ex = ext.json ?? {};
      expect((ex.flowAssigneeList ?? []).map((x) => x.type).sort().join() === 'depart,role', `reviewers saved: ${ext.body.slice(0, 300)}`);
      expect((ex.flowButtonList ?? []).map((x) => x.code).sort().join() === '_flow_agree,_flow_reject', 'buttons saved');
      const setting = await api(p, 'GET', `/extension/nodeSetting/queryValueByKey?processDefId=${KEY}&taskDefId=${toA}&key=conditionType`);
      expect(setting.json === '1' || setting.body === '1', `conditionType saved: ${setting.body}`);
      // 流程定义 lists it
      await p.locator('.loom-designer-dialog .ant-modal-close').click();
      const scope = await definitions(ctx, p, NAME);
      await scope.locator('.ant-table-row', { hasText: NAME }).first().waitFor({ timeout: 15000 });
      await screenshot(p, 'designer-06-definitions');
    },
  },
  {
    name: 'designer: the model opens again with every setting, and its XML carries the flowable: attributes',
    run: async (ctx) => {
      const p = await page(ctx);
      const { task, a, toA } = ctx.shared.ids;
      const scope = await open(ctx, p, LIST);
      await scope.locator('.ant-table-row', { hasText: KEY }).first().locator('a', { hasText: KEY }).click();
      await shape(p, task).waitFor({ timeout: 20000 });
      await select(p, task);
      const reviewers = await section(p, 'reviewer').locator('.ant-table-tbody .ant-table-row').allTextContents();
      expect(reviewers.length === 2 && reviewers[0].includes('部门') && reviewers[1].includes('角色'), `reviewers: ${reviewers}`);
      // values read as names, not as the ids they store
      await eventually(async () => {
        const [office, role] = await section(p, 'reviewer').locator('.ant-table-tbody .ant-table-row').allTextContents();
        return office.includes('发起人部门') && !/[0-9a-f]{32}/.test(role);
      }, 'the reviewer values are named');
      const buttons = await section(p, 'buttons').locator('.ant-table-tbody .ant-table-row').allTextContents();
      expect(buttons.length === 2 && buttons[0].includes('_flow_agree'), `buttons: ${buttons}`);
      expect((await section(p, 'form').locator('[data-field="form-address"]').inputValue()) === '/test/leave/LeaveForm', 'the external form');
      await select(p, a);
      expect((await section(p, 'multiInstance').locator('input[data-field="mi-percent"]').inputValue()) === '60', 'the 60% countersign');
      await selectFlow(p, toA);
      expect((await section(p, 'condition').locator('[data-field="condition-field"]').first().inputValue()) === 'days', 'the condition row');
      await screenshot(p, 'designer-07-reopened');
      // download BPMN
      const [download] = await Promise.all([p.waitForEvent('download'), p.locator('[data-action="designer-download-bpmn"]').click()]);
      const xml = readFileSync(await download.path(), 'utf8');
      for (const needle of [
        'flowable:initiator="applyUserId"',
        'flowable:formKey="/test/leave/LeaveForm"',
        '<flowable:assignee',
        'type="depart" value="${applyUserOfficeId}"',
        '<flowable:button',
        'code="_flow_agree"',
        'flowable:collection="${multiInstanceHandler.getList(execution)}"',
        'flowable:elementVariable="assignee"',
        'flowable:assignee="${assignee}"',
        'nrOfCompletedInstances/nrOfInstances&gt;=0.6',
        '<flowable:condition',
        'field="days"',
        '${days&gt;3}',
        'flowable:conditionType="1"',
      ]) expect(xml.includes(needle), `the XML carries ${needle}`);
      ctx.shared.xml = xml;
      // the generic panel (variant A) reads the same flowable: attributes, in Chinese
      await p.locator('[data-action="designer-panel-toggle"] .ant-segmented-item').nth(1).click();
      const generic = p.locator('[data-generic-panel]');
      await generic.waitFor();
      const abox = await shape(p, a).locator('.djs-visual > *').first().boundingBox();
      await p.mouse.click(abox.x + abox.width / 2, abox.y + 12);
      await generic.locator('.bio-properties-panel-group-header', { hasText: '用户分配' }).click();
      await eventually(async () => (await generic.locator('input[name="flowable-assignment-assignee"], #bio-properties-panel-flowable-assignment-assignee').first().inputValue()) === '${assignee}', 'the generic panel shows the assignee');
      await screenshot(p, 'designer-07b-generic-panel');
      await p.locator('[data-action="designer-panel-toggle"] .ant-segmented-item').nth(0).click();
      await p.locator('.loom-designer-dialog .ant-modal-close').click();
    },
  },
  {
    name: 'designer: a Flowable-modeler file opens and saves without losing a flowable: attribute',
    run: async (ctx) => {
      const p = await page(ctx);
      const file = join(ROOT, 'frontends/workflow/test/fixtures/MultiInstanceTest.testLoopCounterVariableForParallelMultiInstance.bpmn20.xml');
      const original = readFileSync(file, 'utf8');
      const scope = await open(ctx, p, LIST);
      await newModel(p, scope);
      await shape(p, 'start').waitFor({ timeout: 20000 });
      // drawn far from the origin, as a file from another modeler may be
      const far = join(tmpdir(), `far-${Date.now()}.bpmn20.xml`);
      writeFileSync(far, original.replace(/ (x|y)="([\d.]+)"/g, (_m, k, v) => ` ${k}="${Number(v) + 2500}"`));
      await p.locator('[data-action="designer-file"]').setInputFiles(far);
      await shape(p, 'formTask1').waitFor({ timeout: 20000 });
      // the imported diagram is fitted to the canvas: every shape in sight
      const frame = await canvas(p).boundingBox();
      await eventually(async () => {
        const boxes = await Promise.all((await p.locator('.djs-element.djs-shape .djs-visual').all()).map((s) => s.boundingBox()));
        return boxes.length > 0 && boxes.every((b) => b && b.x >= frame.x - 1 && b.y >= frame.y - 1 && b.x + b.width <= frame.x + frame.width + 1 && b.y + b.height <= frame.y + frame.height + 1);
      }, 'the imported diagram is fitted to the canvas');
      await p.locator('[data-action="designer-save"]').click();
      await ctx.portal.toast(p, '保存成功');
      await screenshot(p, 'designer-08-flowable-file');
      const models = await api(p, 'GET', '/flowable/model/list?filterText=loopCounterTest');
      const model = models.json.records.find((m) => m.key === 'loopCounterTest');
      const saved = (await api(p, 'GET', `/flowable/model/getBpmnXml?id=${model.id}`)).body;
      const facts = (xml) => [...xml.matchAll(/flowable:[\w-]+(="[^"]*")?/g)].map((m) => m[0]).sort();
      expect(JSON.stringify(facts(saved)) === JSON.stringify(facts(original)), `flowable: facts kept\n${facts(saved)}\n${facts(original)}`);
      expect(saved.includes('<flowable:task-candidates-type>'), 'the modeler-only element is kept');
      await p.locator('.loom-designer-dialog .ant-modal-close').click();
      await api(p, 'DELETE', `/flowable/model/delete?ids=${model.id}`);
    },
  },
  {
    name: 'designer: the generic panel edits implementation, connector, field injections, mappings, input/output and properties of a Flowable file, with the §5.1 messages; saving keeps them',
    run: async (ctx) => {
      const p = await page(ctx);
      const file = join(ROOT, 'frontends/workflow/test/fixtures/generic-panel.bpmn20.xml');
      const scope = await open(ctx, p, LIST);
      await newModel(p, scope);
      await shape(p, 'start').waitFor({ timeout: 20000 });
      await p.locator('[data-action="designer-file"]').setInputFiles(file);
      await shape(p, 'call').waitFor({ timeout: 20000 });
      await p.locator('[data-action="designer-panel-toggle"] .ant-segmented-item').nth(1).click();
      const g = p.locator('[data-generic-panel]');
      await g.waitFor();
      // Ctrl + wheel zooms no further than the toolbar's 0.2 to 2 (seed §2.1)
      const cbox = await canvas(p).boundingBox();
      await p.mouse.move(cbox.x + 300, cbox.y + 300);
      await p.keyboard.down('Control');
      for (let i = 0; i < 30; i++) await p.mouse.wheel(0, -200);
      await p.keyboard.up('Control');
      await eventually(async () => Number(await p.locator('.loom-designer-zoom').getAttribute('data-zoom')) === 2, 'Ctrl + wheel stops at 200%');
      await p.locator('[data-action="designer-zoom-reset"]').click();
      const pick = async (id, label) => {
        const box = await shape(p, id).locator('.djs-visual > *').first().boundingBox();
        await p.mouse.click(box.x + box.width / 2, box.y + 12);
        await g.locator('.bio-properties-panel-header-label', { hasText: label }).first().waitFor();
      };
      // a group by its id, on its tab, opened; its header speaks Chinese
      const group = async (id, label) => {
        await g.locator(`[data-generic-tab="${genericTab(id)}"]`).click();
        const grp = g.locator(`[data-group-id="group-${id}"]`);
        const header = grp.locator('.bio-properties-panel-group-header');
        expect(((await header.textContent()) ?? '').includes(label), `the group ${id} is titled ${label}`);
        const isOpen = async () => ((await header.getAttribute('class')) ?? '').split(' ').includes('open');
        // (an empty list has nothing to open: its + adds the first item)
        const empty = ((await header.getAttribute('class')) ?? '').split(' ').includes('empty') && (await grp.locator('.bio-properties-panel-list').count()) > 0;
        if (empty) return grp;
        await eventually(async () => {
          if (!(await isOpen())) await header.locator('.bio-properties-panel-group-header-title').click();
          await p.waitForTimeout(150);
          return isOpen();
        }, `the group ${id} opens`);
        return grp;
      };
      const item = async (grp, label) => {
        // found by its label, then held by its id (the label follows the name being edited)
        const id = await grp.locator('.bio-properties-panel-collapsible-entry', { has: p.locator('.bio-properties-panel-collapsible-entry-header', { hasText: label }) }).first().getAttribute('data-entry-id');
        const entry = grp.locator(`[data-entry-id="${id}"]`);
        if (!((await entry.getAttribute('class')) ?? '').includes(' open')) await entry.locator('.bio-properties-panel-collapsible-entry-header').first().click();
        return entry;
      };
      const input = (scope, id) => scope.locator(`[id="bio-properties-panel-${id}"]`);
      const error = (scope, text) => scope.locator('.bio-properties-panel-error', { hasText: text }).first().waitFor({ timeout: 5000 });
      const type = async (field, value) => {
        await field.fill(value);
        await p.waitForTimeout(400); // the panel's 300 ms input debounce
      };

      // the connector service task: implementation 连接器 with its id; an empty id asks for one
      await pick('call', '接口');
      expect((await g.locator('.bio-properties-panel-header-type').textContent()) === '服务任务', 'the header names the type in Chinese');
      const impl = await group('flowable-implementation', '实现');
      expect((await input(impl, 'flowable-impl-type').inputValue()) === 'connector', 'the implementation is a connector');
      expect((await input(impl, 'flowable-impl-connectorId').inputValue()) === 'http-connector', 'the connector id');
      await type(input(impl, 'flowable-impl-connectorId'), '');
      await error(impl, '必须配置连接器');
      await type(input(impl, 'flowable-impl-connectorId'), 'mail-connector');
      const cin = await group('flowable-connector-input', '连接器输入参数');
      const payload = await item(cin, 'payload');
      expect((await input(payload, 'call-flowable-connector-input-1-scriptFormat').inputValue()) === 'groovy', 'the script parameter');
      // a parameter must have a name without spaces (seed §5.1)
      await type(input(payload, 'call-flowable-connector-input-1-name'), '');
      await error(payload, '参数必须有名称');
      await type(input(payload, 'call-flowable-connector-input-1-name'), 'pay load');
      await error(payload, '名称不能包含空格');
      await type(input(payload, 'call-flowable-connector-input-1-name'), 'body');
      await screenshot(p, 'designer-08b-generic-connector');

      // the Java-class task: switching to an expression keeps the value; an empty one is refused
      await pick('mail', '通知');
      const impl2 = await group('flowable-implementation', '实现');
      await impl2.locator('[id="bio-properties-panel-flowable-impl-type"]').selectOption('expression');
      await eventually(async () => (await input(impl2, 'flowable-impl-expression').inputValue()) === 'org.example.Notify', 'the value is kept across class → expression');
      await type(input(impl2, 'flowable-impl-expression'), '');
      await error(impl2, '必须提供一个值');
      await type(input(impl2, 'flowable-impl-expression'), '${notifier.send(execution)}');
      const fields = await group('flowable-fields', '字段注入');
      const to = await item(fields, 'to');
      expect((await input(to, 'mail-flowable-fields-0-value').inputValue()) === 'hr@example.com', 'the string field');
      await type(input(to, 'mail-flowable-fields-0-value'), 'boss@example.com');
      const listeners = await group('flowable-execution-listeners', '执行监听器');
      const audit = await item(listeners, 'org.example.Audit');
      await type(input(audit, 'mail-flowable-execution-listeners-0-value'), '');
      await error(audit, '类不能为空');
      await type(input(audit, 'mail-flowable-execution-listeners-0-value'), 'org.example.Audit2');
      // a new extension property
      const props = await group('flowable-properties', '扩展属性');
      await props.locator('.bio-properties-panel-add-entry').first().click();
      await props.locator('[data-entry-id="mail-flowable-properties-0"]').waitFor({ state: 'attached' });
      await group('flowable-properties', '扩展属性');
      const fresh = props.locator('[data-entry-id="mail-flowable-properties-0"]');
      if (!((await fresh.getAttribute('class')) ?? '').split(' ').includes('open')) await fresh.locator('.bio-properties-panel-collapsible-entry-header').first().click();
      const added = g.locator('[id="bio-properties-panel-mail-flowable-properties-0-name"]');
      await added.waitFor();
      await type(added, 'sla');
      await type(g.locator('[id="bio-properties-panel-mail-flowable-properties-0-value"]'), 'P2D');

      // the call activity: called element version binding, in/out mappings
      await pick('sub', '子流程');
      const called = await group('flowable-called-element', '被调用元素');
      expect((await input(called, 'flowable-call-version').inputValue()) === '2', 'the called version');
      await type(input(called, 'flowable-call-version'), '');
      await error(called, '必须提供一个值');
      await type(input(called, 'flowable-call-version'), '3');
      const ins = await group('flowable-mapping-in', '输入变量映射');
      const days = await item(ins, 'days');
      await type(input(days, 'sub-flowable-mapping-in-0-target'), '');
      await error(days, '映射必须有目标');
      await type(input(days, 'sub-flowable-mapping-in-0-target'), 'leaveDays');
      await screenshot(p, 'designer-08c-generic-call-activity');

      // form fields of the start event: an id is required and unique in the form (seed §5.1)
      await pick('start', 'start');
      for (const i of [0, 1]) {
        const forms = await group('flowable-form-fields', '表单字段');
        await forms.locator('.bio-properties-panel-add-entry').first().click();
        await forms.locator(`[data-entry-id="start-flowable-form-fields-${i}"]`).waitFor({ state: 'attached' });
        await group('flowable-form-fields', '表单字段');
        const fresh = forms.locator(`[data-entry-id="start-flowable-form-fields-${i}"]`);
        if (!((await fresh.getAttribute('class')) ?? '').split(' ').includes('open')) await fresh.locator('.bio-properties-panel-collapsible-entry-header').first().click();
        await type(input(fresh, `start-flowable-form-fields-${i}-id`), '');
        await error(fresh, '表单字段编号不能为空');
        await type(input(fresh, `start-flowable-form-fields-${i}-id`), 'days');
        if (i === 1) {
          await error(fresh, '表单字段编号已被使用。');
          await type(input(fresh, `start-flowable-form-fields-${i}-id`), 'reason');
        }
      }
      await screenshot(p, 'designer-08d-generic-form-fields');

      // saved, the model holds every edit and everything it was opened with
      await p.locator('[data-action="designer-save"]').click();
      await ctx.portal.toast(p, '保存成功');
      const models = await api(p, 'GET', '/flowable/model/list?filterText=e2e_generic');
      const model = models.json.records.find((m) => m.key === 'e2e_generic');
      const saved = (await api(p, 'GET', `/flowable/model/getBpmnXml?id=${model.id}`)).body;
      for (const needle of [
        '<flowable:connectorId>mail-connector</flowable:connectorId>',
        '<flowable:inputParameter name="body">',
        '<flowable:script scriptFormat="groovy">days * 2</flowable:script>',
        'flowable:expression="${notifier.send(execution)}"',
        '<flowable:string>boss@example.com</flowable:string>',
        '<flowable:expression>${title}</flowable:expression>',
        'class="org.example.Audit2"',
        '<flowable:property name="sla" value="P2D"',
        '<flowable:property name="owner" value="hr"',
        'flowable:calledElementVersion="3"',
        '<flowable:in source="days" target="leaveDays"',
        '<flowable:out sourceExpression="${approved}" target="approved"',
        'businessKey="${execution.processBusinessKey}"',
        'flowable:failedJobRetryTimeCycle="R3/PT5M"',
        '<flowable:inputParameter name="result">${approved}</flowable:inputParameter>',
        '<flowable:formProperty id="days" type="string"',
        '<flowable:formProperty id="reason" type="string"',
      ]) expect(saved.includes(needle), `the saved XML carries ${needle}`);
      expect(!saved.includes('flowable:class="org.example.Notify"'), 'the class went with the switch to an expression');
      await leaveGenericPanel(p, model.id);
    },
  },
  {
    name: 'designer: the generic panel shows the tabs an element has, searches its groups, and a timer\'s job priority set there is saved and read back',
    run: async (ctx) => {
      const p = await page(ctx);
      const key = `e2e_tabs_${sfx}`;
      const scope = await open(ctx, p, LIST);
      await newModel(p, scope);
      await shape(p, 'start').waitFor({ timeout: 20000 });
      await p.locator('[data-designer-canvas] .djs-container > svg').click({ position: { x: 900, y: 600 } });
      await p.locator('.loom-product-panel .loom-section-startable').waitFor();
      await basic(p, 'id', key);
      await basic(p, 'name', `e2e页签${sfx}`);
      const task = await drop(p, 'create.user-task', 380, 218);
      const timer = await drop(p, 'create.timer-catch-event', 560, 218);
      await p.locator('[data-action="designer-panel-toggle"] .ant-segmented-item').nth(1).click();
      const g = p.locator('[data-generic-panel]');
      await g.waitFor();
      const pick = async (id, type) => {
        await p.keyboard.press('Escape');
        let polls = 0;
        await eventually(async () => {
          if ((await g.locator('.bio-properties-panel-header-type').textContent()) === type) return true;
          // a click that lands while the canvas or a popover is still settling selects nothing: click again
          if (polls++ % 10 === 0) {
            const box = await shape(p, id).locator('.djs-visual > *').first().boundingBox();
            await p.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
          }
          return false;
        }, `the generic panel shows ${id} (${type})`, 20000);
      };
      const tabs = () => g.locator('[data-generic-tab]').evaluateAll((els) => els.map((e) => e.textContent));
      const groups = () => g.locator('[data-group-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-group-id')));
      // a user task: its tabs in Chinese, no Connector (not a connector) and no Variables (not a call activity)
      await pick(task, '用户任务');
      await eventually(async () => JSON.stringify(await tabs()) === JSON.stringify(['常规', '表单', '监听器', '输入/输出', '按钮设置', '扩展']), `the user task's tabs: ${await tabs()}`);
      // the listeners tab, then the search: only what matches stays
      await g.locator('[data-generic-tab="listeners"]').click();
      await eventually(async () => (await groups()).includes('group-flowable-task-listeners') && !(await groups()).includes('group-general'), 'the Listeners tab shows listeners only');
      await g.locator('[data-generic-tab="general"]').click();
      const search = g.locator('.ant-input-search input');
      await search.fill('分配');
      await eventually(async () => JSON.stringify(await groups()) === JSON.stringify(['group-flowable-assignment']), `the search keeps 用户分配 only: ${await groups()}`);
      await screenshot(p, 'designer-08e-generic-search');
      await search.fill('');
      await eventually(async () => (await groups()).includes('group-general'), 'an empty search shows every group');
      // the timer event: Job Configuration (seed §2.2), its job priority set
      await pick(timer, '定时中间捕获事件');
      await eventually(async () => !(await tabs()).includes('按钮设置'), 'the timer has no Buttons tab');
      const job = g.locator('[data-group-id="group-flowable-job"]');
      const header = job.locator('.bio-properties-panel-group-header');
      expect(((await header.textContent()) ?? '').includes('作业配置'), 'the Job Configuration group speaks Chinese');
      await header.locator('.bio-properties-panel-group-header-title').click();
      const priority = job.locator('[id="bio-properties-panel-flowable-job-jobPriority"]');
      await priority.fill('7');
      await p.waitForTimeout(400); // the panel's 300 ms input debounce
      await job.locator('[id="bio-properties-panel-flowable-job-failedJobRetryTimeCycle"]').fill('R3/PT10M');
      await p.waitForTimeout(400);
      await screenshot(p, 'designer-08f-generic-job');
      await p.locator('[data-action="designer-save"]').click();
      await ctx.portal.toast(p, '保存成功');
      await p.locator('.loom-designer-dialog .ant-modal-close').click();
      const models = await api(p, 'GET', `/flowable/model/list?filterText=${key}`);
      const model = models.json.records.find((m) => m.key === key);
      const saved = (await api(p, 'GET', `/flowable/model/getBpmnXml?id=${model.id}`)).body;
      expect(saved.includes('flowable:jobPriority="7"') && saved.includes('flowable:failedJobRetryTimeCycle="R3/PT10M"'), 'the saved XML carries the job configuration');
      // reopened, the generic panel shows it
      const list = await open(ctx, p, LIST);
      await list.locator('.ant-table-row', { hasText: key }).first().locator('a', { hasText: key }).click();
      await shape(p, timer).waitFor({ timeout: 20000 });
      if (!(await g.isVisible())) await p.locator('[data-action="designer-panel-toggle"] .ant-segmented-item').nth(1).click();
      await g.waitFor();
      await pick(timer, '定时中间捕获事件');
      const again = g.locator('[data-group-id="group-flowable-job"]');
      if (!(((await again.locator('.bio-properties-panel-group-header').getAttribute('class')) ?? '').split(' ').includes('open'))) {
        await again.locator('.bio-properties-panel-group-header-title').click();
      }
      await eventually(async () => (await again.locator('[id="bio-properties-panel-flowable-job-jobPriority"]').inputValue()) === '7', 'the job priority is read back');
      await leaveGenericPanel(p, model.id);
    },
  },
  {
    name: 'designer: an instance run through the API shows its chart blue where it went and red where it waits',
    run: async (ctx) => {
      const p = await page(ctx);
      const title = `e2e请假单${sfx}`;
      const started = await api(p, 'POST', `/flowable/task/start?procDefKey=${KEY}&title=${encodeURIComponent(title)}&days=5`);
      expect(started.status === 200, `started: ${started.body.slice(0, 300)}`);
      const { task } = ctx.shared.ids;
      const scope = await open(ctx, p, '/flowable/process/RunningList');
      const row = scope.locator('.ant-table-row', { hasText: title }).first();
      await row.waitFor({ timeout: 15000 });
      await row.locator('[data-row-action="chart"]').click();
      const dialog = p.locator('.loom-flow-chart-dialog');
      await dialog.locator(`.djs-element[data-element-id="${task}"]`).waitFor({ timeout: 20000 });
      // (the dialog zooms in: measure once it has settled)
      await eventually(async () => Math.abs((await dialog.locator('.ant-modal-content').boundingBox()).width - 1500) < 12, 'the preview is 1500px wide');
      const stroke = (id) => dialog.locator(`.djs-element[data-element-id="${id}"] .djs-visual > :first-child`).first().evaluate((el) => getComputedStyle(el).stroke);
      await eventually(async () => (await stroke(task)) === 'rgb(255, 77, 79)', 'the waiting task is red');
      expect((await stroke('start')) === 'rgb(22, 119, 255)', 'the start event is blue');
      const flow = await dialog.locator('.djs-connection.loom-flow-visited').count();
      expect(flow >= 1, 'the taken flow is marked');
      await screenshot(p, 'designer-09-chart');
    },
  },
  {
    name: 'designer: a process drawn with a dynamic start form is published, started from 发起流程 with the form rendered, and waits in 待办',
    run: async (ctx) => {
      const p = await page(ctx);
      const key = `e2e_dyform_${sfx}`;
      const name = `e2e表单请假${sfx}`;
      const formName = `e2e设计器表单${sfx}`;
      const title = `e2e表单发起${sfx}`;
      // a form designed in the forms area (its first version is published)
      const form = {
        list: [
          { type: 'number', key: 'kdays', model: 'days', name: '请假天数', options: { required: true, requiredMessage: '请假天数不能为空', min: 0, max: 30 }, rules: [] },
          { type: 'input', key: 'kreason', model: 'reason', name: '请假事由', options: {}, rules: [] },
        ],
        config: { labelWidth: 100, labelPosition: 'right', size: 'small', ui: 'antd', layout: 'horizontal', labelCol: 3 },
      };
      const made = await api(p, 'POST', '/extension/formDefinition/save', { name: formName, json: JSON.stringify(form) });
      expect(made.status === 200, `the form is saved: ${made.body.slice(0, 200)}`);
      // draw start → 审批 → end
      const scope = await open(ctx, p, LIST);
      await newModel(p, scope);
      await shape(p, 'start').waitFor({ timeout: 20000 });
      await p.locator('[data-designer-canvas] .djs-container > svg').click({ position: { x: 900, y: 600 } });
      await p.locator('.loom-product-panel .loom-section-startable').waitFor();
      await basic(p, 'id', key);
      await basic(p, 'name', name);
      const task = await drop(p, 'create.user-task', 380, 218);
      const end = await drop(p, 'create.end-event', 560, 218);
      await connect(p, 'start', task);
      await connect(p, task, end);
      // the dynamic form on the start event and on the task, picked in the 500px dialog
      for (const id of ['start', task]) {
        await select(p, id);
        await section(p, 'form').locator('[data-field="form-type"] input[value="1"]').check();
        await section(p, 'form').locator('[data-action="form-add"]').click();
        const picker = p.locator('.ant-modal', { hasText: formName }).last();
        await tick(picker.locator('.ant-table-row', { hasText: formName }).locator('.ant-radio-input'), 'the form is chosen');
        await picker.locator('.ant-modal-footer .ant-btn-primary').click();
        await section(p, 'form').locator('.ant-table-row', { hasText: formName }).waitFor();
      }
      await basic(p, 'name', '审批');
      await section(p, 'reviewer').locator('[data-action="assign-people"]').click();
      await p.locator('.loom-assign-dialog [data-action="reviewer-add"]').click();
      await choose(p, p.locator('.loom-assign-dialog .loom-reviewer-type').first(), '发起人');
      await p.locator('.loom-assign-dialog .ant-modal-footer .ant-btn-primary').click();
      await section(p, 'buttons').locator('[data-action="button-choose"]').click();
      const pk = p.locator('.loom-grid-picker').last();
      await tick(pk.locator('.ant-table-row', { hasText: '同意' }).first().locator('.ant-checkbox-input'), '同意 is ticked');
      await pk.locator('[data-action="confirm"]').click();
      await screenshot(p, 'designer-12-dynamic-form');
      // save and publish
      await publish(p);
      await eventually(async () => (await api(p, 'GET', `/flowable/process/list?name=${encodeURIComponent(name)}`)).json?.records?.some((d) => d.key === key), 'the process is published', 20000);
      await p.locator('.loom-designer-dialog .ant-modal-close').click();
      // 发起流程: the start form is the designed one
      const start = await open(ctx, p, '/flowable/task/ProcessList');
      await start.locator(`.loom-start-card[data-process="${key}"]`).click();
      const dlg = p.locator('.loom-start-dialog');
      const rendered = dlg.locator('.loom-dynamic-form');
      await rendered.locator('[data-model="days"]').waitFor({ timeout: 15000 });
      expect(((await rendered.textContent()) ?? '').includes('请假事由'), 'the form shows its fields');
      await dlg.locator('#title').fill(title);
      await dlg.locator('[data-action="start-submit"]').click();
      await rendered.locator('.ant-form-item-explain-error', { hasText: '请假天数不能为空' }).waitFor();
      await rendered.locator('[data-model="days"] input').fill('4');
      await rendered.locator('[data-model="reason"] input').fill('回老家');
      await screenshot(p, 'designer-13-start-form');
      await dlg.locator('[data-action="start-submit"]').click();
      await ctx.portal.toast(p, '流程已发起');
      // 待办: the initiator reviews his own request
      const todo = await open(ctx, p, '/flowable/task/TodoList');
      await todo.locator('.ant-table-row', { hasText: title }).first().waitFor({ timeout: 15000 });
      await screenshot(p, 'designer-14-todo');
      const mine = await api(p, 'GET', `/flowable/task/todo?current=1&size=20&title=${encodeURIComponent(title)}`);
      const row = (mine.json?.records ?? []).find((r) => JSON.stringify(r).includes(title));
      expect(row && JSON.stringify(row).includes('审批'), `the task 审批 waits: ${mine.body.slice(0, 300)}`);
      // 流程定义 deletes this version with its instance; the model stays for the next publish
      const defs = await definitions(ctx, p, name);
      const defRow = defs.locator('.ant-table-row', { hasText: name }).first();
      await defRow.waitFor({ timeout: 20000 });
      await defRow.locator('[data-row-action="delete"]').click();
      await p.locator('.ant-popover:not(.ant-popover-hidden)', { hasText: '确定删除该流程定义的版本v1及其所有实例吗' }).locator('.ant-btn-primary').click();
      await ctx.portal.toast(p, '已删除1个流程定义版本及其流程实例');
      await eventually(async () => (await defs.locator('.ant-table-row', { hasText: name }).count()) === 0, 'the definition is gone');
      const left = await api(p, 'GET', `/flowable/model/list?filterText=${key}`);
      expect(left.json?.records?.some((m) => m.key === key), 'the model is kept');
      const gone = await api(p, 'GET', `/flowable/task/todo?current=1&size=20&title=${encodeURIComponent(title)}`);
      expect(!(gone.json?.records ?? []).some((r) => JSON.stringify(r).includes(title)), 'its task went with it');
    },
  },
  {
    name: 'designer admin: a process category filters the model list; a common button refuses a preset code',
    run: async (ctx) => {
      const p = await page(ctx);
      const cat = `e2e分类${sfx}`;
      const cats = await open(ctx, p, '/flowable/extension/ActCategoryList');
      await cats.locator('[data-action="add"]').click();
      const dlg = ctx.portal.modal(p);
      await dlg.locator('[id="name"]').fill(cat);
      await dlg.locator('[data-action="confirm"]').click();
      await ctx.portal.toast(p, `保存流程分类'${cat}'成功`);
      await cats.locator('.ant-table-row', { hasText: cat }).first().waitFor();
      // the model list's tree offers it; choosing it filters the list (our leave model is not in it)
      const models = await open(ctx, p, LIST);
      await models.locator(`.loom-category-tree [data-category="${cat}"]`).click();
      await eventually(async () => (await models.locator('.ant-table-row', { hasText: KEY }).count()) === 0, 'the list is filtered by the category');
      await screenshot(p, 'designer-10-category');
      // 常用按钮: a system preset code is refused with the seed's message
      const buttons = await open(ctx, p, '/flowable/extension/ButtonList');
      await buttons.locator('[data-action="add"]').click();
      const bd = ctx.portal.modal(p);
      await bd.locator('[id="name"]').fill(`加急${sfx}`);
      await bd.locator('[id="code"]').fill('_flow_agree');
      await bd.locator('[id="code"]').blur();
      await bd.locator('[data-action="confirm"]').click();
      await bd.locator('.ant-form-item-explain-error', { hasText: '请勿使用系统预设编码!' }).waitFor();
      await screenshot(p, 'designer-11-button-code');
      await bd.locator('[data-action="close"]').click();
    },
  },
];
