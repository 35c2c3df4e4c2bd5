// Approvals as people expect them (issue 27), in the browser through the gateway: a task keeps the
// form version it was created with after the form is changed and the process redeployed; the
// header's notice bell counts a new task and a copy (抄送) the moment they happen; the phone-sized
// journey; the product panel's approver policy and 会签/或签/依次审批 fields, saved and read back.
import { adminCredentials, choose, eventually, expect, screenshot } from '../lib/harness.mjs';
import { bpmn, flow, nodeExtension } from '../lib/api.mjs';
import { adminApi, adminPage as signedInAdmin, newPage, openTodo, signedIn } from '../lib/session.mjs';

const sfx = Date.now().toString(36);
const admin = adminCredentials();

const widget = (type, model, name) => ({ type, key: `k${model}`, model, name, options: {}, rules: [] });
const CONFIG = { labelWidth: 100, labelPosition: 'right', size: 'small' };
const V1 = { list: [widget('number', 'days', '请假天数'), widget('input', 'reason', '请假事由'), widget('textarea', 'opinion', '经理意见')], config: CONFIG };
const V2 = { list: [widget('number', 'days', '天数（新版）'), widget('input', 'reason', '事由（新版）'), widget('textarea', 'opinion', '审批意见（新版）')], config: CONFIG };

/** A page of the administrator (one per viewport and language), the one a failure is pictured from. */
async function adminPage(ctx, { width = 1440, height = 900, locale = 'zh-CN' } = {}) {
  ctx.shared.page = await signedInAdmin(ctx, `approvals-admin-${width}-${locale}`, { width, height, locale });
  return ctx.shared.page;
}

/** A user with sys's employee role in a company and department of their own; `{ id, loginName, password, api }`. */
async function employee(api, nick) {
  const company = await api.office(`审批公司${sfx}`, '1');
  const dept = await api.office(`审批部${sfx}${nick}`, '2', company);
  return api.user({ loginName: `ap-${sfx}-${nick}`, name: `员工${nick}${sfx}`, password: 'e2e-approvals-1', company, dept });
}

// what the phone journey reads and clicks, in each language
const PHONE_TEXT = {
  'zh-CN': { menu: '流程管理', started: '流程已发起', chart: '流程图', submitted: '提交成功', oneRow: '共 1 条' },
  'en-US': { menu: 'Workflow', started: 'The process was started', chart: 'Chart', submitted: 'Submitted', oneRow: '1 item' },
};

export default [
  {
    name: 'approvals: an open task renders the form version it was created with after the form is republished; 修改记录 shows each node as submitted',
    run: async (ctx) => {
      const api = await adminApi(ctx);
      const me = await api.userId(admin.user);
      const key = `ap_version_${sfx}`;
      const name = `版本请假${sfx}`;
      const title = `版本${sfx}`;
      const form = await api.formDefinition(name, V1);
      const prop = (id, writable) => `<flowable:formProperty id="${id}" name="${id}" readable="true" writable="${writable}"/>`;
      const props = `<extensionElements>${prop('days', 'false')}${prop('reason', 'false')}${prop('opinion', 'true')}</extensionElements>`;
      const xml = (jsonId) =>
        bpmn(
          key,
          name,
          `<startEvent id="start" flowable:initiator="applyUserId" flowable:formKey="${jsonId}"/>` +
            `<userTask id="dept" name="部门审批" flowable:formKey="${jsonId}">${props}</userTask>` +
            `<userTask id="final" name="终审" flowable:formKey="${jsonId}">${props}</userTask><endEvent id="end"/>` +
            flow('f1', 'start', 'dept') + flow('f2', 'dept', 'final') + flow('f3', 'final', 'end'),
        );
      const nodes = ['dept', 'final'].map((n) => nodeExtension(key, n, [['user', me]]));
      const modelId = await api.deployModel({ key, name, xml: xml(form.jsonId), nodes });
      const pid = await api.call('POST', '/flowable/task/start', { params: { procDefKey: key, title, vars: JSON.stringify({ days: 2, reason: '探亲' }) } });
      await api.agree(pid, { opinion: '部门同意' });
      // the form changes: version 2 made primary, and the process redeployed with it
      const v2 = await api.call('POST', '/extension/formDefinitionJson/save', { json: { formDefinitionId: form.id, json: JSON.stringify(V2) } });
      await api.call('PUT', '/extension/formDefinitionJson/updatePrimary', { params: { id: v2.id } });
      await api.deployModel({ key, name, xml: xml(v2.id), nodes, modelId });

      // the open task still shows version 1's fields with the data it had
      const page = await adminPage(ctx);
      const task = await openTodo(ctx, page, title);
      const rendered = task.locator(`.loom-dynamic-form[data-json-id="${form.jsonId}"]`);
      await rendered.locator('[data-model="days"] input').waitFor({ timeout: 15000 });
      await eventually(async () => (await rendered.locator('[data-model="days"] input').inputValue()) === '2', 'the days as submitted');
      expect((await rendered.locator('[data-model="days"] label').innerText()).includes('请假天数'), 'the days under version 1\'s label');
      expect((await rendered.locator('[data-model="opinion"] textarea').inputValue()) === '部门同意', 'the department\'s opinion');
      expect(!(await task.innerText()).includes('新版'), 'nothing of version 2 is shown');
      await screenshot(page, 'approvals-1-old-version');
      // the history shows both nodes' data as they submitted it, under version 1's labels
      await task.locator('.ant-tabs-tab', { hasText: '修改记录' }).click();
      const changes = task.locator('.loom-form-change');
      await changes.nth(1).waitFor({ timeout: 15000 });
      const started = changes.nth(0);
      const agreed = changes.nth(1);
      expect((await started.locator('tr[data-field="days"] td').first().innerText()) === '请假天数', 'the start under version 1\'s label');
      expect((await started.locator('tr[data-field="days"] [data-after]').innerText()) === '2', 'the start\'s days');
      expect((await agreed.locator('tr[data-field="opinion"] td').first().innerText()) === '经理意见', 'the department under version 1\'s label');
      expect((await agreed.locator('tr[data-field="opinion"] [data-after]').innerText()) === '部门同意', 'the department\'s opinion');
      await screenshot(page, 'approvals-1-history');
      // and the approval on the old version goes through
      await task.locator('.ant-tabs-tab').first().click();
      await rendered.locator('[data-model="opinion"] textarea').fill('终审同意');
      await task.locator('[data-button="_flow_agree"]').click();
      await ctx.portal.toast(page, '提交成功');
      await eventually(async () => (await api.todoOf(pid)).length === 0, 'the request is done');
    },
  },
  ...['zh-CN', 'en-US'].map((locale) => ({
    name: `approvals: the notice bell counts a new task and a copy at once, and leads to the task list (${locale})`,
    alone: true, // counts the administrator's notices: no other lane's test may add one meanwhile
    run: async (ctx) => {
      const api = await adminApi(ctx);
      const me = await api.userId(admin.user);
      const key = `ap_bell_${sfx}_${locale.slice(0, 2)}`;
      const title = `铃铛${sfx}${locale}`;
      const xml = bpmn(key, `通知${sfx}`, '<startEvent id="start" flowable:initiator="applyUserId"/><userTask id="check" name="审核"/><endEvent id="end"/>' + flow('f1', 'start', 'check') + flow('f2', 'check', 'end'));
      await api.deployModel({ key, name: `通知${sfx}`, xml, nodes: [nodeExtension(key, 'check', [['user', me]])] });
      const emp = await employee(api, `bell${locale.slice(0, 2)}`);
      await api.call('PUT', '/flowable/notice/read');
      // the administrator's portal, its notice stream open
      const page = await newPage(ctx, { locale });
      ctx.shared.page = page;
      const streaming = page.waitForResponse((r) => r.url().includes('/api/flowable/notice/stream'), { timeout: 30000 });
      await ctx.portal.login(page, admin.user, admin.password);
      await streaming;
      const bell = page.locator('.loom-header [data-action="notices"]');
      await eventually(async () => (await bell.getAttribute('data-count')) === '0', 'nothing unread');
      // when an employee starts a request the administrator checks, and copies it to him
      const pid = await emp.api.call('POST', '/flowable/task/start', { params: { procDefKey: key, title } });
      await emp.api.call('POST', '/extension/flowCopy/save', { form: { procInsId: pid, userIds: me } });
      // then the bell counts both without a reload
      await eventually(async () => (await bell.getAttribute('data-count')) === '2', 'the bell counts the task and the copy', 15000);
      await eventually(async () => (await bell.locator('.ant-badge-count').getAttribute('title')) === '2', 'the badge shows 2');
      await screenshot(page, `approvals-2-bell-${locale}`);
      await bell.click();
      const panel = page.locator('.loom-notice-panel');
      await panel.locator('.loom-notice-item[data-kind="task"]', { hasText: title }).waitFor({ timeout: 10000 });
      expect(await panel.locator('.loom-notice-item[data-kind="copy"]', { hasText: title }).isVisible(), 'the copy is listed');
      const kind = locale === 'en-US' ? 'Task' : '待办';
      expect((await panel.locator('.loom-notice-item[data-kind="task"]', { hasText: title }).innerText()).includes(kind), `the task by its kind (${kind})`);
      expect((await panel.locator('[data-action="notice-read-all"]').innerText()).replace(/\s/g, '') === (locale === 'en-US' ? 'Markallread' : '全部已读'), 'the panel speaks the language');
      await screenshot(page, `approvals-2-bell-open-${locale}`);
      // and the task's notice leads to the todo list, read
      await panel.locator('.loom-notice-item[data-kind="task"]', { hasText: title }).click();
      await page.waitForURL((u) => u.pathname === '/flowable/task/TodoList', { timeout: 10000 });
      await eventually(async () => (await bell.getAttribute('data-count')) === '1', 'one unread left');
      await page.context().close();
    },
  })),
  ...['zh-CN', 'en-US'].map((locale) => ({
    name: `approvals: on a 390×844 phone an employee starts a request and the approver agrees to it, lists and chart included (${locale})`,
    run: async (ctx) => {
      const api = await adminApi(ctx);
      const me = await api.userId(admin.user);
      const lang = locale.slice(0, 2);
      const text = PHONE_TEXT[locale];
      const key = `ap_phone_${sfx}_${lang}`;
      const name = `手机请假${sfx}${lang}`;
      const title = `手机${sfx}${lang}`;
      const form = await api.formDefinition(name, V1);
      const prop = (id, writable) => `<flowable:formProperty id="${id}" name="${id}" readable="true" writable="${writable}"/>`;
      const xml = bpmn(
        key,
        name,
        `<startEvent id="start" flowable:initiator="applyUserId" flowable:formKey="${form.jsonId}"/>` +
          `<userTask id="dept" name="部门审批" flowable:formKey="${form.jsonId}"><extensionElements>${prop('days', 'false')}${prop('reason', 'false')}${prop('opinion', 'true')}</extensionElements></userTask>` +
          '<endEvent id="end"/>' + flow('f1', 'start', 'dept') + flow('f2', 'dept', 'end'),
      );
      const buttons = [['_flow_agree', '同意'], ['_flow_back', '驳回'], ['_flow_transfer', '转办'], ['_flow_print', '打印']];
      await api.deployModel({ key, name, xml, nodes: [nodeExtension(key, 'dept', [['user', me]], buttons)], category: `手机${sfx}` });
      const emp = await employee(api, `phone${lang}`);
      const phone = { width: 390, height: 844, phone: true, expectMenu: false, locale };
      const noSideScroll = async (page) => (await page.evaluate(() => document.documentElement.scrollWidth)) <= 390;

      // the employee, on her phone: the menu opens over the page, 发起流程 lists the process as a card
      let page = await signedIn(ctx, emp.loginName, emp.password, phone);
      const empContext = page.context();
      ctx.shared.page = page;
      await page.locator('.loom-header [data-action="toggle-menu"]').waitFor({ timeout: 20000 });
      await page.locator('[data-action="toggle-menu"]').click();
      const start = await ctx.portal.openMenu(page, '/flowable/task/ProcessList', text.menu);
      await eventually(async () => !(await page.locator('.loom-side-menu').isVisible()), 'the menu closes once a page is chosen');
      const card = start.locator(`.loom-start-card[data-process="${key}"]`);
      await card.waitFor({ timeout: 15000 });
      expect(await noSideScroll(page), 'the start page fits the width');
      await card.click();
      const dlg = page.locator('.loom-start-dialog');
      const startForm = dlg.locator('.loom-dynamic-form .loom-form-render');
      await startForm.locator('[data-model="days"] input').waitFor({ timeout: 15000 });
      expect((await startForm.getAttribute('class')).includes('loom-fr-mobile'), 'the form renders its mobile layout');
      const box = await dlg.locator('.ant-modal-content').boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390, `the start dialog fits the screen: ${JSON.stringify(box)}`);
      await dlg.locator('#title').fill(title);
      await startForm.locator('[data-model="days"] input').fill('2');
      await startForm.locator('[data-model="reason"] input').fill('家事');
      await screenshot(page, `approvals-3-phone-start-${locale}`);
      await dlg.locator('[data-action="start-submit"]').click();
      await ctx.portal.toast(page, text.started);
      const pid = await eventually(async () => (await emp.api.get('/flowable/task/myApplyed', { title })).records[0]?.id, 'the request is listed');
      await emp.api.call('POST', '/extension/flowCopy/save', { form: { procInsId: pid, userIds: me } });
      // 我发起的 shows it, at the phone's width
      await page.goto(ctx.base + '/flowable/task/ApplyList');
      await page.locator('[data-page="/flowable/task/ApplyList"] .ant-table-row', { hasText: title }).waitFor({ timeout: 15000 });
      expect(await noSideScroll(page), '我发起的 fits the width (the table scrolls inside)');
      const pager = await page.locator('[data-page="/flowable/task/ApplyList"] .ant-pagination-total-text').innerText();
      expect(pager === text.oneRow, `the pager counts one row in the reader's language: ${pager}`);
      const search = await page.locator('[data-page="/flowable/task/ApplyList"] .ant-pro-query-filter button.ant-btn-primary').boundingBox();
      expect(search && search.x >= 0 && search.x + search.width <= 390, `the search button is on the screen: ${JSON.stringify(search)}`);
      await screenshot(page, `approvals-3-phone-applied-${locale}`);

      // the approver, on his phone: 待办 lists it; the task page shows the form in one column, the buttons in a bar at the bottom
      page = await signedIn(ctx, admin.user, admin.password, phone);
      const mgrContext = page.context();
      ctx.shared.page = page;
      await page.locator('.loom-header [data-action="toggle-menu"]').waitFor({ timeout: 20000 });
      const task = await openTodo(ctx, page, title);
      expect(await noSideScroll(page), 'the task page fits the width');
      const taskForm = task.locator('.loom-dynamic-form .loom-form-render');
      await taskForm.locator('[data-model="opinion"] textarea').waitFor({ timeout: 15000 });
      expect((await taskForm.getAttribute('class')).includes('loom-fr-mobile'), 'the task form renders its mobile layout');
      const bar = task.locator('.loom-task-buttons');
      await eventually(async () => {
        const b = await bar.boundingBox();
        return b && b.y + b.height <= 844 + 1 && b.y + b.height >= 844 - 12;
      }, 'the buttons sit in a bar at the bottom of the screen');
      await taskForm.locator('[data-model="opinion"] textarea').fill('同意，手机审批');
      await screenshot(page, `approvals-3-phone-task-${locale}`);
      // the chart scrolls sideways instead of shrinking
      await task.locator('.ant-tabs-tab', { hasText: text.chart }).click();
      const chartPane = task.locator('.ant-tabs-tabpane-active');
      await chartPane.locator('.loom-flow-viewer').waitFor({ timeout: 15000 });
      await eventually(async () => chartPane.evaluate((el) => el.scrollWidth > el.clientWidth), 'the chart is wider than the screen and scrolls');
      await screenshot(page, `approvals-3-phone-chart-${locale}`);
      await task.locator('.ant-tabs-tab').first().click();
      await bar.locator('[data-button="_flow_agree"]').click();
      await ctx.portal.toast(page, text.submitted);
      // 已办 and 抄送我的 list it at the phone's width
      await page.goto(ctx.base + '/flowable/task/HistoryList');
      await page.locator('[data-page="/flowable/task/HistoryList"] .ant-table-row', { hasText: title }).waitFor({ timeout: 15000 });
      expect(await noSideScroll(page), '已办 fits the width');
      await page.goto(ctx.base + '/flowable/extension/FlowCopyList');
      await page.locator('[data-page="/flowable/extension/FlowCopyList"] .ant-table-row', { hasText: title }).waitFor({ timeout: 15000 });
      expect(await noSideScroll(page), '抄送我的 fits the width');
      await screenshot(page, `approvals-3-phone-copies-${locale}`);
      await eventually(async () => (await emp.api.get('/flowable/task/myApplyed', { title })).records[0]?.endTime, 'her request is done');
      await empContext.close();
      await mgrContext.close();
    },
  })),
  {
    name: 'approvals: the product panel sets empty approvers, automatic approval, a deadline and 或签/依次审批/会签; saved, they are the node settings and the XML',
    run: async (ctx) => {
      const api = await adminApi(ctx);
      const key = `ap_panel_${sfx}`;
      const shape = (id, x) => `<bpmndi:BPMNShape id="${id}_di" bpmnElement="${id}"><dc:Bounds x="${x}" y="100" width="100" height="80"/></bpmndi:BPMNShape>`;
      const edge = (id, x1, x2) => `<bpmndi:BPMNEdge id="${id}_di" bpmnElement="${id}"><di:waypoint x="${x1}" y="140"/><di:waypoint x="${x2}" y="140"/></bpmndi:BPMNEdge>`;
      const xml =
        '<?xml version="1.0" encoding="UTF-8"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
        'xmlns:flowable="http://flowable.org/bpmn" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" ' +
        `xmlns:di="http://www.omg.org/spec/DD/20100524/DI" targetNamespace="http://loom/e2e"><process id="${key}" name="面板${sfx}" isExecutable="true">` +
        '<startEvent id="start" flowable:initiator="applyUserId"/><userTask id="a" name="或签"/><userTask id="b" name="依次"/><userTask id="c" name="会签"/><endEvent id="end"/>' +
        flow('f1', 'start', 'a') + flow('f2', 'a', 'b') + flow('f3', 'b', 'c') + flow('f4', 'c', 'end') +
        `</process><bpmndi:BPMNDiagram id="d"><bpmndi:BPMNPlane id="pl" bpmnElement="${key}">` +
        '<bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="40" y="122" width="36" height="36"/></bpmndi:BPMNShape>' +
        shape('a', 130) + shape('b', 300) + shape('c', 470) +
        '<bpmndi:BPMNShape id="end_di" bpmnElement="end"><dc:Bounds x="640" y="122" width="36" height="36"/></bpmndi:BPMNShape>' +
        edge('f1', 76, 130) + edge('f2', 230, 300) + edge('f3', 400, 470) + edge('f4', 570, 640) +
        '</bpmndi:BPMNPlane></bpmndi:BPMNDiagram></definitions>';
      const modelId = await api.saveModel({ key, name: `面板${sfx}`, xml });

      const p = await adminPage(ctx, { width: 1600, height: 1000 });
      await p.goto(ctx.base + '/flowable/process/ModelList');
      const list = p.locator('[data-page="/flowable/process/ModelList"]');
      await list.locator('.ant-table-row', { hasText: key }).first().locator('[data-row-action="design"]').click();
      const canvas = p.locator('[data-designer-canvas]');
      const section = (name) => p.locator(`.loom-product-panel .loom-section-${name}`);
      const select = async (id) => {
        const panel = p.locator(`.loom-product-panel[data-element-id="${id}"]`);
        const visual = canvas.locator(`.djs-element[data-element-id="${id}"] .djs-visual > *`).first();
        await visual.waitFor({ timeout: 20000 });
        await eventually(async () => {
          await p.keyboard.press('Escape');
          const box = await visual.boundingBox();
          await p.mouse.click(box.x + box.width / 2, box.y + box.height * 0.75);
          return panel.waitFor({ timeout: 1500 }).then(() => true, () => false);
        }, `${id} is selected`, 20000);
      };
      // 或签 on a, with the policy: skip when nobody, approve when the approver started it, due in 4 hours then approve
      await select('a');
      await choose(p, section('multiInstance').locator('[data-field="mi-type"]'), '并行');
      await section('multiInstance').locator('[data-field="mi-mode"] input[value="anyOne"]').check();
      const policy = p.locator('.loom-product-panel .loom-approval-policy');
      await policy.waitFor({ timeout: 10000 });
      await choose(p, policy.locator('[data-field="empty-approver"]'), '自动跳过');
      await policy.locator('[data-field="auto-approve"] input[value="initiator"]').check();
      await policy.locator('input[data-field="due-duration"]').fill('pt4h');
      await policy.locator('input[data-field="due-duration"]').blur();
      await choose(p, policy.locator('[data-field="due-action"]'), '自动通过');
      await screenshot(p, 'approvals-4-panel');
      // 依次审批 on b, a 60 % 会签 on c
      await select('b');
      await choose(p, section('multiInstance').locator('[data-field="mi-type"]'), '并行');
      await section('multiInstance').locator('[data-field="mi-mode"] input[value="inTurn"]').check();
      await select('c');
      await choose(p, section('multiInstance').locator('[data-field="mi-type"]'), '并行');
      await section('multiInstance').locator('[data-field="mi-completion"] input[value="percent"]').check();
      const pct = section('multiInstance').locator('input[data-field="mi-percent"]');
      await pct.fill('60');
      await pct.press('Enter');
      await p.locator('[data-action="designer-save"]').click();
      await ctx.portal.toast(p, '保存成功');
      // the policy reached the server as node settings
      const setting = (node, name) => api.get('/extension/nodeSetting/queryValueByKey', { processDefId: key, taskDefId: node, key: name });
      await eventually(async () => (await setting('a', 'emptyApprover')) === 'skip', 'emptyApprover saved');
      expect((await setting('a', 'autoApprove')) === 'initiator', 'autoApprove saved');
      expect((await setting('a', 'dueDuration')) === 'PT4H', 'the time limit saved, upper-cased');
      expect((await setting('a', 'dueAction')) === 'approve', 'the action on expiry saved');
      // and the XML carries the three approval modes
      const r = await fetch(`${ctx.base}/api/flowable/model/getBpmnXml?id=${modelId}`, { headers: { Authorization: `Bearer ${api.token}` } });
      const saved = await r.text();
      const node = (id) => saved.slice(saved.indexOf(`id="${id}"`), saved.indexOf('</userTask>', saved.indexOf(`id="${id}"`)));
      expect(node('a').includes('nrOfCompletedInstances&gt;=1') || node('a').includes('nrOfCompletedInstances>=1'), `或签 completes on the first approval: ${node('a')}`);
      expect(/flowable:emptyApprover="skip"/.test(node('a')) && /flowable:dueDuration="PT4H"/.test(node('a')), 'a\'s policy in the XML');
      expect(/isSequential="true"/.test(node('b')), `依次审批 is sequential: ${node('b')}`);
      expect(/nrOfInstances(&gt;|>)=0\.6/.test(node('c')) && !/isSequential="true"/.test(node('c')), `会签 at 60 %: ${node('c')}`);
      // reopened, the panel shows what was saved
      await p.locator('.loom-designer-dialog .ant-modal-close').click();
      await list.locator('.ant-table-row', { hasText: key }).first().locator('[data-row-action="design"]').click();
      await select('a');
      await eventually(async () => (await section('multiInstance').locator('[data-field="mi-mode"] input[value="anyOne"]').isChecked()), '或签 is read back');
      expect((await policy.locator('input[data-field="due-duration"]').inputValue()) === 'PT4H', 'the time limit is read back');
      expect(await policy.locator('[data-field="auto-approve"] input[value="initiator"]').isChecked(), 'automatic approval is read back');
      await select('b');
      expect(await section('multiInstance').locator('[data-field="mi-mode"] input[value="inTurn"]').isChecked(), '依次审批 is read back');
      await p.locator('.loom-designer-dialog .ant-modal-close').click();
      await api.call('DELETE', '/flowable/model/delete', { params: { ids: modelId } });
    },
  },
];
