// A workflow-form module in the task center (issue 21): a type-6 table generated into a live module,
// its form URL bound as the external form of a process's start node and task; the start dialog
// draws the module's form and saves its record through the module's API before starting with it
// as the business key; the task shows that record, and 同意 saves the change through the module.
import { eventually, expect, screenshot } from '../lib/harness.mjs';
import { column, generatedLive, synced, tableDesign } from '../lib/design.mjs';
import { saveModel } from '../lib/designer.mjs';
import { adminPage, openTodo, pageApi as api, switchLanguage } from '../lib/session.mjs';

const sfx = Date.now().toString(36);
const TABLE = `e2e_leave_${sfx}`;
const MODULE = `wf${sfx}`;
const KEY = `e2e_wf_${sfx}`;
const TITLE = `外置表单请假${sfx}`;

const design = () => tableDesign({ name: TABLE, comments: '外置表单', tableType: '6', columns: [column('reason', 'varchar(50)', '事由', { isNull: '0' })] });

const xml = (formUrl) =>
  '<?xml version="1.0" encoding="UTF-8"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" ' +
  'xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://loom/e2e">' +
  `<process id="${KEY}" name="${KEY}" isExecutable="true">` +
  `<startEvent id="start" flowable:initiator="applyUserId" flowable:formKey="${formUrl}"/>` +
  `<userTask id="check" name="复核" flowable:assignee="\${applyUserId}" flowable:formKey="${formUrl}"/>` +
  '<endEvent id="end"/><sequenceFlow id="f1" sourceRef="start" targetRef="check"/>' +
  '<sequenceFlow id="f2" sourceRef="check" targetRef="end"/></process></definitions>';

// a workflow form whose record belongs to its process (issue 36): its list, 新建 and the process's view
const OWN_TABLE = `e2e_trip_${sfx}`;
const OWN_MODULE = `wt${sfx}`;
const OWN_KEY = `e2e_wt_${sfx}`;
const OWN_TITLE = `出差${sfx}`;
const OWN_HREF = `/${OWN_MODULE}/${OWN_TABLE}/${OWN_TABLE.split('_').map((w) => w[0].toUpperCase() + w.slice(1)).join('')}List`;
const ownDesign = () => tableDesign({ name: OWN_TABLE, comments: '出差单', tableType: '6', columns: [column('reason', 'varchar(50)', '事由', { isNull: '0' })] });
// the start node draws the module's form; the one task waits on someone else than the initiator
const ownXml = (formUrl) =>
  '<?xml version="1.0" encoding="UTF-8"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" ' +
  'xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://loom/e2e">' +
  `<process id="${OWN_KEY}" name="${OWN_KEY}" isExecutable="true">` +
  `<startEvent id="start" flowable:initiator="applyUserId" flowable:formKey="${formUrl}"/>` +
  `<userTask id="check" name="经理审批" flowable:assignee="e2e-someone-else" flowable:formKey="${formUrl}"/>` +
  '<endEvent id="end"/><sequenceFlow id="f1" sourceRef="start" targetRef="check"/>' +
  '<sequenceFlow id="f2" sourceRef="check" targetRef="end"/></process></definitions>';

const ok = (answer, what) => {
  expect(answer.status === 200, `${what} (${answer.status} ${answer.text?.slice(0, 300)})`);
  return answer.json;
};

export default [
  {
    name: 'apps: a workflow-form module is the external form of a start node and a task: started, shown, approved',
    run: async (ctx) => {
      const p = await adminPage(ctx, 'appsWorkflowPage');
      // a live workflow-form module and a process bound to its form URL (the designer writes formKey)
      const tableId = await synced(p, design());
      await generatedLive(p, tableId, MODULE);
      // its menu: the administrator holds its buttons (the module's permissions) from then on
      ok(await api(p, 'POST', '/gencode/scheme/createMenu', { 'parent.id': 'm-gen', name: `外置${sfx}`, tableId, tableType: '6' }, true), 'the menu');
      const formUrl = ok(await api(p, 'GET', `/gencode/table/getFormUrl?tableId=${tableId}`), 'the form URL');
      const modelId = await saveModel(p, KEY, KEY, xml(formUrl));
      ok(await api(p, 'PUT', `/flowable/model/deploy?id=${modelId}&category=${encodeURIComponent(`外置${sfx}`)}`), 'deployed');
      // the start dialog draws the module's form; its rule holds in the page
      await p.goto(ctx.base + '/flowable/task/ProcessList');
      const start = p.locator('[data-page="/flowable/task/ProcessList"]');
      const card = start.locator(`.loom-start-card[data-process="${KEY}"]`);
      await card.waitFor({ timeout: 20000 });
      await card.click();
      const dlg = p.locator('.loom-start-dialog');
      const external = dlg.locator(`.loom-external-form[data-module="${MODULE}/${TABLE}"]`);
      await external.locator('#reason').waitFor({ timeout: 20000 });
      await dlg.locator('#title').fill(TITLE);
      await dlg.locator('[data-action="start-submit"]').click();
      await external.locator('.ant-form-item-explain-error').first().waitFor();
      await external.locator('#reason').fill('回家');
      await screenshot(p, 'apps-wf-01-start');
      await dlg.locator('[data-action="start-submit"]').click();
      await ctx.portal.toast(p, '流程已发起');
      // the record was saved through the module's API and names its instance, the business key
      const pid = await eventually(async () => (await api(p, 'GET', `/flowable/task/myApplyed?title=${encodeURIComponent(TITLE)}`)).json?.records?.[0]?.id, 'the instance is listed');
      const records = await eventually(async () => {
        const rows = (await api(p, 'GET', `/${MODULE}/${TABLE}/list`)).json?.records ?? [];
        return rows.length && rows[0].procInsId ? rows : null;
      }, 'the record names its instance');
      expect(records.length === 1 && records[0].reason === '回家' && records[0].procInsId === pid, `the record: ${JSON.stringify(records)}`);
      // the task shows the record in the module's form; 同意 saves the change through the module
      const task = await openTodo(ctx, p, TITLE);
      const reason = task.locator('.loom-external-form #reason');
      await eventually(async () => (await reason.inputValue().catch(() => '')) === '回家', 'the task shows the record');
      await reason.fill('回家探亲');
      await screenshot(p, 'apps-wf-02-task');
      await task.locator('[data-button="_flow_agree"]').click();
      await ctx.portal.toast(p, '提交成功');
      const after = ok(await api(p, 'GET', `/${MODULE}/${TABLE}/queryById?id=${records[0].id}`), 'the record');
      expect(after.reason === '回家探亲' && after.procInsId === pid, `saved at the audit: ${JSON.stringify(after)}`);
    },
  },
  {
    name: "apps: a workflow form's list shows 流程状态 and opens the instance, 新建 starts the process or saves a draft that 发起 starts, a running record offers no 修改/删除 (zh-CN, en-US)",
    run: async (ctx) => {
      const p = await adminPage(ctx, 'appsWorkflowPage');
      const tableId = await synced(p, ownDesign());
      await generatedLive(p, tableId, OWN_MODULE);
      ok(await api(p, 'POST', '/gencode/scheme/createMenu', { 'parent.id': 'm-gen', name: `出差${sfx}`, tableId, tableType: '6' }, true), 'the menu');
      const formUrl = ok(await api(p, 'GET', `/gencode/table/getFormUrl?tableId=${tableId}`), 'the form URL');
      const modelId = await saveModel(p, OWN_KEY, OWN_KEY, ownXml(formUrl));
      ok(await api(p, 'PUT', `/flowable/model/deploy?id=${modelId}&category=${encodeURIComponent(`出差${sfx}`)}`), 'deployed');
      // the list of the workflow form: 新建 opens the task center's start of its process with its form
      await p.goto(ctx.base + OWN_HREF);
      const list = p.locator(`.loom-generated-page[data-module="${OWN_MODULE}/${OWN_TABLE}"]`);
      await list.locator('.ant-table').waitFor({ timeout: 60000 });
      await list.locator('[data-action="add"]').click();
      const dlg = p.locator('.loom-start-dialog');
      const external = dlg.locator(`.loom-external-form[data-module="${OWN_MODULE}/${OWN_TABLE}"]`);
      await external.locator('#reason').waitFor({ timeout: 20000 });
      await dlg.locator('#title').fill(OWN_TITLE);
      await external.locator('#reason').fill('去上海');
      await dlg.locator('[data-action="start-submit"]').click();
      await ctx.portal.toast(p, '流程已发起');
      // back on the list, the record is in progress at its node, and neither 修改 nor 删除 is offered
      const row = list.locator('.ant-table-row', { hasText: '去上海' });
      await row.waitFor({ timeout: 20000 });
      const status = row.locator('[data-process-status="running"]');
      await eventually(async () => ((await status.textContent().catch(() => '')) ?? '').includes('审批中经理审批'), 'the row shows 审批中 at 经理审批');
      await list.locator('th', { hasText: '流程状态' }).first().waitFor();
      expect((await row.locator('[data-row-action="edit"]').count()) === 0, 'no 修改 while in progress');
      expect((await row.locator('[data-row-action="delete"]').count()) === 0, 'no 删除 while in progress');
      await screenshot(p, 'apps-wf-03-process-status');
      // 流程 opens the instance's own view: its data, history and flow chart
      const pid = await eventually(async () => (await api(p, 'GET', `/flowable/task/myApplyed?title=${encodeURIComponent(OWN_TITLE)}`)).json?.records?.[0]?.id, 'the instance is listed');
      await row.locator('[data-row-action="process"]').click();
      await p.locator(`.loom-task-detail[data-proc-ins="${pid}"]`).waitFor({ timeout: 20000 });
      // a draft: 新建 › 保存草稿 keeps the record unstarted, its list offers 修改, 删除 and 发起; 发起 starts it
      await p.goto(ctx.base + OWN_HREF);
      await list.locator('.ant-table').waitFor({ timeout: 60000 });
      await list.locator('[data-action="add"]').click();
      await external.locator('#reason').waitFor({ timeout: 20000 });
      await external.locator('#reason').fill('去北京');
      await dlg.locator('[data-action="start-draft"]').click();
      await ctx.portal.toast(p, '草稿已保存');
      const draft = list.locator('.ant-table-row', { hasText: '去北京' });
      await draft.locator('[data-process-status="none"]', { hasText: '未启动' }).waitFor({ timeout: 20000 });
      for (const action of ['edit', 'delete', 'start']) await draft.locator(`[data-row-action="${action}"]`).waitFor();
      await draft.locator('[data-row-action="start"]').click();
      await eventually(async () => (await external.locator('#reason').inputValue().catch(() => '')) === '去北京', 'the start shows the draft');
      await dlg.locator('#title').fill(`${OWN_TITLE}草稿`);
      await dlg.locator('[data-action="start-submit"]').click();
      await ctx.portal.toast(p, '流程已发起');
      await draft.locator('[data-process-status="running"]').waitFor({ timeout: 20000 });
      expect((await list.locator('.ant-table-row', { hasText: '去北京' }).count()) === 1, 'the draft was started, not copied');
      // in English the column and the status speak English
      await switchLanguage(p, 'en-US');
      try {
        await p.goto(ctx.base + OWN_HREF);
        await list.locator('th', { hasText: 'Process status' }).first().waitFor({ timeout: 60000 });
        const english = list.locator('.ant-table-row', { hasText: '去上海' }).locator('[data-process-status="running"]');
        await eventually(async () => ((await english.textContent().catch(() => '')) ?? '').includes('In progress'), 'the row shows In progress');
        await screenshot(p, 'apps-wf-04-process-status-en');
      } finally {
        await switchLanguage(p, 'zh-CN');
      }
    },
  },
];
