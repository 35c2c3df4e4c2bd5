// The process designer end to end through the gateway: draw a leave process with the mouse,
// configure its nodes in the product panel, save (three warnings for an unconfigured node),
// publish, find it in 流程定义, reopen it and find every setting, export the XML, round-trip a
// Flowable-modeler file, run one instance through the API and check the chart's colours.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, adminCredentials, eventually, expect, screenshot } from '../lib/harness.mjs';

const sfx = Date.now().toString(36);
const KEY = `e2e_leave_${sfx}`;
const NAME = `e2e请假${sfx}`;
const LIST = '/flowable/model/ModelList';
const admin = adminCredentials();

async function page(ctx) {
  if (!ctx.shared.designerPage) {
    const context = await ctx.browser.newContext({ viewport: { width: 1600, height: 1000 }, locale: 'zh-CN', acceptDownloads: true });
    const p = await context.newPage();
    p.on('pageerror', (e) => console.log('      [pageerror]', e.message));
    await ctx.portal.login(p, admin.user, admin.password);
    ctx.shared.designerPage = p;
  }
  return ctx.shared.designerPage;
}

/** Calls the API with the page's token. */
async function api(p, method, url, body, form = false) {
  return p.evaluate(
    async ({ method, url, body, form }) => {
      const headers = { Authorization: `Bearer ${localStorage.getItem('loom.token')}` };
      let data;
      if (body !== undefined) {
        headers['Content-Type'] = form ? 'application/x-www-form-urlencoded' : 'application/json';
        data = form ? new URLSearchParams(body).toString() : JSON.stringify(body);
      }
      const r = await fetch('/api' + url, { method, headers, body: data });
      const text = await r.text();
      let json = null;
      try {
        json = JSON.parse(text);
      } catch {
        /* text */
      }
      return { status: r.status, body: text, json };
    },
    { method, url, body, form },
  );
}

async function open(ctx, p, href) {
  await p.goto(ctx.base + href);
  const scope = p.locator(`[data-page="${href}"]`);
  await scope.waitFor({ timeout: 20000 });
  return scope;
}

const canvas = (p) => p.locator('[data-designer-canvas]');
const shape = (p, id) => p.locator(`[data-designer-canvas] .djs-element[data-element-id="${id}"]`);

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
}

/** Sets a basic-settings field of the selected element. */
async function basic(p, field, value) {
  const input = p.locator(`.loom-product-panel [data-field="${field}"]`);
  await input.fill(value);
  await input.press('Enter');
  await input.blur();
}

async function flowBetween(p, from, to) {
  return p.evaluate(
    ({ from, to }) => {
      const conns = [...document.querySelectorAll('[data-designer-canvas] .djs-connection')].map((e) => e.getAttribute('data-element-id'));
      return { conns };
    },
    { from, to },
  );
}

export default [
  {
    name: 'designer: draw a leave process with the mouse and save it with its three warnings',
    run: async (ctx) => {
      const p = await page(ctx);
      const scope = await open(ctx, p, LIST);
      await scope.locator('[data-action="add"]').click();
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
      for (const [from, to] of [['start', task], [task, gw], [gw, a], [gw, b], [a, end], [b, end]]) await connect(p, from, to);
      const flows = await p.locator('[data-designer-canvas] .djs-connection').count();
      expect(flows === 6, `six flows drawn (${flows})`);
      ctx.shared.ids = { task, gw, a, b, end };
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
];
