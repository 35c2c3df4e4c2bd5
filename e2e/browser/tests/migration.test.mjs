// 实例迁移 in the browser (issue 40, "Done when"): two running instances of v1 — one at 部门审批, one at
// 人事审批, which v2 removes — are migrated from 流程定义 ("迁移实例" on v1's row): the mapping shows the
// removed and the added node, the dry run says one can move and the other cannot (and why), and
// migrating moves the first onto v2 and leaves the second where it was, reported. From 运行中流程 one
// instance alone is migrated the same way (its reminder re-armed by v2), and its 流转记录 shows the
// migration. Seeded by API.
import { eventually, expect, screenshot } from '../lib/harness.mjs';
import { bpmn, flow } from '../lib/api.mjs';
import { adminApi, adminPage, openPage } from '../lib/session.mjs';

const sfx = Date.now().toString(36);
const KEY = `e2e_mig_${sfx}`;
const NAME = `迁移请假${sfx}`;

const page = (ctx) => adminPage(ctx, 'migrationPage', { width: 1600, height: 1000 });

const START = '<startEvent id="start" name="开始" flowable:initiator="applyUserId"/>';
const BODY1 =
  START +
  '<userTask id="dept" name="部门审批" flowable:assignee="${applyUserId}"/>' +
  '<userTask id="hr" name="人事审批" flowable:assignee="${applyUserId}"/>' +
  '<endEvent id="end" name="结束"/>' +
  flow('f1', 'start', 'dept') +
  flow('f2', 'dept', 'hr') +
  flow('f3', 'hr', 'end');
const V1 = bpmn(KEY, NAME, BODY1);
const BODY2 =
  START +
  '<userTask id="dept" name="部门经理审批" flowable:assignee="${applyUserId}"/>' +
  '<userTask id="gm" name="总经理审批" flowable:assignee="${applyUserId}"/>' +
  '<endEvent id="end" name="结束"/>' +
  flow('f1', 'start', 'dept') +
  flow('f2', 'dept', 'gm') +
  flow('f3', 'gm', 'end');
const V2 = bpmn(KEY, NAME, BODY2);

// One instance from the monitor: dept carries a reminder (提醒) that v2 moves from eight hours to two days
const remind = (duration) =>
  '<boundaryEvent id="remind" name="提醒" attachedToRef="dept" cancelActivity="false">' +
  `<timerEventDefinition><timeDuration>${duration}</timeDuration></timerEventDefinition></boundaryEvent>` +
  '<endEvent id="reminded" name="已提醒"/>' +
  flow('f_remind', 'remind', 'reminded');
const ONE_KEY = `e2e_mig1_${sfx}`;
const ONE_NAME = `迁移单个${sfx}`;
const ONE_V1 = bpmn(ONE_KEY, ONE_NAME, BODY1 + remind('PT8H'));
const ONE_V2 = bpmn(ONE_KEY, ONE_NAME, BODY2 + remind('P2D'));

async function running(api) {
  const rows = (await api.get('/flowable/process/runningData', { current: '1', size: '100', title: sfx })).records;
  return Object.fromEntries(rows.map((r) => [r.title ?? r.vars?.title, r.processDefinitionId]));
}

/** The dialog's dry run: answers the row of the (first) instance that can move. */
async function dryRun(dialog) {
  await dialog.locator('[data-action="migration-dry-run"]').click();
  const movable = dialog.locator('[data-migration-instance][data-status="movable"]');
  await movable.first().waitFor({ timeout: 15000 });
  return movable;
}

/** Migrates what the dry run showed (confirmed) and waits for the report: answers it once it counts `counts`. */
async function migrate(p, dialog, counts) {
  await dialog.locator('[data-action="migration-run"]').click();
  await p.locator('.ant-popconfirm .ant-btn-primary').click();
  const report = dialog.locator('[data-role="migration-report"][data-status="done"]');
  await report.waitFor({ timeout: 30000 });
  expect((await report.innerText()).includes(counts), `the report counts ${counts}: ${await report.innerText()}`);
  return report;
}

export default [
  {
    name: 'migration: running instances of v1 move to v2 after a dry run; the one on a removed node stays and is reported',
    async run(ctx) {
      // given: v1 with one instance at 部门审批 and one at 人事审批, then v2 without 人事审批
      const api = await adminApi(ctx);
      const modelId = await api.deployModel({ key: KEY, name: NAME, xml: V1 });
      const stays = `留在部门${sfx}`;
      const blocked = `到了人事${sfx}`;
      await api.call('POST', '/flowable/task/start', { params: { procDefKey: KEY, title: stays } });
      const hr = await api.call('POST', '/flowable/task/start', { params: { procDefKey: KEY, title: blocked } });
      await api.agree(hr);
      await api.deployModel({ modelId, key: KEY, name: NAME, xml: V2 });
      // when: 流程定义, every version, v1's row: 迁移实例
      const p = await page(ctx);
      const scope = await openPage(ctx, p, '/flowable/process/DefinitionList');
      await scope.locator('[data-action="all-versions"]').click();
      const name = scope.locator('.ant-pro-table-search [id="name"]').first();
      await name.fill(NAME);
      await name.press('Enter');
      const v1 = scope.locator('.ant-table-row', { hasText: NAME }).filter({ has: p.locator('.ant-tag', { hasText: /^v1$/ }) });
      await v1.locator('[data-row-action="migrate"]').click();
      const dialog = p.locator('.loom-migration-dialog');
      // then: the plan maps dept by id, shows hr removed and gm added
      await dialog.locator('[data-migration-node="hr"][data-state="removed"]').waitFor({ timeout: 15000 });
      expect(await dialog.locator('[data-migration-node="dept"][data-state="same"]').count() === 1, 'dept maps by id');
      await dialog.locator('[data-added-node="gm"]').waitFor();
      // and the dry run says which can move and what changes, and which cannot and why
      const movable = await dryRun(dialog);
      expect((await movable.innerText()).includes('部门审批') && (await movable.innerText()).includes('部门经理审批'), 'the dry run shows the task renamed');
      const left = dialog.locator('[data-migration-instance][data-status="left"]');
      expect((await left.innerText()).includes('节点[人事审批]在新版本中没有对应节点'), `the dry run names the removed node: ${await left.innerText()}`);
      await screenshot(p, 'migration-1-dry-run');
      // when: migrating; then: the report: one moved, one left in place with its reason
      await migrate(p, dialog, '已迁移 1 个, 保持原状 1 个');
      await dialog.locator('[data-migration-instance][data-status="moved"]').waitFor();
      expect((await dialog.locator('[data-migration-instance][data-status="left"]').innerText()).includes('人事审批'), 'the report says why');
      await screenshot(p, 'migration-2-report');
      // and the instances run where the report says
      await eventually(async () => {
        const on = await running(api);
        return on[stays]?.split(':')[1] === '2' && on[blocked]?.split(':')[1] === '1';
      }, 'the first instance runs on v2, the second still on v1', 15000);
    },
  },
  {
    name: 'migration: 运行中流程 moves one instance onto v2 after a dry run (its reminder re-armed), the others stay; its history shows the migration',
    async run(ctx) {
      // given: two instances of v1 at 部门审批, then v2 (部门审批 renamed, its reminder from eight hours to two days)
      const api = await adminApi(ctx);
      const modelId = await api.deployModel({ key: ONE_KEY, name: ONE_NAME, xml: ONE_V1 });
      const moving = `单个迁移${sfx}`;
      const staying = `不动${sfx}`;
      for (const title of [moving, staying]) await api.call('POST', '/flowable/task/start', { params: { procDefKey: ONE_KEY, title } });
      await api.deployModel({ modelId, key: ONE_KEY, name: ONE_NAME, xml: ONE_V2 });
      // when: 运行中流程, the first instance's 迁移
      const p = await page(ctx);
      const scope = await openPage(ctx, p, '/flowable/process/RunningList');
      const search = scope.locator('.ant-pro-table-search [id="title"]').first();
      await search.fill(moving);
      await search.press('Enter');
      const row = scope.locator('.ant-table-row', { hasText: moving });
      await row.waitFor({ timeout: 15000 });
      await row.locator('[data-row-action="migrate"]').click();
      const dialog = p.locator('.loom-migration-dialog');
      await dialog.locator('[data-migration-node="dept"][data-state="same"]').waitFor({ timeout: 15000 });
      expect((await dialog.innerText()).includes('迁移本流程实例'), `the dialog says it moves this instance only: ${await dialog.innerText()}`);
      // then the dry run lists this instance only: its task renamed, its reminder re-armed two days after the task began
      const movable = await dryRun(dialog);
      expect((await dialog.locator('[data-migration-instance]').count()) === 1, 'one instance in the dry run');
      const changes = await movable.innerText();
      expect(changes.includes('部门审批') && changes.includes('部门经理审批'), `the task renamed: ${changes}`);
      const [before, after] = (changes.match(/提醒: 定时 (\S+ \S+) → (\S+ \S+)/) ?? []).slice(1).map((d) => new Date(d.replace(' ', 'T')).getTime());
      expect(after - before === 40 * 3600 * 1000, `the reminder moves from eight hours to two days after the task began: ${changes}`);
      await screenshot(p, 'migration-3-one-instance');
      // when migrating it; then the report: one moved of one
      await migrate(p, dialog, '已迁移 1 个, 保持原状 0 个, 共 1 个');
      await eventually(async () => {
        const on = await running(api);
        return on[moving]?.split(':')[1] === '2' && on[staying]?.split(':')[1] === '1';
      }, 'the migrated instance runs on v2, the other still on v1', 15000);
      // and its history (流转记录) shows the migration, by whom and from which version to which
      await dialog.locator('.ant-modal-close').click();
      await dialog.waitFor({ state: 'hidden' });
      await row.locator('[data-row-action="history"]').click();
      const detail = p.locator('[data-page="/flowable/task/TaskFormDetail"] .loom-task-detail');
      await detail.locator('.ant-tabs-tab', { hasText: '流转记录' }).click();
      const step = detail.locator('.loom-history-step[data-status="实例迁移"]');
      await step.waitFor({ timeout: 15000 });
      expect((await step.innerText()).includes('从版本1迁移到版本2'), `the history step: ${await step.innerText()}`);
      await screenshot(p, 'migration-4-history');
    },
  },
];
