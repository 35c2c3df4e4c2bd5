#!/usr/bin/env node
// Process-designer front-end benchmark (headless Debian Chromium through playwright-core):
//   1. the workflow remote's JavaScript, gzip-compressed: every .js of frontends/workflow/dist, and
//      the scripts the browser loads from /mf/workflow/ to open the designer;
//   2. the time from clicking a model's key in 流程设计 to a 100-node model drawn in the designer
//      (all 100 shapes in the DOM and a frame painted), cold (first open in the page) and warm.
// Runs against the real platform at LOOM_PORTAL_URL (start one with scripts/platform-at.sh).
// Writes bench/frontend/DESIGNER.md.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { adminCredentials, launch, CHROMIUM, ROOT } from '../../e2e/browser/lib/harness.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const RUNS = Number(process.env.LOOM_BENCH_RUNS ?? 5);
const NODES = 100;
const base = (process.env.LOOM_PORTAL_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const admin = adminCredentials();
const KEY = `bench_designer_${Date.now().toString(36)}`;

function walk(dir) {
  return readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));
}
const jsFiles = walk(join(ROOT, 'frontends/workflow/dist')).filter((f) => f.endsWith('.js'));
const distGzip = jsFiles.reduce((n, f) => n + gzipSync(readFileSync(f)).length, 0);

/** A chain start → 98 user tasks → end, with DI, in rows of 10. */
function bigModel(key) {
  const ids = ['start', ...Array.from({ length: NODES - 2 }, (_v, i) => `task${i + 1}`), 'end'];
  const pos = (i) => ({ x: 100 + (i % 10) * 160, y: 100 + Math.floor(i / 10) * 140 });
  const shape = (id, i) => {
    const { x, y } = pos(i);
    const [w, h] = id === 'start' || id === 'end' ? [36, 36] : [100, 80];
    return `<bpmndi:BPMNShape id="${id}_di" bpmnElement="${id}"><dc:Bounds x="${x}" y="${y}" width="${w}" height="${h}" /></bpmndi:BPMNShape>`;
  };
  const nodes = ids.map((id, i) => (id === 'start' ? '<bpmn2:startEvent id="start" name="start" flowable:initiator="applyUserId" />' : id === 'end' ? '<bpmn2:endEvent id="end" />' : `<bpmn2:userTask id="${id}" name="审批${i}" flowable:assignee="\${applyUserId}" />`));
  const flows = ids.slice(1).map((id, i) => `<bpmn2:sequenceFlow id="f${i}" sourceRef="${ids[i]}" targetRef="${id}" />`);
  const edges = ids.slice(1).map((id, i) => {
    const a = pos(i);
    const b = pos(i + 1);
    return `<bpmndi:BPMNEdge id="f${i}_di" bpmnElement="f${i}"><di:waypoint x="${a.x + 36}" y="${a.y + 18}" /><di:waypoint x="${b.x}" y="${b.y + 18}" /></bpmndi:BPMNEdge>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn2:definitions xmlns:bpmn2="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:flowable="http://flowable.org/bpmn" id="d_${key}" targetNamespace="http://flowable.org/bpmn">
<bpmn2:process id="${key}" name="${key}" isExecutable="true">${nodes.join('')}${flows.join('')}</bpmn2:process>
<bpmndi:BPMNDiagram id="dg"><bpmndi:BPMNPlane id="pl" bpmnElement="${key}">${ids.map(shape).join('')}${edges.join('')}</bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</bpmn2:definitions>`;
}

async function api(token, method, url, body, form = false) {
  const headers = { Authorization: `Bearer ${token}` };
  if (body !== undefined) headers['Content-Type'] = form ? 'application/x-www-form-urlencoded' : 'application/json';
  const r = await fetch(`${base}/api${url}`, { method, headers, body: body === undefined ? undefined : form ? new URLSearchParams(body).toString() : JSON.stringify(body) });
  const text = await r.text();
  if (!r.ok) throw new Error(`${method} ${url}: ${r.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

const { token } = await api('', 'POST', '/sys/login', { username: admin.user, password: admin.password });
const model = await api(token, 'POST', '/app/rest/models', { modelType: 0, key: KEY, name: KEY });
await api(token, 'POST', `/flowable/model/saveModel/${model.id}`, { modeltype: 'model', json_xml: bigModel(KEY), name: KEY, key: KEY, description: '', newversion: 'false', comment: '' }, true);

const browser = await launch();
const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, locale: 'zh-CN' });
const page = await context.newPage();
const scripts = new Map();
page.on('response', async (res) => {
  if (!res.url().includes('/mf/workflow/') || !(res.headers()['content-type'] ?? '').includes('javascript')) return;
  try {
    scripts.set(res.url(), gzipSync(await res.body()).length);
  } catch {
    /* redirected or gone */
  }
});
await page.goto(base + '/login');
await page.fill('#loom-username', admin.user);
await page.fill('#loom-password', admin.password);
await page.click('.loom-login-submit');
await page.waitForSelector('.loom-side-menu', { timeout: 30000 });
await page.goto(base + '/flowable/process/ModelList');
const scope = page.locator('[data-page="/flowable/process/ModelList"]');
const times = [];
for (let i = 0; i < RUNS; i++) {
  const link = scope.locator('.ant-table-row', { hasText: KEY }).first().locator('a', { hasText: KEY });
  await link.waitFor({ timeout: 30000 });
  const t0 = await page.evaluate(() => performance.now());
  await link.click();
  const t1 = await page.evaluate(
    (n) =>
      new Promise((resolve) => {
        const check = () => (document.querySelectorAll('[data-designer-canvas] .djs-shape').length >= n ? requestAnimationFrame(() => resolve(performance.now())) : setTimeout(check, 10));
        check();
      }),
    NODES,
  );
  times.push(Math.round(t1 - t0));
  await page.locator('.loom-designer-dialog .ant-modal-close').click();
  await page.locator('.loom-designer-dialog').waitFor({ state: 'hidden' });
}
await browser.close();
await api(token, 'DELETE', `/flowable/model/delete?ids=${model.id}`);

const kb = (n) => (n / 1024).toFixed(1);
const sorted = [...times.slice(1)].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)] ?? times[0];
const loaded = [...scripts.values()].reduce((a, b) => a + b, 0);
let chromium = '';
try {
  chromium = execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).trim();
} catch {
  chromium = CHROMIUM;
}
const md = `# Process designer (workflow remote)

Measured ${new Date().toISOString()} against ${base} with ${chromium}, headless, 1600×1000, on a 2-core
machine with load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')} when written (other work on the machine makes the figures upper bounds).
Reproduce: start a platform (\`LOOM_E2E_PORT_BASE=33 bash scripts/platform-at.sh\`), then
\`LOOM_PORTAL_URL=http://127.0.0.1:33080 LOOM_ADMIN_PASSWORD=loom-e2e-admin node bench/frontend/designer.mjs\`.

| figure | value |
| --- | --- |
| workflow remote, every .js in dist, gzip | ${kb(distGzip)} KB (${jsFiles.length} files) |
| JavaScript loaded from /mf/workflow/ to open the model list and the designer, gzip | ${kb(loaded)} KB (${scripts.size} files) |
| open a ${NODES}-node model, first open (chunks loaded) | ${times[0]} ms |
| open a ${NODES}-node model, later opens (median of ${times.length - 1}) | ${median} ms |
| every run | ${times.join(', ')} ms |

The time runs from the click on the model's key in 流程设计 to the frame after the last of the
${NODES} shapes is in the DOM: the editor JSON fetched, the XML imported through the Flowable
descriptor, the modeler with its modules (palette, panels, live checks) drawn.
`;
writeFileSync(join(here, 'DESIGNER.md'), md);
console.log(md);
