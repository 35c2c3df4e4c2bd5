#!/usr/bin/env node
// Task-center front-end benchmark (headless Debian Chromium through playwright-core), for an
// approver with 50 open tasks of a process whose nodes carry a dynamic form:
//   1. login submitted → home page with the task counts (50 to do) and the latest to-do items rendered;
//   2. a to-do row clicked → task page with its dynamic form rendered (stored values shown), then the
//      chart tab clicked → flow chart drawn.
// Runs against the real platform at LOOM_PORTAL_URL (start one with scripts/platform-at.sh or
// scripts/bench.sh). Writes bench/frontend/TASK_CENTER.md.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { adminCredentials, launch, CHROMIUM } from '../../e2e/browser/lib/harness.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const RUNS = Number(process.env.LOOM_BENCH_RUNS ?? 5);
const TASKS = 50;
const base = (process.env.LOOM_PORTAL_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const sfx = Date.now().toString(36);
const PASSWORD = 'bench-task-center-1';
const admin = adminCredentials();

async function call(token, method, url, { params, json, form } = {}) {
  const headers = { Authorization: `Bearer ${token}` };
  let body;
  if (json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(json);
  } else if (form !== undefined) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(form).toString();
  }
  const r = await fetch(`${base}/api${url}${params ? '?' + new URLSearchParams(params) : ''}`, { method, headers, body });
  const text = await r.text();
  if (!r.ok) throw new Error(`${method} ${url}: ${r.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

async function login(username, password) {
  const r = await fetch(`${base}/api/sys/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username, password }) });
  if (!r.ok) throw new Error(`login ${username}: ${r.status}`);
  return (await r.json()).token;
}

const FORM = {
  list: [
    { type: 'input', key: 'k1', model: 'title2', name: '事由', options: { required: true }, rules: [] },
    { type: 'number', key: 'k2', model: 'days', name: '天数', options: { required: true }, rules: [] },
    { type: 'date', key: 'k3', model: 'from', name: '开始日期', options: { format: 'yyyy-MM-dd' }, rules: [] },
    { type: 'select', key: 'k4', model: 'kind', name: '类型', options: { remote: 1, options: [{ value: 'a', label: '年假' }, { value: 'b', label: '病假' }] }, rules: [] },
    { type: 'textarea', key: 'k5', model: 'note', name: '说明', options: {}, rules: [] },
    { type: 'textarea', key: 'k6', model: 'opinion', name: '审批意见', options: {}, rules: [] },
  ],
  config: { labelWidth: 100, labelPosition: 'right', size: 'small' },
};

/** An approver with 50 open tasks of a dynamic-form process; answers the approver's login name. */
async function prepare() {
  const token = await login(admin.user, admin.password);
  const key = `bench_tc_${sfx}`;
  const name = `基准请假${sfx}`;
  const menus = ['m-flow', 'm-flow-todo', 'm-flow-todo-view', 'm-flow-todo-audit', 'm-form-definition-view'];
  await call(token, 'POST', '/sys/role/save', { json: { name: `基准审批${sfx}`, enName: `bench_tc_${sfx}`, menuIdList: menus } });
  const role = (await call(token, 'GET', '/sys/role/list', { params: { enName: `bench_tc_${sfx}` } })).records[0].id;
  const loginName = `bench-tc-${sfx}`;
  await call(token, 'POST', '/sys/user/save', { json: { loginName, name: '基准经理', password: PASSWORD, roleIdList: [role] } });
  const userId = (await call(token, 'GET', '/sys/user/list', { params: { loginName } })).records[0].id;
  await call(token, 'POST', '/extension/formDefinition/save', { json: { name, json: JSON.stringify(FORM) } });
  const def = (await call(token, 'GET', '/extension/formDefinition/list', { params: { current: '1', size: '-1' } })).records.find((r) => r.name === name);
  const jsonId = def.formDefinitionJson?.id ?? (await call(token, 'GET', '/extension/formDefinitionJson/list', { params: { 'formDefinition.id': def.id } })).records[0].id;
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" ' +
    'xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" targetNamespace="http://loom/bench">' +
    `<process id="${key}" name="${name}" isExecutable="true"><startEvent id="start" flowable:formKey="${jsonId}"/>` +
    `<userTask id="dept" name="经理审批" flowable:formKey="${jsonId}"/><endEvent id="end"/>` +
    '<sequenceFlow id="f1" sourceRef="start" targetRef="dept"/><sequenceFlow id="f2" sourceRef="dept" targetRef="end"/></process>' +
    `<bpmndi:BPMNDiagram id="d"><bpmndi:BPMNPlane id="p" bpmnElement="${key}">` +
    '<bpmndi:BPMNShape id="s1" bpmnElement="start"><dc:Bounds x="60" y="80" width="36" height="36"/></bpmndi:BPMNShape>' +
    '<bpmndi:BPMNShape id="s2" bpmnElement="dept"><dc:Bounds x="150" y="58" width="100" height="80"/></bpmndi:BPMNShape>' +
    '<bpmndi:BPMNShape id="s3" bpmnElement="end"><dc:Bounds x="310" y="80" width="36" height="36"/></bpmndi:BPMNShape>' +
    '<bpmndi:BPMNEdge id="e1" bpmnElement="f1"><di:waypoint x="96" y="98"/><di:waypoint x="150" y="98"/></bpmndi:BPMNEdge>' +
    '<bpmndi:BPMNEdge id="e2" bpmnElement="f2"><di:waypoint x="250" y="98"/><di:waypoint x="310" y="98"/></bpmndi:BPMNEdge>' +
    '</bpmndi:BPMNPlane></bpmndi:BPMNDiagram></definitions>';
  const model = await call(token, 'POST', '/app/rest/models', { json: { modelType: 0, key, name } });
  const editor = await call(token, 'GET', `/app/rest/models/${model.id}/editor/json`);
  await call(token, 'POST', `/flowable/model/saveModel/${model.id}`, {
    form: { modeltype: 'model', json_xml: xml, name, key, description: '', newversion: 'false', comment: '', lastUpdated: editor.lastUpdated },
  });
  await call(token, 'POST', '/extension/taskDefExtension/save', {
    json: [{ processDefId: key, taskDefId: 'dept', flowAssigneeList: [{ type: 'user', value: userId, condition: '0', operationType: '0', sort: 10 }], flowButtonList: [{ code: '_flow_agree', name: '同意', sort: 10, isHide: '0', next: '0' }], flowConditionList: [] }],
  });
  await call(token, 'PUT', '/flowable/model/deploy', { params: { id: model.id, category: '基准' } });
  for (let i = 0; i < TASKS; i++) {
    const vars = { title2: `事由${i}`, days: (i % 9) + 1, from: '2026-12-01', kind: 'a', note: '基准数据' };
    await call(token, 'POST', '/flowable/task/start', { params: { procDefKey: key, title: `基准申请${sfx}-${i}`, vars: JSON.stringify(vars) } });
  }
  return loginName;
}

/** Ms from now (in the page) to the first animation frame where `ready()` holds. */
function until(page, ready, arg) {
  return page.evaluate(
    ([src, a]) =>
      new Promise((resolve) => {
        const t0 = performance.now();
        const ok = new Function('a', `return (${src})(a)`);
        const tick = () => (ok(a) ? requestAnimationFrame(() => resolve(performance.now() - t0)) : requestAnimationFrame(tick));
        tick();
      }),
    [ready.toString(), arg],
  );
}

async function run(browser, loginName) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(base + '/login');
  await page.waitForSelector('#loom-username');
  await page.fill('#loom-username', loginName);
  await page.fill('#loom-password', PASSWORD);
  const homeReady = until(page, (n) => {
    const v = document.querySelector('.loom-task-home [data-count="todo"] .ant-statistic-content-value');
    return !!v && v.textContent.replace(/\D/g, '') === String(n) && document.querySelectorAll('[data-home-todo]').length >= 8;
  }, TASKS);
  await page.click('.loom-login-submit');
  const home = await homeReady;
  // the to-do list, then a task
  await page.locator('.loom-side-menu .ant-menu-submenu-title').first().click();
  await page.locator('.loom-side-menu [data-href="/flowable/task/TodoList"]').click();
  await page.locator('[data-page="/flowable/task/TodoList"] [data-todo]').first().waitFor({ timeout: 30000 });
  const formReady = until(page, () => {
    const input = document.querySelector('.loom-task-page .loom-dynamic-form [data-model="title2"] input');
    return !!input && input.value.startsWith('事由') && !!document.querySelector('.loom-task-buttons button');
  });
  await page.locator('[data-page="/flowable/task/TodoList"] [data-todo]').first().click();
  const form = await formReady;
  const chartReady = until(page, () => !!document.querySelector('.loom-task-page .djs-container [data-element-id="dept"]'));
  await page.locator('.loom-task-page .ant-tabs-tab', { hasText: '流程图' }).click();
  const chart = await chartReady;
  await context.close();
  return { home: Math.round(home), form: Math.round(form), chart: Math.round(chart) };
}

const loginName = await prepare();
const browser = await launch();
const runs = [];
for (let i = 0; i < RUNS; i++) runs.push(await run(browser, loginName));
const version = await browser.version();
await browser.close();

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const row = (label, k) => `| ${label} | **${median(runs.map((r) => r[k]))} ms** | ${Math.min(...runs.map((r) => r[k]))} | ${Math.max(...runs.map((r) => r[k]))} |`;
let commit = '';
try {
  commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: here }).toString().trim();
} catch {
  /* not a git checkout */
}
const md = `# Task-center front-end benchmark

Recorded by \`bench/frontend/task-center.mjs\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${commit || 'n/a'},
Node ${process.version}, ${version} (${CHROMIUM}, headless), ${RUNS} runs, each in a fresh browser context (cold cache).
Backend: the real platform through the gateway at ${base}. An approver with ${TASKS} open tasks of a process whose
start and task nodes carry a six-field dynamic form (forms service) with stored values.

| measure (median) | result | min | max |
| --- | ---: | ---: | ---: |
${row('login submitted → home with the counts (50 to do) and the latest to-do items', 'home')}
${row('to-do row clicked → task page with its dynamic form filled and the buttons', 'form')}
${row('chart tab clicked → flow chart drawn (bpmn-js viewer)', 'chart')}

Times are read in the page: from the click to the first animation frame where the element is there (the
home figure includes the portal's boot after login, the workflow remote's first load and two API calls).
${process.env.LOOM_BENCH_NOTE ?? ''}
`;
writeFileSync(join(here, 'TASK_CENTER.md'), md);
console.log(md);
