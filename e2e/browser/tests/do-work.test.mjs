// Processes that do work, in the browser (issue 37): a decision table created in 决策表, opened in the
// dmn-js editor, deployed from it and tested; an instance's 决策 tab showing what its business-rule
// task evaluated; an external task's incident marked in 运行中流程 and retried there; the decision
// list in English too.
import { eventually, expect, screenshot } from '../lib/harness.mjs';
import { bpmn, flow } from '../lib/api.mjs';
import { adminApi, adminPage, openPage, switchLanguage } from '../lib/session.mjs';

const sfx = Date.now().toString(36);
const KEY = `level_${sfx}`;
const DMN = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/" xmlns:dmndi="https://www.omg.org/spec/DMN/20191111/DMNDI/" xmlns:dc="http://www.omg.org/spec/DMN/20180521/DC/" id="d_${KEY}" name="审批级别" namespace="http://loom/e2e">
  <decision id="${KEY}" name="审批级别">
    <decisionTable id="t_${KEY}" hitPolicy="FIRST">
      <input id="i1" label="金额"><inputExpression id="e1" typeRef="number"><text>amount</text></inputExpression></input>
      <output id="o1" label="级别" name="level" typeRef="string"/>
      <rule id="big"><inputEntry id="a1"><text>&gt;= 10000</text></inputEntry><outputEntry id="b1"><text>"director"</text></outputEntry></rule>
      <rule id="small"><inputEntry id="a2"><text>-</text></inputEntry><outputEntry id="b2"><text>"manager"</text></outputEntry></rule>
    </decisionTable>
  </decision>
  <dmndi:DMNDI><dmndi:DMNDiagram id="dd_${KEY}"><dmndi:DMNShape id="ds_${KEY}" dmnElementRef="${KEY}"><dc:Bounds height="80" width="180" x="160" y="100" /></dmndi:DMNShape></dmndi:DMNDiagram></dmndi:DMNDI>
</definitions>`;

const page = (ctx) => adminPage(ctx, 'workPage', { width: 1600, height: 1000 });

async function decisionModel(api, key, name, xml) {
  const { id } = await api.call('POST', '/app/rest/models', { json: { modelType: 4, key, name } });
  const editor = await api.get(`/app/rest/models/${id}/editor/json`);
  await api.call('POST', `/flowable/model/saveModel/${id}`, { form: { json_xml: xml, name, key, lastUpdated: editor.lastUpdated } });
  return id;
}

async function search(scope, field, text) {
  const input = scope.locator(`.ant-pro-table-search [id="${field}"]`).first();
  await input.fill(text);
  await input.press('Enter');
}

export default [
  {
    name: 'work: a decision table is created, opened in the dmn-js editor, deployed from it and tested',
    async run(ctx) {
      const p = await page(ctx);
      ctx.shared.page = p;
      const api = adminApi(ctx);
      await decisionModel(await api, KEY, '审批级别', DMN);
      const list = await openPage(ctx, p, '/flowable/decision/DecisionList');
      // a new one: key and name, then the editor opens on its (empty) table
      await list.locator('[data-action="add"]').first().click();
      const create = p.locator('.loom-new-decision');
      await create.locator('[data-field="decision-key"]').fill(`new_${sfx}`);
      await create.locator('[data-field="decision-name"]').fill('新决策');
      await create.locator('.ant-btn-primary').click();
      const editor = p.locator('.loom-decision-editor');
      await editor.locator('.tjs-table').waitFor({ timeout: 30000 });
      await editor.locator('.tjs-table', { hasText: 'Input' }).waitFor();
      await editor.locator('[data-action="close-decision"]').click();
      // the table with rules: its editor shows them; deployed from there
      await search(list, 'filterText', KEY);
      const row = list.locator('.ant-table-row', { hasText: KEY });
      await row.locator('a', { hasText: KEY }).click();
      await editor.locator('.tjs-table', { hasText: 'director' }).waitFor({ timeout: 30000 });
      await screenshot(p, 'work-1-decision-editor');
      await editor.locator('[data-action="deploy-decision"]').click();
      await ctx.portal.toast(p, KEY);
      await editor.locator('[data-action="close-decision"]').click();
      await row.locator('.ant-tag', { hasText: '已部署' }).waitFor({ timeout: 15000 });
      // tested with an amount: the first rule matches
      await row.locator('[data-row-action="test"]').click();
      const test = p.locator('.loom-decision-test');
      await test.locator('[data-field="decision-inputs"]').fill('amount=12000');
      await test.locator('.ant-btn-primary').click();
      await test.locator('.loom-decision-results td', { hasText: 'director' }).waitFor({ timeout: 15000 });
      await test.locator('.loom-decision-rules .ant-tag', { hasText: '规则 1' }).first().waitFor();
      await screenshot(p, 'work-2-decision-test');
      await test.locator('.ant-modal-close').click();
    },
  },
  {
    name: 'work: the instance detail shows what its business-rule task evaluated',
    async run(ctx) {
      const p = await page(ctx);
      ctx.shared.page = p;
      const api = await adminApi(ctx);
      const key = `byLevel_${sfx}`;
      const me = await api.userId('admin');
      const xml = bpmn(
        key,
        '按级别审批',
        `<startEvent id="s"/><businessRuleTask id="rule" name="定级" flowable:decisionRef="${KEY}" flowable:mapDecisionResult="singleEntry" flowable:resultVariable="level"/>` +
          `<userTask id="t" name="审批" flowable:assignee="${me}"/><endEvent id="e"/>` +
          flow('f1', 's', 'rule') + flow('f2', 'rule', 't') + flow('f3', 't', 'e'),
      );
      await api.deployModel({ key, name: '按级别审批', xml });
      const title = `定级${sfx}`;
      const pid = await api.call('POST', '/flowable/task/start', { params: { procDefKey: key, title, amount: '12000' } });
      const detail = await openPage(ctx, p, `/flowable/task/TaskFormDetail?procInsId=${pid}&title=${encodeURIComponent(title)}&running=1`);
      await detail.locator('.ant-tabs-tab', { hasText: '决策' }).click();
      const evaluation = detail.locator('.loom-evaluations');
      await evaluation.locator('.loom-decision-inputs td', { hasText: '12000' }).waitFor({ timeout: 15000 });
      await evaluation.locator('.loom-decision-rules .ant-tag', { hasText: '规则 1' }).first().waitFor();
      expect((await evaluation.locator('.loom-decision-outputs').innerText()).includes('director'), 'the output is shown');
      await screenshot(p, 'work-3-instance-decisions');
    },
  },
  {
    name: 'work: an external task out of retries is an incident 运行中流程 shows and retries',
    async run(ctx) {
      const p = await page(ctx);
      ctx.shared.page = p;
      const api = await adminApi(ctx);
      const key = `ship_${sfx}`;
      const topic = `shipping_${sfx}`;
      const xml = bpmn(
        key,
        '发货',
        `<startEvent id="s"/><serviceTask id="ship" name="发货" flowable:type="external" flowable:topic="${topic}"/><endEvent id="e"/>` +
          flow('f1', 's', 'ship') + flow('f2', 'ship', 'e'),
      );
      await api.deployModel({ key, name: '发货', xml });
      await api.call('POST', '/external-task/worker/save', { json: { name: `w_${sfx}`, topics: topic } });
      const [worker] = (await api.get('/external-task/worker/list', { name: `w_${sfx}` })).records;
      const { token } = await api.call('POST', '/external-task/worker/token', { params: { id: worker.id } });
      const title = `发货异常${sfx}`;
      await api.call('POST', '/flowable/task/start', { params: { procDefKey: key, title } });
      const call = async (path, body) => {
        const r = await fetch(`${ctx.base}/api/external-task${path}`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
        expect(r.ok, `${path}: ${r.status}`);
        return r.status === 204 ? null : r.json();
      };
      const [task] = await call('/fetchAndLock', { workerId: 'w', topics: [{ topicName: topic, lockDuration: 60000 }] });
      await call(`/${task.id}/failure`, { workerId: 'w', errorMessage: '承运商不可用', retries: 0 });
      // the monitor marks the instance and retries its task
      const running = await openPage(ctx, p, '/flowable/process/RunningList');
      await search(running, 'title', title);
      const row = running.locator('.ant-table-row', { hasText: title });
      await row.locator('[data-incidents="1"]').waitFor({ timeout: 15000 });
      await screenshot(p, 'work-4-incident');
      await row.locator('[data-row-action="incidents"]').click();
      const dialog = p.locator('.loom-incidents');
      await dialog.locator('.loom-incident-message', { hasText: '承运商不可用' }).waitFor();
      await dialog.locator('[data-action="retry-incident"]').click();
      await ctx.portal.toast(p, '已重试');
      await eventually(async () => (await row.locator('[data-incidents]').count()) === 0, 'the incident is gone from the row', 15000);
      // the worker can fetch the task again
      expect((await call('/fetchAndLock', { workerId: 'w', topics: [{ topicName: topic, lockDuration: 60000 }] })).length === 1, 'the task is fetched again');
    },
  },
  {
    name: 'work: a worker is added in 外部任务 and its token is shown once; its tasks are listed',
    async run(ctx) {
      const p = await page(ctx);
      ctx.shared.page = p;
      const scope = await openPage(ctx, p, '/flowable/externalTask/ExternalTaskList');
      await scope.locator('[data-action="add"]').first().click();
      const dialog = p.locator('.ant-modal', { has: p.locator('[data-field="worker-name"]') });
      await dialog.locator('[data-field="worker-name"]').fill(`ui_${sfx}`);
      await dialog.locator('[data-field="worker-topics"]').fill(`billing_${sfx}, shipping_${sfx}`);
      await dialog.locator('[data-action="confirm"]').click();
      const row = scope.locator('.loom-worker-list .ant-table-row', { hasText: `ui_${sfx}` });
      await row.locator('.ant-tag', { hasText: `shipping_${sfx}` }).waitFor({ timeout: 15000 });
      await row.locator('[data-row-action="token"]').click();
      const token = p.locator('.loom-worker-token');
      await token.waitFor({ timeout: 15000 });
      expect((await token.innerText()).trim().startsWith('lwk_'), 'the token is shown');
      await screenshot(p, 'work-6-worker-token');
      await p.locator('.ant-modal', { has: token }).locator('.ant-btn-primary').click();
      // the tasks tab lists the external task retried above, fetched and locked again
      await scope.locator('.ant-tabs-tab', { hasText: '外部任务' }).click();
      await search(scope, 'topicName', `shipping_${sfx}`);
      await scope.locator('.loom-external-tasks .ant-table-row', { hasText: `shipping_${sfx}` }).locator('.ant-tag', { hasText: '已锁定' }).waitFor({ timeout: 15000 });
    },
  },
  {
    name: 'work: the decision list and an instance detail read in English',
    async run(ctx) {
      const p = await page(ctx);
      ctx.shared.page = p;
      await switchLanguage(p, 'en-US');
      try {
        const list = await openPage(ctx, p, '/flowable/decision/DecisionList');
        await list.locator('th', { hasText: 'Decision key' }).waitFor({ timeout: 15000 });
        await search(list, 'filterText', KEY);
        await list.locator('.ant-table-row', { hasText: KEY }).locator('.ant-tag', { hasText: 'Deployed' }).waitFor({ timeout: 15000 });
        await screenshot(p, 'work-5-decisions-en');
      } finally {
        await switchLanguage(p, 'zh-CN');
      }
    },
  },
];
