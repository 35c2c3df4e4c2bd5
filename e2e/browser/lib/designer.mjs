// The process designer as the tests drive it: a model saved as the designer saves it, opened from
// the model list, a connection selected on the canvas and given a condition.
import { choose, eventually, expect, screenshot } from './harness.mjs';
import { pageApi } from './session.mjs';

const LIST = '/flowable/process/ModelList';

/** Calls the API with the page's token and fails on an answer other than 2xx; answers the JSON. */
async function call(p, method, url, body, form = false) {
  const r = await pageApi(p, method, url, body, form);
  expect(r.status < 300, `${method} ${url}: ${r.status} ${r.text.slice(0, 300)}`);
  return r.json;
}

/** A new model holding the BPMN, saved as the designer saves it (not deployed); answers its id. */
export async function saveModel(p, key, name, xml) {
  const created = await call(p, 'POST', '/app/rest/models', { modelType: 0, key, name });
  const editor = await call(p, 'GET', `/app/rest/models/${created.id}/editor/json`);
  await call(p, 'POST', `/flowable/model/saveModel/${created.id}`, { modeltype: 'model', json_xml: xml, name, key, description: '', newversion: 'false', comment: '', lastUpdated: editor.lastUpdated }, true);
  return created.id;
}

/** Opens the model's designer from the model list (its name's link) and waits for the drawing. */
export async function openDesigner(ctx, p, key) {
  await p.goto(ctx.base + LIST);
  const scope = p.locator(`[data-page="${LIST}"]`);
  await scope.waitFor({ timeout: 20000 });
  const link = scope.locator('a', { hasText: key }).first();
  // on a loaded machine the list may answer before the new model is in it: look again once
  if (!(await link.waitFor({ timeout: 20000 }).then(() => true, () => false))) {
    await p.reload();
    await scope.waitFor({ timeout: 20000 });
  }
  await link.click({ timeout: 40000 });
  await p.locator('[data-designer-canvas] .djs-element').first().waitFor({ timeout: 20000 });
}

/**
 * Saves and publishes from the toolbar as a user does: answers the live checks' question when the
 * diagram has errors (it comes before the confirmation), confirms, and waits for the deploy's
 * message (publishing follows 2 s after the save). A refusal or an error fails with what the
 * designer showed, not with a timeout further on.
 */
export async function publish(p, { timeout = 60000 } = {}) {
  await p.locator('[data-action="designer-publish"]').click();
  const errors = p.locator('.ant-modal-confirm', { hasText: '流程存在错误' });
  const confirm = p.locator('.ant-modal-confirm', { hasText: '确定要保存并发布流程吗?' });
  await errors.or(confirm).first().waitFor({ timeout: 30000 });
  if (await errors.isVisible()) await errors.locator('.ant-btn-primary').click();
  await confirm.locator('.ant-btn-primary').click();
  const published = p.locator('.ant-message-notice', { hasText: '发布成功' });
  const refused = p.locator('.ant-message-notice:has(.ant-message-error), .ant-notification-notice-error, .loom-proctest-publish');
  await published.or(refused).first().waitFor({ timeout });
  if (!(await published.first().isVisible())) throw new Error(`publishing failed: ${(await refused.first().innerText()).slice(0, 300)}`);
}

/** Selects a connection by clicking on its path (at its middle, else a little before or after). */
export async function selectFlow(p, id) {
  const panel = p.locator(`.loom-product-panel[data-element-id="${id}"]`);
  const path = p.locator(`[data-designer-canvas] .djs-connection[data-element-id="${id}"] .djs-visual > path`).first();
  for (const t of [0.5, 0.35, 0.65]) {
    await p.keyboard.press('Escape');
    const pt = await path.evaluate((el, t) => {
      const q = el.getPointAtLength(el.getTotalLength() * t);
      const m = el.getScreenCTM();
      return { x: q.x * m.a + m.e, y: q.y * m.d + m.f };
    }, t);
    await p.mouse.click(pt.x, pt.y);
    if (await panel.waitFor({ timeout: 1500 }).then(() => true, () => false)) return;
    console.log('      clicked', JSON.stringify(pt), 'panel shows', await p.locator('.loom-product-panel').getAttribute('data-element-id'));
  }
  await screenshot(p, `designer-failed-flow-${id}`);
  throw new Error(`cannot select flow ${id}`);
}

/**
 * Gives the selected connection `flow` a form-field condition of one row (field, comparison, value)
 * in the product panel, and waits for the panel's preview of the expression.
 */
export async function fieldCondition(p, flow, field, compare, value) {
  await selectFlow(p, flow);
  const section = p.locator('.loom-product-panel .loom-section-condition');
  await section.locator('[data-field="condition-type"] input[value="1"]').check();
  await section.locator('[data-action="condition-add"]').click();
  const r = section.locator('.ant-table-tbody .ant-table-row').first();
  await r.locator('[data-field="condition-field"]').fill(field);
  await r.locator('[data-field="condition-field"]').blur();
  await choose(p, r.locator('.ant-select').first(), compare);
  await r.locator('[data-field="condition-value"]').fill(value);
  await r.locator('[data-field="condition-value"]').blur();
  await eventually(async () => (await section.locator('[data-field="condition-preview"]').textContent()) === '${' + field + compare + value + '}', `the expression of ${flow}`);
}

// ------------------------------------------------------------------ BPMN with a diagram
const SIZE = { startEvent: [36, 36], endEvent: [36, 36], intermediateCatchEvent: [36, 36], exclusiveGateway: [50, 50] };

/** A process with DI: nodes [id, kind, name, x, y, attrs, inner], flows [id, from, to, condition]. */
export function bpmn(key, name, nodes, flows) {
  const at = Object.fromEntries(nodes.map(([id, kind, , x, y]) => [id, { x, y, w: (SIZE[kind] ?? [100, 80])[0], h: (SIZE[kind] ?? [100, 80])[1] }]));
  const els = nodes.map(([id, kind, label, , , attrs = '', inner = '']) => `<${kind} id="${id}" name="${label}" ${attrs}>${inner}</${kind}>`).join('');
  const seq = flows
    .map(([id, from, to, cond]) =>
      cond
        ? `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"><conditionExpression xsi:type="tFormalExpression"><![CDATA[${cond}]]></conditionExpression></sequenceFlow>`
        : `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"/>`,
    )
    .join('');
  const shapes = nodes.map(([id]) => `<bpmndi:BPMNShape id="${id}_di" bpmnElement="${id}"><dc:Bounds x="${at[id].x}" y="${at[id].y}" width="${at[id].w}" height="${at[id].h}"/></bpmndi:BPMNShape>`).join('');
  const edges = flows
    .map(([id, from, to]) => {
      const [a, b] = [at[from], at[to]];
      return `<bpmndi:BPMNEdge id="${id}_di" bpmnElement="${id}"><di:waypoint x="${a.x + a.w}" y="${a.y + a.h / 2}"/><di:waypoint x="${b.x}" y="${b.y + b.h / 2}"/></bpmndi:BPMNEdge>`;
    })
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
    'xmlns:flowable="http://flowable.org/bpmn" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" ' +
    `xmlns:di="http://www.omg.org/spec/DD/20100524/DI" targetNamespace="e2e"><process id="${key}" name="${name}" isExecutable="true">${els}${seq}</process>` +
    `<bpmndi:BPMNDiagram id="d_${key}"><bpmndi:BPMNPlane id="p_${key}" bpmnElement="${key}">${shapes}${edges}</bpmndi:BPMNPlane></bpmndi:BPMNDiagram></definitions>`
  );
}
