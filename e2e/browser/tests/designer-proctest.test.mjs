// 流程测试 in the designer (issue 40, "Done when"): a designer writes three cases for the leave process
// in the 流程测试 drawer and runs them (all pass); after long leave is changed to start at 6 days, one
// case fails with the diverging step (the gateway) highlighted on the diagram, and publishing is
// refused showing that failure: cancelled, nothing is deployed; published anyway with a reason,
// version 1 is deployed and the reason is in the operation log; the cases export and import as JSON,
// publishing saves unsaved cases before they gate it, and version 1's cases load back. The model is
// seeded through the API.
import { readFileSync } from 'node:fs';
import { choose, eventually, expect, screenshot } from '../lib/harness.mjs';
import { bpmn, fieldCondition, openDesigner, saveModel } from '../lib/designer.mjs';
import { nodeExtension } from '../lib/api.mjs';
import { adminPage, pageApi } from '../lib/session.mjs';

const sfx = Date.now().toString(36);
const KEY = `e2e_proctest_${sfx}`;
const REASON = `人事规则改为6天起${sfx}`;

const page = (ctx) => adminPage(ctx, 'procTestPage', { width: 1600, height: 1000, acceptDownloads: true });

async function api(p, method, url, body, form = false) {
  const r = await pageApi(p, method, url, body, form);
  expect(r.status < 300, `${method} ${url}: ${r.status} ${r.text.slice(0, 300)}`);
  return r.json;
}

/** The leave process with its diagram: 部门审批, then more than 3 days to 人事审批, else the end. */
function leave(key, reviewer) {
  const nodes = [
    ['start', 'startEvent', '开始', 100, 142, 'flowable:initiator="applyUserId"'],
    ['dept', 'userTask', '部门审批', 190, 120],
    ['gw', 'exclusiveGateway', '天数判断', 350, 135],
    ['hr', 'userTask', '人事审批', 450, 250],
    ['end', 'endEvent', '结束', 620, 142],
  ];
  const flows = [
    ['f1', 'start', 'dept'],
    ['f2', 'dept', 'gw'],
    ['f_long', 'gw', 'hr', '${days > 3}'],
    ['f_short', 'gw', 'end', '${days <= 3}'],
    ['f3', 'hr', 'end'],
  ];
  const ext =
    `<extensionElements><flowable:assignee type="user" value="${reviewer}" condition="0" operationType="0" sort="10"/>` +
    '<flowable:button name="同意" code="_flow_agree" isHide="0" next="0" sort="1"/></extensionElements>';
  const withButtons = nodes.map(([id, kind, name, x, y, attrs = '']) => [id, kind, name, x, y, attrs, kind === 'userTask' ? ext : '']);
  return bpmn(key, `流程测试请假${sfx}`, withButtons, flows);
}

const drawer = (p) => p.locator('.loom-proctest-drawer');
const editor = (p, n) => drawer(p).locator(`[data-proctest-editor="${n}"]`);
const header = (p, n) => drawer(p).locator('.ant-collapse-item').nth(n - 1).locator('.ant-collapse-header');
const diverged = (p, id) => p.locator(`[data-designer-canvas] .djs-element.loom-proctest-diverged[data-element-id="${id}"]`);

async function openDrawer(p) {
  await p.locator('[data-action="proctest-open"]').click();
  await drawer(p).locator('[data-action="proctest-add"]').waitFor({ timeout: 10000 });
}

async function closeDrawer(p) {
  await drawer(p).locator('.ant-drawer-close').click();
  await drawer(p).locator('[data-action="proctest-add"]').waitFor({ state: 'hidden', timeout: 10000 });
}

/** Sets a case's name and its start variable days (a copied case has the row already). */
async function nameAndDays(ed, name, days) {
  await ed.locator('[data-field="case-name"]').fill(name);
  const vars = ed.locator('[data-kv="variables"]');
  if (!(await vars.locator('[data-field="kv-name"]').count())) {
    await vars.locator('[data-action="kv-add"]').click();
    await vars.locator('[data-field="kv-name"]').fill('days');
  }
  await vars.locator('[data-field="kv-value"]').fill(String(days));
}

async function runAll(p, summary) {
  await drawer(p).locator('[data-action="proctest-run-all"]').click();
  await drawer(p).locator('.ant-alert', { hasText: summary }).waitFor({ timeout: 15000 });
}

export default [
  {
    name: 'process tests: three cases written in the designer pass, one fails after a condition changes and publishing shows the diverging step until overridden with a reason',
    run: async (ctx) => {
      const p = await page(ctx);
      // given the leave process saved (not published), both tasks offered to the administrator
      const me = (await api(p, 'GET', '/sys/user/info')).user.id;
      const modelId = await saveModel(p, KEY, `流程测试请假${sfx}`, leave(KEY, me));
      await api(p, 'POST', '/extension/taskDefExtension/save', ['dept', 'hr'].map((n) => nodeExtension(KEY, n, [['user', me]])));
      await openDesigner(ctx, p, KEY);
      // when the designer writes three cases: eight days go to HR and end, so do five, two end at once
      await openDrawer(p);
      await drawer(p).locator('[data-action="proctest-add"]').click();
      const first = editor(p, 1);
      await nameAndDays(first, '八天假到人事', 8);
      await first.locator('[data-action="step-add"]').click();
      await first.locator('[data-action="step-add"]').click();
      expect((await first.locator('[data-proctest-step="2"] [data-field="step-node"]').textContent()).includes('人事审批'), 'the second step acts at 人事审批');
      await choose(p, first.locator('[data-field="expect-end"]'), '结束(end)');
      await header(p, 1).locator('[data-action="proctest-copy"]').click();
      await nameAndDays(editor(p, 2), '五天假到人事', 5);
      await header(p, 1).locator('[data-action="proctest-copy"]').click();
      const third = editor(p, 3);
      await nameAndDays(third, '两天假直接结束', 2);
      await third.locator('[data-proctest-step="2"] [data-action="step-remove"]').click();
      await drawer(p).locator('[data-action="proctest-save"]').click();
      await ctx.portal.toast(p, '保存流程测试成功');
      // then all three pass, and they are saved with the model
      await runAll(p, '3/3 个用例通过');
      const saved = await api(p, 'GET', `/flowable/model/tests?modelId=${modelId}`);
      expect(saved.cases.map((c) => c.name).join() === '八天假到人事,五天假到人事,两天假直接结束', `the cases are saved: ${JSON.stringify(saved.cases)}`);
      // and the path eight days took is pinned as that case's expected path
      await header(p, 1).click();
      await first.locator('[data-action="expect-path-from-run"]').click();
      await eventually(async () => (await first.locator('[data-field="expect-path"] .ant-select-selection-item').count()) === 5, 'the pinned path shows five nodes');
      await closeDrawer(p);
      // when long leave is changed to start at 6 days
      await fieldCondition(p, 'f_long', 'days', '>', '5');
      await fieldCondition(p, 'f_short', 'days', '<=', '5');
      // then 五天假到人事 fails at its second step, diverged at the gateway, drawn on the diagram
      await openDrawer(p);
      await runAll(p, '2/3 个用例通过');
      const failed = drawer(p).locator('[data-proctest-status="failed"]');
      expect((await failed.count()) === 1 && (await failed.getAttribute('data-proctest-case')) === '五天假到人事', 'only 五天假到人事 fails');
      await drawer(p).locator('.loom-proctest-failure', { hasText: '第2步: 没有待办任务，期望在节点[人事审批(hr)]办理' }).waitFor({ timeout: 5000 });
      await diverged(p, 'gw').waitFor({ timeout: 5000 });
      await screenshot(p, 'proctest-01-failed');
      await closeDrawer(p);
      // when the designer publishes: refused with the failure shown and the gateway highlighted
      const refusal = p.locator('.loom-proctest-publish');
      const publish = async () => {
        await p.locator('[data-action="designer-publish"]').click();
        const errors = p.locator('.ant-modal-confirm', { hasText: '流程存在错误' });
        await refusal.or(errors).first().waitFor({ timeout: 15000 });
        if (await errors.isVisible()) await errors.locator('.ant-btn-dangerous').click();
        await refusal.waitFor({ timeout: 15000 });
      };
      await publish();
      await refusal.locator('[data-proctest-failed-case="五天假到人事"][data-diverged-at="gw"]').waitFor({ timeout: 5000 });
      expect((await refusal.textContent()).includes('第2步: 没有待办任务，期望在节点[人事审批(hr)]办理'), 'the refusal names the diverging step');
      await diverged(p, 'gw').waitFor({ timeout: 5000 });
      expect(await refusal.locator('[data-action="proctest-override"]').isDisabled(), 'publishing anyway needs a reason');
      await screenshot(p, 'proctest-02-publish-refused');
      // cancelled: nothing published
      await refusal.locator('[data-action="proctest-cancel"]').click();
      await refusal.waitFor({ state: 'hidden', timeout: 10000 });
      const versions = async () => (await api(p, 'GET', '/flowable/process/list?current=1&size=-1')).records.filter((d) => d.key === KEY).map((d) => d.version);
      expect((await versions()).length === 0, 'nothing was published');
      // published anyway with a reason: version 1, the reason in the log
      await publish();
      await refusal.locator('[data-field="override-reason"]').fill(REASON);
      await refusal.locator('[data-action="proctest-override"]').click();
      await p.locator('.ant-modal-confirm', { hasText: '确定要保存并发布流程吗?' }).locator('.ant-btn-primary').click();
      await eventually(async () => (await versions()).join() === '1', 'version 1 is published', 20000);
      await eventually(async () => {
        const rows = (await api(p, 'GET', '/sys/log/list?size=20&requestUri=/flowable/model/deploy')).records;
        return rows.some((r) => (r.params ?? '').includes(REASON) && r.result === 'success');
      }, 'the operation log holds the reason', 20000);
      // the cases export as the JSON `loom-workflow test` reads, and a file imports back as cases
      await openDrawer(p);
      const [file] = await Promise.all([p.waitForEvent('download'), drawer(p).locator('[data-action="proctest-export"]').click()]);
      const exported = JSON.parse(readFileSync(await file.path(), 'utf8'));
      expect(file.suggestedFilename() === `${KEY}.cases.json`, `the file's name: ${file.suggestedFilename()}`);
      expect(exported.cases.map((c) => c.name).join() === '八天假到人事,五天假到人事,两天假直接结束', 'the export holds the three cases');
      expect(exported.cases[0].expect.path.join() === 'start,dept,gw,hr,end', `the pinned path: ${JSON.stringify(exported.cases[0].expect)}`);
      expect(JSON.stringify(exported.cases[2].steps) === '[{"node":"dept"}]' && exported.cases[2].variables.days === 2, `a case reads as what it checks: ${JSON.stringify(exported.cases[2])}`);
      const one = { cases: [{ ...exported.cases[1], name: '导入的五天假' }] };
      await drawer(p).locator('[data-action="proctest-file"]').setInputFiles({ name: 'cases.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(one)) });
      await ctx.portal.toast(p, '已导入1个用例');
      await drawer(p).locator('[data-proctest-case="导入的五天假"]').waitFor({ timeout: 5000 });
      expect((await drawer(p).locator('[data-proctest-case]').count()) === 1, 'the import replaces the cases');
      // publishing saves the imported case (unsaved) first, and it is the one that gates
      await closeDrawer(p);
      await publish();
      await refusal.locator('[data-proctest-failed-case="导入的五天假"]').waitFor({ timeout: 5000 });
      await refusal.locator('[data-action="proctest-cancel"]').click();
      const kept = await api(p, 'GET', `/flowable/model/tests?modelId=${modelId}`);
      expect(kept.cases.map((c) => c.name).join() === '导入的五天假', `publishing saved the imported case: ${kept.cases.map((c) => c.name)}`);
      // version 1 kept the three cases it was published with: they load back into the drawer
      await refusal.waitFor({ state: 'hidden', timeout: 10000 });
      await openDrawer(p);
      await choose(p, drawer(p).locator('[data-field="proctest-version"]'), 'v1 发布时的用例');
      await ctx.portal.toast(p, '已载入 v1 发布时的3个用例');
      expect((await drawer(p).locator('[data-proctest-case]').count()) === 3, 'the three cases of v1 are back');
    },
  },
];
