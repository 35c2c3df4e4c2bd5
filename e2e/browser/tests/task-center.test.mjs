// The task center through the gateway, each step as a different real user: an employee starts a
// leave from 发起流程 (a validation error first), the manager finds it on the home page, sends it
// back to the employee with a custom button, the employee resubmits, the manager agrees, three
// board members countersign at 60 % and the last task disappears, and the employee sees the
// finished request in 我发起的 with its history and chart. Then transfer, delegate, add-sign,
// revoke, stop, 减签, 打印, 保存 with the form history (修改记录), a copy (抄送), a user without the task
// refused, and one pass in English. The organisation and the process are made through the API in the
// setup; everyone holds sys's seeded employee role (the task center only: no user administration, no
// form designer), the board members a board role on top.
import { eventually, expect, screenshot, tick } from '../lib/harness.mjs';
import { flow, nodeExtension } from '../lib/api.mjs';
import { adminApi, adminPage, openPage as open, openTodo, switchLanguage, userPage } from '../lib/session.mjs';

const sfx = Date.now().toString(36);
const KEY = `tc_leave_${sfx}`;
const NAME = `请假${sfx}`;
const CATEGORY = `任务中心${sfx}`;
const PASSWORD = 'e2e-task-center-1';

// nickname -> display name
const PEOPLE = {
  emp: '张员工',
  mgr: '李经理',
  b1: '董事甲',
  b2: '董事乙',
  b3: '董事丙',
  tom: '汤姆',
  out: '外人',
};

// start -> 部门经理审批 -> (退回修改: 调整申请 -> 部门经理审批) | (days > 3: 董事会签 60 %) | end
const XML =
  '<?xml version="1.0" encoding="UTF-8"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" ' +
  'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn" ' +
  'xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" ' +
  'xmlns:di="http://www.omg.org/spec/DD/20100524/DI" targetNamespace="http://loom/e2e">' +
  `<process id="${KEY}" name="${NAME}" isExecutable="true">` +
  '<startEvent id="start" name="开始" flowable:initiator="applyUserId"/>' +
  '<userTask id="dept" name="部门经理审批"/>' +
  '<exclusiveGateway id="gw" name="判断"/>' +
  '<userTask id="modify" name="调整申请" flowable:assignee="${applyUserId}"/>' +
  '<userTask id="board" name="董事会签" flowable:assignee="${assignee}">' +
  '<multiInstanceLoopCharacteristics isSequential="false" flowable:collection="${multiInstanceHandler.getList(execution)}" flowable:elementVariable="assignee">' +
  '<completionCondition>${nrOfCompletedInstances/nrOfInstances >= 0.6}</completionCondition></multiInstanceLoopCharacteristics></userTask>' +
  '<endEvent id="end" name="结束"/>' +
  flow('f1', 'start', 'dept') +
  flow('f2', 'dept', 'gw') +
  flow('f_back', 'gw', 'modify', '${reapply}') +
  flow('f_re', 'modify', 'dept') +
  flow('f_long', 'gw', 'board', '${!reapply && days > 3}') +
  flow('f_short', 'gw', 'end', '${!reapply && days <= 3}') +
  flow('f_board', 'board', 'end') +
  '</process>' +
  '<bpmndi:BPMNDiagram id="d"><bpmndi:BPMNPlane id="p" bpmnElement="' + KEY + '">' +
  shape('start', 60, 120, 36, 36) +
  shape('dept', 150, 98, 100, 80) +
  shape('gw', 300, 113, 50, 50) +
  shape('modify', 275, 230, 100, 80) +
  shape('board', 400, 98, 100, 80) +
  shape('end', 560, 120, 36, 36) +
  edge('f1', [96, 138], [150, 138]) +
  edge('f2', [250, 138], [300, 138]) +
  edge('f_back', [325, 163], [325, 230]) +
  edge('f_re', [275, 270], [200, 270], [200, 178]) +
  edge('f_long', [350, 138], [400, 138]) +
  edge('f_short', [325, 113], [325, 60], [578, 60], [578, 120]) +
  edge('f_board', [500, 138], [560, 138]) +
  '</bpmndi:BPMNPlane></bpmndi:BPMNDiagram></definitions>';

function shape(id, x, y, w, h) {
  return `<bpmndi:BPMNShape id="${id}_di" bpmnElement="${id}"><dc:Bounds x="${x}" y="${y}" width="${w}" height="${h}"/></bpmndi:BPMNShape>`;
}
function edge(id, ...points) {
  return `<bpmndi:BPMNEdge id="${id}_di" bpmnElement="${id}">${points.map(([x, y]) => `<di:waypoint x="${x}" y="${y}"/>`).join('')}</bpmndi:BPMNEdge>`;
}

const BUTTONS = {
  dept: [
    ['_flow_agree', '同意'],
    ['reapply', '退回修改'],
    ['_flow_back', '驳回'],
    ['_flow_transfer', '转办'],
    ['_flow_delegate', '委派'],
    ['_flow_stop', '终止'],
    ['_flow_print', '打印'],
  ],
  modify: [['_flow_agree', '提交']],
  board: [
    ['_flow_agree', '同意'],
    ['_flow_add_multi_instance', '加签'],
    ['_flow_del_multi_instance', '减签'],
  ],
};

// ------------------------------------------------------------------ API (setup and checks)

/** Makes the organisation, the roles and the process once; answers the people by nickname. */
async function world(ctx) {
  if (ctx.shared.taskWorld) return ctx.shared.taskWorld;
  const api = await adminApi(ctx);
  const company = await api.office(`任务中心公司${sfx}`, '1');
  const dept = await api.office(`任务中心部${sfx}`, '2', company);
  const staff = (await api.get('/sys/role/list', { enName: 'employee' })).records[0].id;
  const board = await api.role(`董事会${sfx}`, `tc_board_${sfx}`);
  const people = {};
  for (const [nick, name] of Object.entries(PEOPLE)) {
    const roleIdList = nick.startsWith('b') ? [staff, board] : [staff];
    people[nick] = await api.user({ loginName: `tc-${sfx}-${nick}`, name, password: PASSWORD, company, dept, roleIdList });
  }
  // design, configure and deploy the process as the designer does
  const node = (taskDefId, assignees) => nodeExtension(KEY, taskDefId, assignees, BUTTONS[taskDefId]);
  const nodes = [node('dept', [['user', people.mgr.id]]), node('modify', [['applyUserId', '']]), node('board', [['role', board]])];
  await api.deployModel({ key: KEY, name: NAME, xml: XML, nodes, category: CATEGORY });
  ctx.shared.taskWorld = { api, people };
  return ctx.shared.taskWorld;
}

const FORM_KEY = `tc_form_${sfx}`;
const FORM_NAME = `表单请假${sfx}`;
const LEAVE_FORM = {
  list: [
    { type: 'number', key: 'kdays', model: 'days', name: '请假天数', options: { required: true, requiredMessage: '请假天数不能为空', min: 0, max: 30 }, rules: [] },
    { type: 'input', key: 'kreason', model: 'reason', name: '请假事由', options: { required: true }, rules: [] },
    { type: 'textarea', key: 'kopinion', model: 'opinion', name: '经理意见', options: {}, rules: [] },
  ],
  config: { labelWidth: 100, labelPosition: 'right', size: 'small', ui: 'antd', layout: 'horizontal', labelCol: 3 },
};

/** A leave process whose start and manager step carry a dynamic form; the manager may write only his opinion. */
async function formWorld(ctx) {
  const w = await world(ctx);
  if (w.form) return w.form;
  const { jsonId } = await w.api.formDefinition(FORM_NAME, LEAVE_FORM);
  const prop = (id, writable) => `<flowable:formProperty id="${id}" name="${id}" readable="true" writable="${writable}"/>`;
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" ' +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://loom/e2e">' +
    `<process id="${FORM_KEY}" name="${FORM_NAME}" isExecutable="true">` +
    `<startEvent id="start" name="开始" flowable:initiator="applyUserId" flowable:formKey="${jsonId}"/>` +
    `<userTask id="dept" name="部门经理审批" flowable:formKey="${jsonId}"><extensionElements>${prop('days', 'false')}${prop('reason', 'false')}${prop('opinion', 'true')}</extensionElements></userTask>` +
    '<exclusiveGateway id="gw"/><userTask id="long" name="长假备案" flowable:assignee="${applyUserId}"/><endEvent id="end" name="结束"/>' +
    flow('f1', 'start', 'dept') + flow('f2', 'dept', 'gw') + flow('f3', 'gw', 'long', '${days > 3}') + flow('f4', 'gw', 'end', '${days <= 3}') + flow('f5', 'long', 'end') +
    '</process></definitions>';
  const buttons = [['_flow_agree', '同意'], ['_flow_save', '保存'], ['_flow_print', '打印']];
  const node = (taskDefId, assignees) => nodeExtension(FORM_KEY, taskDefId, assignees, buttons);
  const nodes = [node('dept', [['user', w.people.mgr.id]]), node('long', [['applyUserId', '']])];
  await w.api.deployModel({ key: FORM_KEY, name: FORM_NAME, xml, nodes, category: CATEGORY });
  w.form = { jsonId };
  return w.form;
}

/** Starts a leave as a person through the API (for the tests that are not about starting). */
async function startLeave(person, title, days) {
  return person.api.call('POST', '/flowable/task/start', { params: { procDefKey: KEY, title, vars: JSON.stringify({ days }) } });
}

// ------------------------------------------------------------------ browser

/** The person's signed-in page (one context per person), speaking the language asked. */
async function as(ctx, person, locale = 'zh-CN') {
  ctx.shared.page = await switchLanguage(await userPage(ctx, `tc-page-${person.loginName}`, person.loginName, PASSWORD), locale);
  return ctx.shared.page;
}

async function pickUser(page, scope, person) {
  await scope.locator('[data-action="pick-user"]').first().click();
  const picker = page.locator('.loom-user-picker');
  await picker.locator('input[placeholder="登录名"], input[placeholder="Login name"]').fill(person.loginName);
  await picker.locator('input[placeholder="登录名"], input[placeholder="Login name"]').press('Enter');
  const row = picker.locator('.ant-table-row', { hasText: person.loginName });
  await row.waitFor({ timeout: 10000 });
  await tick(row.locator('.ant-checkbox-input, .ant-radio-input').first(), 'the user is chosen');
  await picker.locator('[data-action="confirm"]').click();
  await picker.waitFor({ state: 'hidden' });
  await scope.locator('.loom-picker-user .ant-tag', { hasText: person.name }).waitFor();
}

async function dialogOk(page) {
  await page.locator('.loom-task-action-dialog [data-action="dialog-ok"]').click();
}

export default [
  {
    name: 'task center: a leave goes from the start page through send-back, resubmission and a 60 % countersign to 我发起的',
    run: async (ctx) => {
      const { people } = await world(ctx);
      const title = `年假申请${sfx}`;
      // the employee starts it from 发起流程: the card of the process under its category
      let page = await as(ctx, people.emp);
      const start = await open(ctx, page, '/flowable/task/ProcessList');
      const card = start.locator(`.loom-start-card[data-process="${KEY}"]`);
      await card.waitFor({ timeout: 15000 });
      expect((await start.locator(`.loom-start-category[data-category="任务中心${sfx}"]`).count()) === 1, 'the card sits under its category');
      await start.locator('[data-field="start-search"] input, input[data-field="start-search"]').first().fill(sfx);
      await card.click();
      const dlg = page.locator('.loom-start-dialog');
      await dlg.locator('#title').fill('');
      await dlg.locator('[data-action="start-submit"]').click();
      await dlg.locator('.ant-form-item-explain-error', { hasText: '流程标题不能为空' }).waitFor();
      await screenshot(page, 'task-01-start-validation');
      await dlg.locator('#title').fill(title);
      await dlg.locator('[data-action="add-var"]').click();
      await dlg.locator('[data-var-name="0"]').fill('days');
      await dlg.locator('[data-var-value="0"]').fill('5');
      await dlg.locator('[data-action="start-submit"]').click();
      await ctx.portal.toast(page, '流程已发起');
      const mine = page.locator('[data-page="/flowable/task/ApplyList"]');
      await mine.locator('.ant-table-row', { hasText: title }).waitFor({ timeout: 15000 });
      const pid = await eventually(async () => (await people.emp.api.get('/flowable/task/myApplyed', { title })).records[0]?.id, 'the instance is listed');

      // the manager sees it on the home page and opens it from there
      page = await as(ctx, people.mgr);
      await page.goto(ctx.base + '/');
      const home = page.locator('.loom-task-home');
      await home.locator(`[data-count="todo"] .ant-statistic-content-value`).waitFor({ timeout: 20000 });
      const item = home.locator('[data-home-todo]', { hasText: title });
      await item.waitFor({ timeout: 15000 });
      await screenshot(page, 'task-02-manager-home');
      await item.locator('a').click();
      let task = page.locator('[data-page="/flowable/task/TaskForm"] .loom-task-page');
      await task.locator('.loom-task-buttons button').first().waitFor({ timeout: 15000 });
      // the employee's values are shown read-only; the comment is his to write
      await task.locator('.loom-process-data [data-var="days"]', { hasText: '5' }).waitFor();
      expect((await task.locator('.loom-process-data input').count()) === 0, 'the form data is read-only');
      const order = await task.locator('.loom-task-buttons button').allInnerTexts();
      expect(order.map((s) => s.replace(/\s/g, '')).join(',') === '同意,退回修改,驳回,转办,委派,终止,打印', `buttons in sort order: ${order}`);
      await task.locator('[data-field="comment"]').fill('请补充交接安排');
      await screenshot(page, 'task-03-manager-task');
      await task.locator('[data-button="reapply"]').click();
      await ctx.portal.toast(page, '提交成功');

      // the employee resubmits from 待办
      page = await as(ctx, people.emp);
      task = await openTodo(ctx, page, title);
      await task.locator('.ant-tabs-tab', { hasText: '流转记录' }).click();
      await task.locator('.loom-history-step[data-step="dept"]', { hasText: '请补充交接安排' }).waitFor();
      await task.locator('.ant-tabs-tab', { hasText: '表单信息' }).click();
      await task.locator('[data-field="comment"]').fill('已补充');
      await task.locator('[data-button="_flow_agree"]').click();
      await ctx.portal.toast(page, '提交成功');

      // the manager agrees; five days go to the board
      page = await as(ctx, people.mgr);
      task = await openTodo(ctx, page, title);
      await task.locator('[data-button="_flow_agree"]').click();
      await ctx.portal.toast(page, '提交成功');
      for (const b of ['b1', 'b2', 'b3']) await eventually(async () => (await people[b].api.todoOf(pid)).length === 1, `${b} has a countersign task`);

      // two of three board members agree: 67 % >= 60 %, the third task disappears
      for (const b of ['b1', 'b2']) {
        page = await as(ctx, people[b]);
        task = await openTodo(ctx, page, title);
        await task.locator('[data-button="_flow_agree"]').click();
        await ctx.portal.toast(page, '提交成功');
      }
      await eventually(async () => (await people.b3.api.todoOf(pid)).length === 0, 'the last countersign task is gone');
      page = await as(ctx, people.b3);
      const todo = await open(ctx, page, '/flowable/task/TodoList');
      await todo.locator('.ant-table').first().waitFor();
      expect((await todo.locator('.ant-table-row', { hasText: title }).count()) === 0, 'b3 no longer sees it');

      // the employee sees the finished request with its history and chart
      page = await as(ctx, people.emp);
      const apply = await open(ctx, page, '/flowable/task/ApplyList');
      const row = apply.locator('.ant-table-row', { hasText: title });
      await row.locator('[data-instance-status="已结束"]').waitFor({ timeout: 15000 });
      await row.locator('[data-instance]').click();
      const detail = page.locator('[data-page="/flowable/task/TaskFormDetail"] .loom-task-detail');
      await detail.locator('.ant-tabs-tab', { hasText: '流转记录' }).click();
      const steps = detail.locator('.loom-history-step');
      await steps.first().waitFor();
      const statuses = await steps.evaluateAll((els) => els.map((e) => `${e.getAttribute('data-step')}:${e.getAttribute('data-status')}`));
      for (const s of ['start:启动流程', 'dept:退回修改', 'modify:提交', 'dept:同意', 'board:同意', 'end:结束流程'])
        expect(statuses.includes(s), `history has ${s}: ${statuses}`);
      await screenshot(page, 'task-04-history');
      await detail.locator('.ant-tabs-tab', { hasText: '流程图' }).click();
      const chart = detail.locator('.djs-container svg');
      await chart.first().waitFor({ timeout: 15000 });
      // visited nodes and taken flows blue; the end reached is blue, not red; the short branch untouched
      const marked = async (id) => detail.locator(`.djs-element[data-element-id="${id}"]`).first().getAttribute('class');
      await eventually(async () => (await marked('end'))?.includes('loom-flow-visited'), 'the end is marked visited');
      for (const id of ['start', 'dept', 'modify', 'board', 'f1', 'f_back', 'f_re', 'f_long', 'f_board'])
        expect((await marked(id))?.includes('loom-flow-visited'), `${id} is blue`);
      expect(!(await marked('end')).includes('loom-flow-current'), 'a finished process has no red node');
      expect(!(await marked('f_short')).includes('loom-flow-visited'), 'the branch not taken stays plain');
      await screenshot(page, 'task-05-chart');
    },
  },
  {
    name: 'task center: a dynamic form: refused empty, then started; the manager sees the employee\'s fields read-only and writes only his opinion',
    run: async (ctx) => {
      const { people } = await world(ctx);
      await formWorld(ctx);
      const title = `表单年假${sfx}`;
      let page = await as(ctx, people.emp);
      const start = await open(ctx, page, '/flowable/task/ProcessList');
      await start.locator(`.loom-start-card[data-process="${FORM_KEY}"]`).click();
      const dlg = page.locator('.loom-start-dialog');
      const form = dlg.locator('.loom-dynamic-form');
      await form.locator('[data-model="days"]').waitFor({ timeout: 15000 });
      await dlg.locator('#title').fill(title);
      await dlg.locator('[data-action="start-submit"]').click();
      await form.locator('.ant-form-item-explain-error', { hasText: '请假天数不能为空' }).waitFor();
      await screenshot(page, 'task-09-dynamic-start-invalid');
      await form.locator('[data-model="days"] input').fill('5');
      await form.locator('[data-model="reason"] input').fill('回老家');
      await dlg.locator('[data-action="start-submit"]').click();
      await ctx.portal.toast(page, '流程已发起');
      const pid = await eventually(async () => (await people.emp.api.get('/flowable/task/myApplyed', { title })).records[0]?.id, 'the instance is listed');

      page = await as(ctx, people.mgr);
      const task = await openTodo(ctx, page, title);
      const fields = task.locator('.loom-dynamic-form');
      await fields.locator('[data-model="days"] input').waitFor();
      await eventually(async () => (await fields.locator('[data-model="days"] input').inputValue()) === '5', 'the stored days are shown');
      await eventually(async () => await fields.locator('[data-model="days"] input').isDisabled(), 'days is read-only at this node');
      expect(await fields.locator('[data-model="reason"] input').isDisabled(), 'reason is read-only at this node');
      expect(!(await fields.locator('[data-model="opinion"] textarea').isDisabled()), 'the opinion is writable');
      await fields.locator('[data-model="opinion"] textarea').fill('同意，注意交接');
      await screenshot(page, 'task-10-dynamic-manager');
      await task.locator('[data-button="_flow_agree"]').click();
      await ctx.portal.toast(page, '提交成功');
      // the days from the form decided the gateway: more than 3 goes to 长假备案 with the employee
      await eventually(async () => (await people.emp.api.todoOf(pid)).some((r) => r.task.name === '长假备案'), 'days > 3 took the long branch');
    },
  },
  {
    name: 'task center: the manager transfers a task; it leaves his list and lands in the other user\'s',
    run: async (ctx) => {
      const { people } = await world(ctx);
      const title = `转办${sfx}`;
      const pid = await startLeave(people.emp, title, 2);
      const page = await as(ctx, people.mgr);
      const task = await openTodo(ctx, page, title);
      await task.locator('[data-button="_flow_transfer"]').click();
      const dlg = page.locator('.loom-task-action-dialog');
      await pickUser(page, dlg, people.tom);
      await dialogOk(page);
      await ctx.portal.toast(page, '转办成功');
      await eventually(async () => (await people.mgr.api.todoOf(pid)).length === 0, 'gone from the manager');
      const rows = await people.tom.api.todoOf(pid);
      expect(rows.length === 1 && rows[0].status === 'todo', 'tom has it to handle');
    },
  },
  {
    name: 'task center: a delegated task comes back to its owner once the delegate handles it',
    run: async (ctx) => {
      const { people } = await world(ctx);
      const title = `委派${sfx}`;
      const pid = await startLeave(people.emp, title, 2);
      let page = await as(ctx, people.mgr);
      let task = await openTodo(ctx, page, title);
      await task.locator('[data-button="_flow_delegate"]').click();
      const dlg = page.locator('.loom-task-action-dialog');
      await pickUser(page, dlg, people.tom);
      await dialogOk(page);
      await ctx.portal.toast(page, '委派成功');
      page = await as(ctx, people.tom);
      // 待办 marks the delegated task with who delegated it
      const todo = await open(ctx, page, '/flowable/task/TodoList');
      await todo.locator('.ant-table-row', { hasText: title }).locator('[data-delegated]', { hasText: `${PEOPLE.mgr} 委派` }).waitFor({ timeout: 15000 });
      task = await openTodo(ctx, page, title);
      // the delegate is offered 办理 alone, and told the task goes back to its owner
      await task.locator('[data-role="delegated"]', { hasText: PEOPLE.mgr }).waitFor();
      const offered = await task.locator('.loom-task-buttons button').allInnerTexts();
      expect(offered.length === 1 && offered[0].replace(/\s/g, '') === '办理', `only 办理 is offered: ${offered}`);
      await task.locator('[data-field="comment"]').fill('已核实');
      await task.locator('[data-button="_flow_agree"]').click();
      await ctx.portal.toast(page, '提交成功');
      // resolved: the owner has it again, still open
      await eventually(async () => (await people.mgr.api.todoOf(pid)).length === 1, 'back with the manager');
      expect((await people.tom.api.todoOf(pid)).length === 0, 'gone from the delegate');
    },
  },
  {
    name: 'task center: a board member adds a signer to the countersign',
    run: async (ctx) => {
      const { people } = await world(ctx);
      const title = `加签${sfx}`;
      const pid = await startLeave(people.emp, title, 9);
      await people.mgr.api.agree(pid, { reapply: false });
      await eventually(async () => (await people.b1.api.todoOf(pid)).length === 1, 'b1 has a countersign task');
      const page = await as(ctx, people.b1);
      const task = await openTodo(ctx, page, title);
      await task.locator('[data-button="_flow_add_multi_instance"]').click();
      const dlg = page.locator('.loom-task-action-dialog');
      await pickUser(page, dlg, people.tom);
      await dialogOk(page);
      await ctx.portal.toast(page, '加签成功');
      await eventually(async () => (await people.tom.api.todoOf(pid)).length === 1, 'tom joins the countersign');
    },
  },
  {
    name: 'task center: a board member removes a signer from the countersign (减签); only that task disappears',
    run: async (ctx) => {
      const { people } = await world(ctx);
      const title = `减签${sfx}`;
      const pid = await startLeave(people.emp, title, 9);
      await people.mgr.api.agree(pid, { reapply: false });
      for (const b of ['b1', 'b2', 'b3']) await eventually(async () => (await people[b].api.todoOf(pid)).length === 1, `${b} has a countersign task`);
      const page = await as(ctx, people.b1);
      const task = await openTodo(ctx, page, title);
      await task.locator('[data-button="_flow_del_multi_instance"]').click();
      const dlg = page.locator('.loom-task-action-dialog');
      // the dialog offers the other signers still open at the node, and nobody else
      const signers = dlg.locator('[data-field="signers"] .ant-checkbox-wrapper');
      await signers.first().waitFor({ timeout: 15000 });
      expect(JSON.stringify((await signers.allInnerTexts()).map((x) => x.trim()).sort()) === JSON.stringify([PEOPLE.b2, PEOPLE.b3].sort()), 'the other signers are offered');
      await tick(signers.filter({ hasText: PEOPLE.b3 }).locator('input'), 'b3 is picked');
      await dlg.locator('textarea').fill('董事丙出差');
      await screenshot(page, 'task-14-del-sign');
      await dialogOk(page);
      await ctx.portal.toast(page, '减签成功');
      await eventually(async () => (await people.b3.api.todoOf(pid)).length === 0, 'b3 no longer signs');
      expect((await people.b2.api.todoOf(pid)).length === 1, 'b2 still signs');
      expect((await people.b1.api.todoOf(pid)).length === 1, 'b1 still signs');
      // the history says who removed b3 and why, in the platform's words
      const again = await openTodo(ctx, page, title);
      await again.locator('.ant-tabs-tab', { hasText: '流转记录' }).click();
      const step = again.locator('.loom-history-step[data-status="减签"]', { hasText: `办理人: ${PEOPLE.b3}` });
      await step.waitFor({ timeout: 15000 });
      const text = await step.innerText();
      expect(text.includes(PEOPLE.b1) && text.includes('董事丙出差') && !text.includes('Delete MI'), `the step names the remover and the reason: ${text}`);
    },
  },
  {
    name: 'task center: 打印 shows the form data, the comments and the history in a printable view',
    run: async (ctx) => {
      const { people } = await world(ctx);
      const title = `打印${sfx}`;
      const pid = await startLeave(people.emp, title, 2);
      await people.mgr.api.agree(pid, { reapply: true }, '请附病假条');
      await eventually(async () => (await people.emp.api.todoOf(pid)).length === 1, 'back with the employee');
      await people.emp.api.agree(pid, {}, '已附病假条');
      await eventually(async () => (await people.mgr.api.todoOf(pid)).length === 1, 'with the manager again');
      const page = await as(ctx, people.mgr);
      const task = await openTodo(ctx, page, title);
      await task.locator('[data-button="_flow_print"]').click();
      const print = page.locator('.loom-task-print .loom-print-area');
      await print.waitFor({ timeout: 10000 });
      await print.locator('h4', { hasText: title }).waitFor();
      await print.locator('.loom-process-data [data-var="days"]', { hasText: '2' }).waitFor();
      await print.locator('.loom-history-step[data-step="start"]', { hasText: PEOPLE.emp }).waitFor();
      await print.locator('.loom-history-step[data-step="dept"]', { hasText: '请附病假条' }).waitFor();
      await print.locator('.loom-history-step[data-step="modify"]', { hasText: '已附病假条' }).waitFor();
      await page.locator('.loom-task-print [data-action="do-print"]').waitFor();
      await screenshot(page, 'task-15-print');
      await page.locator('.loom-task-print .ant-modal-close').click();
      await print.waitFor({ state: 'hidden' });
      expect((await people.mgr.api.todoOf(pid)).length === 1, 'printing changes nothing');
    },
  },
  {
    name: 'task center: 保存 keeps the manager\'s opinion without completing; reopened it is there; 修改记录 names who changed which field',
    run: async (ctx) => {
      const { people } = await world(ctx);
      await formWorld(ctx);
      const title = `保存${sfx}`;
      const pid = await people.emp.api.call('POST', '/flowable/task/start', { params: { procDefKey: FORM_KEY, title, vars: JSON.stringify({ days: 2, reason: '看病' }) } });
      let page = await as(ctx, people.mgr);
      let task = await openTodo(ctx, page, title);
      // the tab and the window name the request, not the page's component
      await eventually(async () => (await page.locator('[data-tab="/flowable/task/TaskForm"]').innerText()) === `审批 - ${title}`, 'the tab names the request');
      expect((await page.title()) === `审批 - ${title} - Loom`, `the window title: ${await page.title()}`);
      const opinion = task.locator('.loom-dynamic-form [data-model="opinion"] textarea');
      await opinion.fill('草稿：再核实');
      await task.locator('[data-button="_flow_save"]').click();
      await ctx.portal.toast(page, '保存成功');
      expect((await people.mgr.api.todoOf(pid)).length === 1, 'saving does not complete the task');
      // reopened (a fresh page), the saved opinion is there
      await page.reload();
      task = page.locator('[data-page="/flowable/task/TaskForm"] .loom-task-page');
      await task.locator('.loom-dynamic-form [data-model="opinion"] textarea').waitFor({ timeout: 20000 });
      await eventually(async () => (await task.locator('.loom-dynamic-form [data-model="opinion"] textarea').inputValue()) === '草稿：再核实', 'the saved opinion is shown again');
      await screenshot(page, 'task-16-saved');
      // printed, a dynamic form's fields stand under their labels, the engine's own variables left out
      await task.locator('[data-button="_flow_print"]').click();
      const print = page.locator('.loom-task-print .loom-print-area');
      // bordered descriptions: each label is the cell just before its value
      const labelOf = async (model) => print.locator(`.loom-process-data td:has([data-var="${model}"])`).evaluate((td) => td.previousElementSibling?.textContent ?? '');
      await print.locator('.loom-process-data [data-var="days"]', { hasText: '2' }).waitFor({ timeout: 15000 });
      expect((await labelOf('days')) === '请假天数', `days under its label: ${await labelOf('days')}`);
      expect((await labelOf('opinion')) === '经理意见', 'the opinion under its label');
      expect((await print.locator('[data-var="opinion"]').innerText()) === '草稿：再核实', 'the saved opinion is printed');
      expect((await print.locator('[data-var="applyUserId"]').count()) === 0, 'no engine variable in print');
      await screenshot(page, 'task-16-print-labels');
      await page.locator('.loom-task-print .ant-modal-close').click();
      await print.waitFor({ state: 'hidden' });
      await task.locator('[data-button="_flow_agree"]').click();
      await ctx.portal.toast(page, '提交成功');

      // the employee reads who changed what on her finished request
      page = await as(ctx, people.emp);
      const apply = await open(ctx, page, '/flowable/task/ApplyList');
      await apply.locator('.ant-table-row', { hasText: title }).locator('[data-instance]').click();
      const detail = page.locator('[data-page="/flowable/task/TaskFormDetail"] .loom-task-detail');
      await detail.locator('.ant-tabs-tab', { hasText: '修改记录' }).click();
      const changes = detail.locator('.loom-form-change');
      await changes.nth(1).waitFor({ timeout: 15000 });
      const [started, agreed] = [changes.nth(0), changes.nth(1)];
      expect((await started.getAttribute('data-user')) === people.emp.id, 'the first save is the employee\'s');
      expect((await started.innerText()).includes(PEOPLE.emp), 'named by her name');
      expect((await started.locator('tr[data-field="days"] [data-after]').innerText()) === '2', 'she set the days to 2');
      expect((await started.locator('tr[data-field="reason"] [data-after]').innerText()) === '看病', 'and the reason');
      expect((await agreed.getAttribute('data-user')) === people.mgr.id, 'the second save is the manager\'s');
      const text = await agreed.innerText();
      expect(text.includes('部门经理审批') && text.includes(PEOPLE.mgr), `at his node, by his name: ${text}`);
      expect((await agreed.locator('tr[data-field="opinion"] td').first().innerText()) === '经理意见', 'the field by its label');
      expect((await agreed.locator('tr[data-field="opinion"] [data-before]').innerText()) === '（空）', 'empty before');
      expect((await agreed.locator('tr[data-field="opinion"] [data-after]').innerText()) === '草稿：再核实', 'his opinion after');
      expect((await agreed.locator('tr[data-field="days"]').count()) === 0, 'he changed no days');
      await eventually(async () => (await page.locator('[data-tab="/flowable/task/TaskFormDetail"]').innerText()) === `查看 - ${title}`, 'the detail tab names the request');
      await screenshot(page, 'task-17-changes');
    },
  },
  {
    name: 'task center: the employee revokes a request nobody has handled yet',
    run: async (ctx) => {
      const { people } = await world(ctx);
      const title = `撤销${sfx}`;
      const pid = await startLeave(people.emp, title, 2);
      const page = await as(ctx, people.emp);
      const apply = await open(ctx, page, '/flowable/task/ApplyList');
      const row = apply.locator('.ant-table-row', { hasText: title });
      await row.locator('[data-row-action="revoke"]').click();
      await page.locator('.ant-popconfirm .ant-btn-primary').click();
      await ctx.portal.toast(page, '撤销');
      await eventually(async () => (await people.mgr.api.todoOf(pid)).length === 0, 'the manager no longer has it');
      await row.locator('[data-instance-status]').waitFor();
      // the list reloads after the revoke: the row's revoke action goes with the answer
      await eventually(async () => (await row.locator('[data-row-action="revoke"]').count()) === 0, 'no revoke on an ended request');
    },
  },
  {
    name: 'task center: the manager stops a request with a reason, and a copy reaches its receiver',
    run: async (ctx) => {
      const { people } = await world(ctx);
      const title = `终止${sfx}`;
      const pid = await startLeave(people.emp, title, 2);
      let page = await as(ctx, people.mgr);
      const task = await openTodo(ctx, page, title);
      await task.locator('[data-button="_flow_stop"]').click();
      const dlg = page.locator('.loom-task-action-dialog');
      await dlg.locator('textarea').waitFor();
      await page.waitForTimeout(300); // the dialog's opening animation
      await dlg.locator('[data-action="dialog-ok"]').click();
      await dlg.locator('.ant-form-item-explain-error', { hasText: '请填写审批意见' }).waitFor();
      await dlg.locator('textarea').fill('预算冻结');
      await dialogOk(page);
      await ctx.portal.toast(page, '终止流程成功');
      const mine = await people.emp.api.get('/flowable/task/myApplyed', { title });
      expect(mine.records[0].endTime, 'the instance ended');
      // a copy (抄送) from the initiator to tom, read from his list
      await people.emp.api.call('POST', '/extension/flowCopy/save', { form: { procInsId: pid, userIds: people.tom.id } });
      page = await as(ctx, people.tom);
      const copies = await open(ctx, page, '/flowable/extension/FlowCopyList');
      const row = copies.locator('.ant-table-row', { hasText: title });
      await row.locator('[data-read="0"]').waitFor({ timeout: 15000 });
      await screenshot(page, 'task-06-copies');
      await row.locator('[data-copy]').click();
      await page.locator('[data-page="/flowable/task/TaskFormDetail"] .loom-task-detail').waitFor();
      await eventually(async () => (await people.tom.api.get('/extension/flowCopy/list', { procInsName: title })).records[0].status === '1', 'marked read');
    },
  },
  {
    name: 'task center: a user without the task is refused with a clear message',
    run: async (ctx) => {
      const { people } = await world(ctx);
      const title = `越权${sfx}`;
      const pid = await startLeave(people.emp, title, 2);
      const row = (await people.mgr.api.todoOf(pid))[0];
      const page = await as(ctx, people.out);
      const q = new URLSearchParams({ taskId: row.task.id, procInsId: pid, procDefId: row.task.processDefinitionId, taskDefKey: 'dept', status: 'todo', title });
      await page.goto(`${ctx.base}/flowable/task/TaskForm?${q}`);
      const pane = page.locator('[data-page="/flowable/task/TaskForm"]');
      // the page says at once that the process is not theirs: the whole task refused, or its data
      const refusal = pane.locator('.loom-task-refused, .loom-process-refused').first();
      await refusal.waitFor({ timeout: 15000 });
      const reason = await refusal.innerText();
      expect(/发起人|办理人|无权/.test(reason), `the reason is shown: ${reason}`);
      await screenshot(page, 'task-07-refused');
      if ((await pane.locator('.loom-task-refused').count()) === 0) {
        // the buttons are there, but completing is refused by the server with its message
        await pane.locator('[data-button="_flow_agree"]').click();
        const toast = page.locator('.ant-message-notice-error');
        await toast.waitFor({ timeout: 10000 });
        const text = await toast.innerText();
        expect(/办理人|处理人|无权|没有权限|不是/.test(text), `a clear refusal: ${text}`);
      } else expect((await pane.locator('[data-button]').count()) === 0, 'no buttons on a refused task');
      expect((await people.mgr.api.todoOf(pid)).length === 1, 'the task is still the manager\'s');
    },
  },
  {
    name: 'task center: the manager sends a resubmitted request back to a step picked from the legal back nodes',
    run: async (ctx) => {
      const { people } = await world(ctx);
      const title = `驳回${sfx}`;
      const pid = await startLeave(people.emp, title, 2);
      await people.mgr.api.agree(pid, { reapply: true });
      await eventually(async () => (await people.emp.api.todoOf(pid)).length === 1, 'back with the employee');
      await people.emp.api.agree(pid);
      await eventually(async () => (await people.mgr.api.todoOf(pid)).length === 1, 'with the manager again');
      const page = await as(ctx, people.mgr);
      const task = await openTodo(ctx, page, title);
      await task.locator('[data-button="_flow_back"]').click();
      const dlg = page.locator('.loom-task-action-dialog');
      await dlg.locator('.ant-select-selection-item', { hasText: '调整申请' }).waitFor({ timeout: 10000 });
      await dlg.locator('textarea').fill('材料不全');
      await screenshot(page, 'task-11-back-nodes');
      await dialogOk(page);
      await ctx.portal.toast(page, '退回成功');
      await eventually(async () => (await people.emp.api.todoOf(pid)).some((r) => r.task.name === '调整申请'), 'the employee has 调整申请 again');
    },
  },
  {
    name: 'task center: the employee urges her running request from 我发起的',
    run: async (ctx) => {
      const { people } = await world(ctx);
      const title = `催办${sfx}`;
      await startLeave(people.emp, title, 2);
      const page = await as(ctx, people.emp);
      const apply = await open(ctx, page, '/flowable/task/ApplyList');
      await apply.locator('.ant-table-row', { hasText: title }).locator('[data-instance]').click();
      const detail = page.locator('[data-page="/flowable/task/TaskFormDetail"] .loom-task-detail');
      await detail.locator('[data-action="urge"]').click();
      await page.locator('[data-field="urge-message"]').fill('请尽快处理');
      await page.locator('.ant-modal-confirm .ant-btn-primary').click();
      await ctx.portal.toast(page, '催办成功');
      await detail.locator('.ant-tabs-tab', { hasText: '流转记录' }).click();
      await detail.locator('.loom-history-step', { hasText: '部门经理审批' }).first().waitFor();
    },
  },
  {
    name: 'task center: an administrator stops a running instance with a message, then deletes its history',
    run: async (ctx) => {
      const { people } = await world(ctx);
      const title = `监控${sfx}`;
      const pid = await startLeave(people.emp, title, 2);
      const page = await adminPage(ctx, 'tcAdminPage');
      ctx.shared.page = page;
      const running = await open(ctx, page, '/flowable/process/RunningList');
      await running.locator('.ant-pro-table-search [id="title"]').fill(title);
      await running.locator('.ant-pro-table-search [id="title"]').press('Enter');
      const row = running.locator('.ant-table-row', { hasText: title });
      await row.waitFor({ timeout: 15000 });
      await screenshot(page, 'task-12-running');
      await row.locator('[data-row-action="stop"]').click();
      const reason = page.locator('.loom-reason-dialog');
      await reason.locator('textarea').fill('年度预算冻结');
      await reason.locator('.ant-btn-primary').click();
      await ctx.portal.toast(page, '终止');
      await eventually(async () => (await people.mgr.api.todoOf(pid)).length === 0, 'the task is gone');
      const history = await open(ctx, page, '/flowable/process/HistoryList');
      await history.locator('.ant-pro-table-search [id="title"]').fill(title);
      await history.locator('.ant-pro-table-search [id="title"]').press('Enter');
      const ended = history.locator('.ant-table-row', { hasText: title });
      await ended.locator('td', { hasText: '年度预算冻结' }).waitFor({ timeout: 15000 });
      await screenshot(page, 'task-13-history');
      await ended.locator('[data-row-action="delete"]').click();
      await page.locator('.ant-modal-confirm .ant-btn-primary').click();
      await ctx.portal.toast(page, '删除');
      await ended.waitFor({ state: 'detached', timeout: 15000 });
    },
  },
  {
    name: 'task center: the same short leave in English, start to end',
    run: async (ctx) => {
      const { people } = await world(ctx);
      const title = `English leave ${sfx}`;
      let page = await as(ctx, people.emp, 'en-US');
      const start = await open(ctx, page, '/flowable/task/ProcessList');
      await start.locator(`.loom-start-card[data-process="${KEY}"]`).click();
      const dlg = page.locator('.loom-start-dialog');
      await dlg.locator('#title').fill('');
      await dlg.locator('[data-action="start-submit"]').click();
      await dlg.locator('.ant-form-item-explain-error', { hasText: 'The title is required' }).waitFor();
      await dlg.locator('#title').fill(title);
      await dlg.locator('[data-action="add-var"]').click();
      await dlg.locator('[data-var-name="0"]').fill('days');
      await dlg.locator('[data-var-value="0"]').fill('1');
      await dlg.locator('[data-action="start-submit"]').click();
      await ctx.portal.toast(page, 'The process was started');
      page = await as(ctx, people.mgr, 'en-US');
      const task = await openTodo(ctx, page, title);
      await task.locator('.ant-tabs-tab', { hasText: 'History' }).waitFor();
      await task.locator('.ant-tabs-tab', { hasText: 'Changes' }).waitFor();
      await eventually(async () => (await page.locator('[data-tab="/flowable/task/TaskForm"]').innerText()) === `Approve - ${title}`, 'the tab names the request in English');
      // system buttons speak the reader's language; a node's own button keeps its configured name
      await task.locator('[data-button="_flow_agree"]', { hasText: 'Agree' }).waitFor();
      await task.locator('[data-button="reapply"]', { hasText: '退回修改' }).waitFor();
      await screenshot(page, 'task-08-english-task');
      await task.locator('[data-button="_flow_agree"]').click();
      await ctx.portal.toast(page, 'Submitted');
      page = await as(ctx, people.emp, 'en-US');
      const apply = await open(ctx, page, '/flowable/task/ApplyList');
      await apply.locator('.ant-table-row', { hasText: title }).locator('[data-instance-status]').waitFor();
      const status = await apply.locator('.ant-table-row', { hasText: title }).locator('[data-instance-status]').innerText();
      expect(/ended|finished|completed/i.test(status), `an English status: ${status}`);
    },
  },
];
