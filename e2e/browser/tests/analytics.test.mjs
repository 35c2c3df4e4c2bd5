// 流程分析 in the browser (issue 40, "Done when": the heatmap shows the countersign node as the slowest
// of a seeded history). A process with its diagram (DI) — 提交申请, 会签 (a countersign), 人事审批 — is
// deployed and run twice by API, each request waiting at 会签 before it is signed and passing the other
// nodes at once; 流程分析 then tints 会签 as the slowest node over the diagram, and its figures and
// charts show the two finished requests.
import { eventually, expect, screenshot } from '../lib/harness.mjs';
import { nodeExtension } from '../lib/api.mjs';
import { bpmn } from '../lib/designer.mjs';
import { adminApi, adminPage, openPage } from '../lib/session.mjs';

const sfx = Date.now().toString(36);
const KEY = `e2e_an_${sfx}`;
const NAME = `流程分析${sfx}`;
const SIGNING_MS = 1500; // how long each request waits at 会签 (the other nodes: a moment)
const SIGN =
  '<multiInstanceLoopCharacteristics isSequential="false" flowable:collection="${multiInstanceHandler.getList(execution)}" ' +
  'flowable:elementVariable="assignee"/>';
const XML = bpmn(
  KEY,
  NAME,
  [
    ['start', 'startEvent', '开始', 60, 122, 'flowable:initiator="applyUserId"'],
    ['apply', 'userTask', '提交申请', 150, 100, 'flowable:assignee="${applyUserId}"'],
    ['sign', 'userTask', '会签', 300, 100, 'flowable:assignee="${assignee}"', SIGN],
    ['hr', 'userTask', '人事审批', 450, 100, 'flowable:assignee="${applyUserId}"'],
    ['end', 'endEvent', '结束', 600, 122],
  ],
  [
    ['f1', 'start', 'apply'],
    ['f2', 'apply', 'sign'],
    ['f3', 'sign', 'hr'],
    ['f4', 'hr', 'end'],
  ],
);

/** Runs one request through: 提交申请 at once, 会签 after SIGNING_MS, 人事审批 at once. */
async function runThrough(api, title) {
  const pid = await api.call('POST', '/flowable/task/start', { params: { procDefKey: KEY, title } });
  await api.agree(pid);
  const [signing] = await eventually(async () => {
    const rows = await api.todoOf(pid);
    return rows.length && rows[0].task.taskDefinitionKey === 'sign' ? rows : null;
  }, `${title} waits at 会签`);
  const since = Date.parse(signing.task.createTime);
  await eventually(() => Date.now() - since >= SIGNING_MS, `${title} has waited at 会签`, SIGNING_MS + 5000);
  await api.agree(pid);
  await api.agree(pid);
  await eventually(async () => (await api.todoOf(pid)).length === 0, `${title} has ended`);
}

export default [
  {
    name: 'analytics: the heatmap marks the countersign as the slowest node; figures and charts show the finished requests',
    async run(ctx) {
      // given: the process with its diagram, run twice, each request waiting at 会签
      const api = await adminApi(ctx);
      const me = await api.userId('admin');
      await api.deployModel({ key: KEY, name: NAME, xml: XML, nodes: [nodeExtension(KEY, 'sign', [['user', me]])] });
      for (const n of [1, 2]) await runThrough(api, `${NAME}-${n}`);
      // when: 流程分析, the definition chosen
      const p = await adminPage(ctx, 'analyticsPage', { width: 1600, height: 1100 });
      const scope = await openPage(ctx, p, '/flowable/analytics/ProcessAnalytics');
      const select = scope.locator('[data-field="definition"]');
      await select.click();
      await select.locator('input').fill(NAME);
      await p.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: NAME }).first().click();
      // then: over the diagram, 会签 is tinted as the slowest (rank 0), the others after it
      const slowest = scope.locator('.loom-heatmap .loom-heat[data-rank="0"]');
      await slowest.waitFor({ timeout: 20000 });
      expect((await slowest.getAttribute('data-node')) === 'sign', `the slowest node is ${await slowest.getAttribute('data-node')}`);
      expect((await slowest.getAttribute('title')).startsWith('会签'), 'the slowest node is named 会签');
      expect((await scope.locator('.loom-heatmap .loom-heat').count()) === 3, 'each of the three tasks is tinted');
      await scope.locator('.loom-heatmap .djs-element[data-element-id="sign"]').waitFor();
      // and the figures count the two finished requests
      const figure = async (key) => (await scope.locator(`[data-figure="${key}"] .ant-statistic-content-value`).innerText()).trim();
      expect((await figure('finished')) === '2' && (await figure('running')) === '0', `finished ${await figure('finished')}, running ${await figure('running')}`);
      // and the charts are drawn, described for screen readers with their data (ECharts' aria label)
      for (const chart of ['durations', 'throughput', 'paths', 'outcomes']) {
        await scope.locator(`[data-chart="${chart}"] canvas`).waitFor({ timeout: 20000 });
      }
      const described = async (chart) => (await scope.locator(`[data-chart="${chart}"]`).getAttribute('aria-label')) ?? '';
      await eventually(async () => (await described('durations')).includes('会签'), 'the waiting-time chart names 会签');
      expect((await described('durations')).indexOf('会签') < (await described('durations')).indexOf('人事审批'), `会签 comes first: ${await described('durations')}`);
      expect((await described('paths')).includes('开始 → 提交申请 → 会签 → 人事审批 → 结束'), `the path chart: ${await described('paths')}`);
      expect((await described('throughput')).includes('2'), `the throughput chart: ${await described('throughput')}`);
      // and the node table lists 会签 first
      expect((await scope.locator('.loom-analytics-nodes .ant-table-row').first().innerText()).includes('会签'), 'the table lists 会签 first');
      await screenshot(p, 'analytics-1-heatmap');
      await scope.locator('[data-chart="outcomes"]').scrollIntoViewIfNeeded();
      await screenshot(p, 'analytics-2-charts');
    },
  },
];
