// The designer that tells the truth before publishing (issue 16), through the gateway with a real
// organisation: live checks on their elements that go away when fixed and a confirmation before
// publishing with errors; a dry run with the rule 'the initiator's department manager' that stops on
// a department without a manager and names the manager of one that has one, routed by the days
// entered; a version diff; token simulation.
import { choose, eventually, expect, screenshot, tick } from '../lib/harness.mjs';
import { bpmn, openDesigner, saveModel as model } from '../lib/designer.mjs';
import { adminPage, pageApi } from '../lib/session.mjs';

const sfx = Date.now().toString(36);

const page = (ctx) => adminPage(ctx, 'checksPage', { width: 1600, height: 1000 });

/** Calls the API with the page's token; answers the JSON (fails on a non-2xx). */
async function api(p, method, url, body, form = false) {
  const r = await pageApi(p, method, url, body, form);
  expect(r.status < 300, `${method} ${url}: ${r.status} ${r.text.slice(0, 300)}`);
  try {
    return JSON.parse(r.text);
  } catch {
    return r.text;
  }
}

const configured = (rules, { back = false } = {}) =>
  '<extensionElements>' +
  rules.map(([type, value, op = '0'], i) => `<flowable:assignee type="${type}" value="${value}" condition="0" operationType="${op}" sort="${(i + 1) * 10}"/>`).join('') +
  '<flowable:button name="同意" code="_flow_agree" isHide="0" next="0" sort="1"/>' +
  (back ? '<flowable:button name="退回" code="_flow_back" isHide="0" next="0" sort="2"/>' : '') +
  '</extensionElements>';
const FORM = 'flowable:formKey="/oa/leave/LeaveForm"';

/** Creates a model with this XML; answers its id. */
const overlay = (p, id) => p.locator(`.djs-overlays[data-container-id="${id}"] .bjsl-overlay`);
const shape = (p, id) => p.locator(`[data-designer-canvas] .djs-element[data-element-id="${id}"]`);

// The issue list sits in a click-triggered popover that animates in and out: a list still fading
// out is "visible" for a moment and then disappears under the click, so every toggle waits until the
// popover has settled (shown and not leaving, or gone) before anything is clicked in it.
const checksPopover = (p) => p.locator('.ant-popover:not(.ant-popover-hidden)', { has: p.locator('.loom-checks-list') });
const leaving = (p) => p.locator('.ant-popover[class*="-leave"]', { has: p.locator('.loom-checks-list') });

async function settled(p) {
  await eventually(async () => (await leaving(p).count()) === 0 && (await p.locator('.ant-popover[class*="-enter"]', { has: p.locator('.loom-checks-list') }).count()) === 0, 'the checks popover has settled');
}

async function issueList(p) {
  await settled(p);
  if (!(await checksPopover(p).isVisible().catch(() => false))) {
    await p.locator('[data-action="checks-toggle"]').click();
    await p.locator('.loom-checks-list').waitFor({ state: 'visible', timeout: 10000 });
    await settled(p);
  }
  return checksPopover(p).locator('.loom-checks-list');
}

async function closeIssueList(p) {
  await settled(p);
  if (await checksPopover(p).isVisible().catch(() => false)) {
    await p.locator('[data-action="checks-toggle"]').click();
    await p.locator('.loom-checks-list').waitFor({ state: 'hidden', timeout: 10000 });
  }
}

// ------------------------------------------------------------------ the organisation
async function organisation(ctx, p) {
  if (ctx.shared.dryOrg) return ctx.shared.dryOrg;
  const tree = async () => api(p, 'GET', '/sys/office/treeData?showAll=1');
  const find = (nodes, name) => {
    for (const n of nodes) {
      if (n.name === name) return n.id;
      const f = find(n.children ?? [], name);
      if (f) return f;
    }
    return null;
  };
  const office = async (name, type, parentId = '0') => {
    await api(p, 'POST', '/sys/office/save', { name, type, parentId });
    return find(await tree(), name);
  };
  const company = await office(`试运行公司${sfx}`, '1');
  const sales = await office(`销售部${sfx}`, '2', company);
  const lab = await office(`实验室${sfx}`, '2', company);
  const hr = await office(`人事部${sfx}`, '2', company);
  const user = async (nick, name, officeId) => {
    const loginName = `dry-${sfx}-${nick}`;
    await api(p, 'POST', '/sys/user/save', { loginName, name, password: 'Dry-run-9', companyDTO: { id: company }, officeDTO: { id: officeId } });
    const found = await api(p, 'GET', `/sys/user/list?loginName=${loginName}`);
    return { id: found.records[0].id, loginName, name };
  };
  ctx.shared.dryOrg = { zhang: await user('zhang', '张三', sales), wang: await user('wang', '王经理', sales), li: await user('li', '李四', lab), zhao: await user('zhao', '赵人事', hr) };
  // 销售部 gets a manager, 王经理, picked in the office form with the user picker; 实验室 has none
  await p.goto(ctx.base + '/sys/office/OfficeList');
  const offices = p.locator('[data-page="/sys/office/OfficeList"]');
  await offices.locator('.ant-table-row', { hasText: `销售部${sfx}` }).locator('a', { hasText: `销售部${sfx}` }).click({ timeout: 20000 });
  const form = ctx.portal.modal(p);
  await form.locator('.loom-office-primary-person [data-action="pick-user"]').click();
  await pickUser(p, ctx.shared.dryOrg.wang);
  await form.locator('.loom-office-primary-person .ant-tag', { hasText: '王经理' }).waitFor({ timeout: 10000 });
  await form.locator('[data-action="confirm"]').click();
  await form.waitFor({ state: 'hidden', timeout: 15000 });
  await offices.locator('.ant-table-row', { hasText: `销售部${sfx}` }).filter({ hasText: '王经理' }).waitFor({ timeout: 10000 });
  const saved = await api(p, 'GET', `/sys/office/queryById?id=${sales}`);
  expect(saved.primaryPerson?.id === ctx.shared.dryOrg.wang.id, `the manager saved: ${JSON.stringify(saved.primaryPerson)}`);
  return ctx.shared.dryOrg;
}

function leave(key, org, extra = { nodes: [], flows: null }) {
  const head = [['applyUserDeptManager', '']];
  return bpmn(
    key,
    `试运行请假${sfx}`,
    [
      ['start', 'startEvent', '开始', 100, 200, `flowable:initiator="applyUserId" ${FORM}`],
      ['dept', 'userTask', '部门负责人审批', 200, 178, FORM, configured(head)],
      ['gw', 'exclusiveGateway', '天数', 360, 193],
      ['hr', 'userTask', '人事审批', 460, 80, FORM, configured([['user', org.zhao.id]], { back: true })],
      ['end', 'endEvent', '结束', 700, 200],
      ...extra.nodes,
    ],
    extra.flows ?? [
      ['f1', 'start', 'dept'],
      ['f2', 'dept', 'gw'],
      ['f_long', 'gw', 'hr', '${days > 3}'],
      ['f_short', 'gw', 'end', '${days <= 3}'],
      ['f3', 'hr', 'end'],
    ],
  );
}

async function pickInitiator(p, who) {
  const drawer = p.locator('.loom-dryrun-drawer');
  await drawer.locator('[data-action="pick-user"]').click();
  await pickUser(p, who);
}

/** Chooses one user in the open user picker by login name. */
async function pickUser(p, who) {
  const picker = p.locator('.loom-user-picker');
  await picker.waitFor();
  const search = picker.locator('input[placeholder="登录名"]');
  await search.fill(who.loginName);
  await search.press('Enter');
  await tick(picker.locator('.ant-table-row', { hasText: who.loginName }).first().locator('input[type="radio"], input[type="checkbox"]').first(), `${who.loginName} is chosen`);
  await picker.locator('[data-action="confirm"]').click();
  await picker.waitFor({ state: 'hidden' });
}

async function dryRun(p, who, days) {
  await pickInitiator(p, who);
  const value = p.locator('.loom-dryrun-drawer [data-dryrun-value="days"]');
  await value.fill(String(days));
  const before = await p.locator('.loom-dryrun-drawer [data-dryrun-status]').count();
  await p.locator('.loom-dryrun-drawer [data-action="dryrun-run"]').click();
  await eventually(async () => (await p.locator('.loom-dryrun-drawer [data-dryrun-status]').count()) > 0 || before > 0, 'a dry-run result');
  await p.waitForTimeout(300);
  return p.locator('.loom-dryrun-drawer [data-dryrun-status]');
}

export default [
  {
    name: 'designer checks: each live check shows on its element, goes when fixed, and publishing with errors asks first',
    run: async (ctx) => {
      const p = await page(ctx);
      const key = `e2e_checks_${sfx}`;
      const xml = bpmn(
        key,
        `检查${sfx}`,
        [
          ['start', 'startEvent', '开始', 100, 200, FORM],
          ['dept', 'userTask', '部门审批', 200, 178, FORM, configured([['role', 'r1']])],
          ['gw', 'exclusiveGateway', '天数', 360, 193],
          ['wait', 'intermediateCatchEvent', '等待', 480, 100, '', '<timerEventDefinition><timeDuration>2 hours</timeDuration></timerEventDefinition>'],
          ['file', 'userTask', '备案', 480, 280],
          ['call', 'callActivity', '子流程', 600, 78, `calledElement="no_such_${sfx}"`],
          ['island', 'userTask', '孤岛', 600, 400, FORM, configured([['role', 'r1']])],
          ['end', 'endEvent', '结束', 800, 200],
        ],
        [
          ['f1', 'start', 'dept'],
          ['f2', 'dept', 'gw'],
          ['f_long', 'gw', 'wait', '${days > 3}'],
          ['f_short', 'gw', 'file', '${days < 3}'],
          ['f3', 'wait', 'call'],
          ['f4', 'call', 'end'],
          ['f5', 'file', 'end'],
          ['f6', 'island', 'end'],
        ],
      );
      await model(p, key, `检查${sfx}`, xml);
      await openDesigner(ctx, p, key);
      // every check on its element
      for (const id of ['gw', 'wait', 'file', 'call', 'island', 'f_long']) await overlay(p, id).waitFor({ timeout: 15000 });
      const list = await issueList(p);
      const entry = (id, rule) => list.locator(`[data-check-element="${id}"][data-check-rule="${rule}"]`);
      for (const [id, rule, text] of [
        ['gw', 'loom/gateway-may-stall', '网关[天数]没有默认流向，而所有条件都可能不成立'],
        ['wait', 'loom/timer-iso8601', '定时器[等待]的持续时间值[2 hours]不是有效的ISO-8601格式'],
        ['file', 'loom/no-assignee', '节点[备案]未指定审批人'],
        ['file', 'loom/no-buttons', '节点[备案]未配置按钮'],
        ['file', 'loom/no-form', '节点[备案]未配置表单'],
        ['island', 'loom/unreachable', '节点[孤岛]从开始节点无法到达'],
        ['call', 'loom/call-activity-deployed', `调用活动[子流程]调用的流程[no_such_${sfx}]尚未发布`],
        ['f_long', 'loom/unknown-variable', '条件中的变量[days]不是任何表单字段或启动变量'],
      ]) {
        const found = entry(id, rule);
        await found.waitFor({ timeout: 10000 });
        const said = await found.innerText();
        expect(said.includes(text), `${rule} on ${id}: ${said}`);
      }
      await screenshot(p, 'checks-01-issues');
      // a click on an issue selects its element
      await entry('wait', 'loom/timer-iso8601').click();
      await p.locator('.loom-product-panel[data-element-id="wait"]').waitFor({ timeout: 5000 });
      await closeIssueList(p);
      // fixing the timer removes its marker
      const value = p.locator('.loom-product-panel [data-field="timer-value"]');
      await value.fill('PT2H');
      await value.blur();
      await eventually(
        async () => (await overlay(p, 'wait').count()) === 0,
        `the timer check goes away once the value is PT2H (left: ${await (await issueList(p)).locator('[data-check-element="wait"]').allInnerTexts()})`,
      );
      // a condition covering the rest un-stalls the gateway
      await (await issueList(p)).locator('[data-check-element="f_short"]').first().click();
      await p.locator('.loom-product-panel[data-element-id="f_short"]').waitFor({ timeout: 5000 });
      await closeIssueList(p);
      const cond = p.locator('.loom-product-panel [data-field="condition-expression"] input, .loom-product-panel input[data-field="condition-expression"]').first();
      await cond.fill('${days <= 3}');
      await cond.blur();
      await eventually(async () => (await overlay(p, 'gw').count()) === 0, 'the gateway check goes away once the conditions cover every value');
      expect((await overlay(p, 'island').count()) === 1, 'the unreachable node keeps its marker');
      await screenshot(p, 'checks-02-fixed');
      // publishing with errors asks first and lists them
      await p.locator('[data-action="designer-publish"]').click();
      const confirm = p.locator('.loom-publish-errors');
      await confirm.waitFor({ timeout: 10000 });
      const listed = await confirm.innerText();
      expect(listed.includes('节点[孤岛]从开始节点无法到达') && listed.includes('调用活动[子流程]'), `errors listed: ${listed}`);
      await screenshot(p, 'checks-03-publish-confirm');
      await confirm.locator('.ant-modal-confirm-btns .ant-btn:not(.ant-btn-dangerous)').click();
      await confirm.waitFor({ state: 'hidden' });
      const deployed = await api(p, 'GET', `/flowable/process/list?name=${key}`);
      expect(!deployed.records.some((r) => r.key === key), 'cancelled: nothing published');
    },
  },
  {
    name: 'designer dry run: the initiator\'s department manager — none stops on that node, one is named; days route the run',
    run: async (ctx) => {
      const p = await page(ctx);
      const org = await organisation(ctx, p);
      const key = `e2e_dryrun_${sfx}`;
      await model(p, key, `试运行${sfx}`, leave(key, org));
      await openDesigner(ctx, p, key);
      // the product panel names the rule
      await shape(p, 'dept').click();
      const reviewerRule = p.locator('.loom-product-panel[data-element-id="dept"] .loom-reviewers');
      await reviewerRule.waitFor({ timeout: 10000 });
      await eventually(async () => (await reviewerRule.innerText()).includes('发起人部门负责人'), 'the reviewer section shows 发起人部门负责人');
      await p.locator('[data-action="dryrun-open"]').click();
      await p.locator('.loom-dryrun-drawer').waitFor();
      // 李四's department has no manager: the run stops on the department node, saying why
      let status = await dryRun(p, org.li, 2);
      expect((await status.getAttribute('data-dryrun-status')) === 'stopped', 'stopped');
      const reason = p.locator('.loom-dryrun-reason[data-dryrun-stop="dept"]');
      await reason.waitFor({ timeout: 5000 });
      expect((await reason.innerText()).includes('节点[部门负责人审批]按审批人规则找不到任何人'), `reason on the node: ${await reason.innerText()}`);
      expect(((await shape(p, 'dept').getAttribute('class')) ?? '').includes('loom-dryrun-stopped'), 'the node is marked');
      await screenshot(p, 'dryrun-01-stopped');
      // 张三's department has a manager, 王经理: he receives the task, by the manager rule
      status = await dryRun(p, org.zhang, 2);
      await eventually(async () => (await status.getAttribute('data-dryrun-status')) === 'completed', 'completed');
      const reviewers = await p.locator('.loom-dryrun-drawer [data-dryrun-reviewers="dept"]').innerText();
      expect(reviewers.includes('王经理') && !reviewers.includes('张三'), `reviewers: ${reviewers}`);
      const rule = p.locator('.loom-dryrun-drawer [data-dryrun-step="dept"] [data-rule-type="applyUserDeptManager"]');
      expect((await rule.count()) === 1, 'the rule is named');
      expect((await rule.innerText()).includes('发起人部门负责人'), `the rule reads: ${await rule.innerText()}`);
      expect((await p.locator('.loom-dryrun-drawer [data-dryrun-step="hr"]').count()) === 0, '2 days skip HR');
      expect((await p.locator('.loom-dryrun-reason').count()) === 0, 'no stop marker');
      // 5 days go through HR
      status = await dryRun(p, org.zhang, 5);
      await p.locator('.loom-dryrun-drawer [data-dryrun-step="hr"]').waitFor({ timeout: 5000 });
      const hr = await p.locator('.loom-dryrun-drawer [data-dryrun-reviewers="hr"]').innerText();
      expect(hr.includes('赵人事'), `HR reviewers: ${hr}`);
      // the rule names the user it holds, not the id it stores
      const hrRule = p.locator('.loom-dryrun-drawer [data-dryrun-step="hr"] [data-rule-type="user"] code');
      await eventually(async () => (await hrRule.innerText()).includes('赵人事'), 'the HR rule names its user');
      expect(((await shape(p, 'hr').getAttribute('class')) ?? '').includes('loom-dryrun-visited'), 'HR marked on the canvas');
      await screenshot(p, 'dryrun-02-routed');
      // HR sends it back to the department node picked in the drawer; the manager's second look agrees
      const drawer = p.locator('.loom-dryrun-drawer');
      await choose(p, drawer.locator('[data-dryrun-button="hr"]'), '退回');
      await choose(p, drawer.locator('[data-dryrun-back-to="hr"]'), '部门负责人审批');
      await drawer.locator('[data-action="dryrun-run"]').click();
      const back = drawer.locator('[data-dryrun-back="hr"]');
      await back.waitFor({ timeout: 10000 });
      expect((await back.innerText()).includes('退回到[部门负责人审批]'), `sent back: ${await back.innerText()}`);
      await eventually(async () => (await drawer.locator('[data-dryrun-step="dept"]').count()) === 2, 'the department node is reached twice');
      await eventually(async () => (await drawer.locator('[data-dryrun-status]').getAttribute('data-dryrun-status')) === 'completed', 'and the run completes');
      await screenshot(p, 'dryrun-02b-sent-back');
      // stepping back moves the current marker
      await p.locator('.loom-dryrun-drawer [data-action="dryrun-prev"]').click();
      await eventually(async () => (await p.locator('[data-designer-canvas] .djs-element.loom-dryrun-current').count()) === 1, 'one current step');
      const definitions = await api(p, 'GET', `/flowable/process/list?name=${key}`);
      expect(!definitions.records.some((r) => r.key === key), 'the dry run deployed nothing');
      await p.locator('.loom-dryrun-drawer .ant-drawer-close').click();
    },
  },
  {
    name: 'designer dry run: the start event\'s dynamic form is rendered, its fields count as provided variables',
    run: async (ctx) => {
      const p = await page(ctx);
      const org = await organisation(ctx, p);
      const json = {
        list: [
          { type: 'input', model: 'reason', key: 'k_reason', name: '事由', options: {} },
          { type: 'number', model: 'days', key: 'k_days', name: '天数', options: { min: 0, max: 30 } },
        ],
        config: {},
      };
      const formName = `试运行请假单${sfx}`;
      await api(p, 'POST', '/extension/formDefinition/save', { name: formName, json: JSON.stringify(json) });
      const forms = await api(p, 'GET', '/extension/formDefinition/list?current=1&size=-1&formDefinitionJson.status=1');
      const jsonId = forms.records.find((r) => r.name === formName).formDefinitionJson.id;
      const key = `e2e_dryform_${sfx}`;
      await model(p, key, `试运行表单${sfx}`, leave(key, org).replace(`flowable:initiator="applyUserId" ${FORM}`, `flowable:initiator="applyUserId" flowable:formKey="${jsonId}"`));
      await openDesigner(ctx, p, key);
      // days is a field of the start form: no condition warns about it
      const list = await issueList(p);
      await list.locator('[data-check-element]').first().waitFor({ timeout: 10000 });
      await eventually(async () => (await list.locator('[data-check-rule="loom/unknown-variable"]').count()) === 0, 'no condition names an unknown variable');
      await closeIssueList(p);
      await p.locator('[data-action="dryrun-open"]').click();
      const form = p.locator(`.loom-dryrun-drawer [data-dryrun-start-form="${jsonId}"]`);
      await form.waitFor({ timeout: 10000 });
      await pickInitiator(p, org.zhang);
      await form.locator('.ant-form-item', { hasText: '事由' }).locator('input').fill('探亲');
      await form.locator('.ant-form-item', { hasText: '天数' }).locator('input').fill('6');
      expect((await p.locator('.loom-dryrun-drawer [data-dryrun-value="days"]').count()) === 0, 'days is asked once, in the form');
      await p.locator('.loom-dryrun-drawer [data-action="dryrun-run"]').click();
      await p.locator('.loom-dryrun-drawer [data-dryrun-step="hr"]').waitFor({ timeout: 10000 });
      await screenshot(p, 'dryrun-03-start-form');
      await p.locator('.loom-dryrun-drawer .ant-drawer-close').click();
    },
  },
  {
    name: 'designer diff: a new version adds a node; the diff shows it added and the flow it changed',
    run: async (ctx) => {
      const p = await page(ctx);
      const org = await organisation(ctx, p);
      const key = `e2e_diff_${sfx}`;
      const id = await model(p, key, `对比${sfx}`, leave(key, org));
      await api(p, 'PUT', `/flowable/model/deploy?id=${id}&category=e2e`);
      // version 2 in the designer: a 备案 node between HR and the end
      const v2 = leave(key, org, {
        nodes: [['archive', 'userTask', '备案', 580, 80, FORM, configured([['user', org.zhao.id]])]],
        flows: [['f1', 'start', 'dept'], ['f2', 'dept', 'gw'], ['f_long', 'gw', 'hr', '${days > 3}'], ['f_short', 'gw', 'end', '${days <= 3}'], ['f3', 'hr', 'archive'], ['f4', 'archive', 'end']],
      });
      const editor = await api(p, 'GET', `/app/rest/models/${id}/editor/json`);
      await api(p, 'POST', `/flowable/model/saveModel/${id}`, { modeltype: 'model', json_xml: v2, name: `对比${sfx}`, key, description: '', newversion: 'false', comment: '', lastUpdated: editor.lastUpdated }, true);
      await openDesigner(ctx, p, key);
      await p.locator('[data-action="diff-open"]').click();
      const dialog = p.locator('.loom-diff-dialog');
      await dialog.locator('[data-diff-row="archive"][data-diff-kind="added"]').waitFor({ timeout: 20000 });
      await dialog.locator('[data-diff-row="f4"][data-diff-kind="added"]').waitFor();
      const flow = dialog.locator('[data-diff-row="f3"][data-diff-property="targetRef"]');
      const said = await flow.innerText();
      expect(said.includes('end') && said.includes('archive'), `the changed flow: ${said}`);
      await dialog.locator('[data-diff-side="new"] .djs-element.loom-diff-added[data-element-id="archive"]').waitFor();
      await dialog.locator('[data-diff-side="new"] .djs-element.loom-diff-changed[data-element-id="f3"]').waitFor({ state: 'attached' });
      await screenshot(p, 'diff-01-added-node');
      await dialog.locator('.ant-modal-close').click();
    },
  },
  {
    name: 'designer token simulation: a teaching mode switched on and off from the toolbar',
    run: async (ctx) => {
      const p = await page(ctx);
      const org = await organisation(ctx, p);
      const key = `e2e_sim_${sfx}`;
      await model(p, key, `模拟${sfx}`, leave(key, org));
      await openDesigner(ctx, p, key);
      // one switch for it, the toolbar's: the library's own toggle on the canvas is not shown
      expect((await p.locator('.bts-toggle-mode:visible').count()) === 0, 'no second simulation toggle');
      await p.locator('[data-action="simulation-toggle"]').click();
      await p.locator('[data-simulation="on"]').waitFor({ timeout: 5000 });
      await p.locator('.bts-context-pad, .bts-toggle-mode.active, .simulation').first().waitFor({ timeout: 5000 }).catch(() => undefined);
      await screenshot(p, 'simulation-01-on');
      await p.locator('[data-action="simulation-toggle"]').click();
      await p.locator('[data-simulation="off"]').waitFor({ timeout: 5000 });
    },
  },
];
