// What a new user hits, second part (issue 23): the flow chart of a request, drawn again while its tab
// is hidden (催办 reloads the detail page), logs no console error and is fitted when shown; the user
// form says, at its department field, that the chosen company has no department and leads to
// 机构管理 (zh-CN and en-US).
import { adminCredentials, eventually, expect, screenshot } from '../lib/harness.mjs';
import { bpmn, flow, nodeExtension } from '../lib/api.mjs';
import { adminApi, signedIn } from '../lib/session.mjs';

const admin = adminCredentials();
const sfx = Date.now().toString(36);

/** A new signed-in page of the administrator in that language, the one a failure is pictured from. */
async function adminPage(ctx, locale) {
  ctx.shared.page = await signedIn(ctx, admin.user, admin.password, { locale });
  return ctx.shared.page;
}

/** Console errors and uncaught exceptions of a page, from now on. */
function consoleErrors(p) {
  const errors = [];
  p.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  p.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
  return errors;
}

/** The start → check → end process's diagram (the chart draws what the diagram places). */
function withDiagram(key, xml) {
  const shape = (id, x, y, w, h) => `<bpmndi:BPMNShape id="${id}_di" bpmnElement="${id}"><dc:Bounds x="${x}" y="${y}" width="${w}" height="${h}"/></bpmndi:BPMNShape>`;
  const edge = (id, x1, x2) => `<bpmndi:BPMNEdge id="${id}_di" bpmnElement="${id}"><di:waypoint x="${x1}" y="118"/><di:waypoint x="${x2}" y="118"/></bpmndi:BPMNEdge>`;
  const diagram =
    `<bpmndi:BPMNDiagram id="d_${key}"><bpmndi:BPMNPlane id="p_${key}" bpmnElement="${key}">` +
    shape('start', 100, 100, 36, 36) + shape('check', 200, 78, 100, 80) + shape('end', 360, 100, 36, 36) + edge('f1', 136, 200) + edge('f2', 300, 360) +
    '</bpmndi:BPMNPlane></bpmndi:BPMNDiagram>';
  return xml
    .replace('<definitions ', '<definitions xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" ')
    .replace('</definitions>', `${diagram}</definitions>`);
}

export default [
  {
    name: 'new user: the flow chart drawn again while its tab is hidden logs no console error and is fitted when shown',
    run: async (ctx) => {
      const api = await adminApi(ctx);
      const me = await api.userId(admin.user);
      const key = `hidden_chart_${sfx}`;
      const title = `隐藏的流程图${sfx}`;
      const xml = withDiagram(key, bpmn(key, `流程图${sfx}`, '<startEvent id="start" flowable:initiator="applyUserId"/><userTask id="check" name="审核"/><endEvent id="end"/>' + flow('f1', 'start', 'check') + flow('f2', 'check', 'end')));
      await api.deployModel({ key, name: `流程图${sfx}`, xml, nodes: [nodeExtension(key, 'check', [['user', me]])] });
      const pid = await api.call('POST', '/flowable/task/start', { params: { procDefKey: key, title } });

      const p = await adminPage(ctx, 'zh-CN');
      const errors = consoleErrors(p);
      await p.goto(`${ctx.base}/flowable/task/TaskFormDetail?${new URLSearchParams({ procInsId: pid, title, running: '1', startUserId: me })}`);
      const detail = p.locator(`.loom-task-detail[data-proc-ins="${pid}"]`);
      await detail.waitFor({ timeout: 20000 });
      const tab = (name) => detail.locator('.ant-tabs-tab', { hasText: name });
      const chart = detail.locator('.loom-flow-viewer-wrap');
      // the chart is drawn once in view
      await tab('流程图').click();
      await chart.locator('.djs-element[data-element-id="check"]').waitFor({ timeout: 20000 });
      // back on the form, 催办 reloads the page's parts: the chart is drawn again in its hidden tab
      await tab('表单').click();
      await chart.waitFor({ state: 'hidden' });
      const redrawn = p.waitForResponse((r) => r.url().includes('/api/flowable/task/getFlowChart'), { timeout: 20000 });
      await detail.locator('[data-action="urge"]').click();
      await p.locator('[data-field="urge-message"]').fill('请尽快处理');
      await p.locator('.ant-modal-confirm .ant-btn-primary').click();
      await ctx.portal.toast(p, '催办成功').catch(() => undefined);
      await redrawn;
      await eventually(async () => (await chart.locator('.djs-element[data-element-id="check"]').count()) > 0, 'the chart is drawn again, hidden');
      expect(!(await chart.isVisible()), 'the chart was drawn while its tab was hidden');
      // shown again: fitted into its box, with a finite zoom
      await tab('流程图').click();
      await chart.locator('.djs-element[data-element-id="check"]').waitFor({ state: 'visible' });
      await eventually(async () => {
        const [box, shape] = [await chart.boundingBox(), await chart.locator('.djs-element[data-element-id="check"]').boundingBox()];
        return shape && shape.width > 10 && shape.x >= box.x && shape.x + shape.width <= box.x + box.width && shape.y >= box.y && shape.y + shape.height <= box.y + box.height;
      }, 'the chart is fitted into its box when shown');
      // (no transform: the identity)
      const matrix = await chart.locator('.djs-container svg .viewport').first().getAttribute('transform');
      expect(!/NaN|Infinity/.test(matrix ?? ''), `the chart's zoom is finite (${matrix})`);
      await screenshot(p, 'new-user-2-hidden-chart');
      // network failures are the network's; everything else the page logged is an error of its own
      const own = errors.filter((e) => !e.startsWith('Failed to load resource'));
      expect(own.length === 0, `no console error: ${own.join(' | ')}`);
      await p.context().close();
    },
  },
  ...['zh-CN', 'en-US'].map((locale) => ({
    name: `new user (${locale}): the user form says at its department field that the chosen company has none, and leads to 机构管理`,
    run: async (ctx) => {
      const en = locale === 'en-US';
      const api = await adminApi(ctx);
      const root = (await api.get('/sys/office/treeData', { type: '1' }))[0];
      const company = `${en ? 'Empty' : '空公司'}${sfx}`;
      await api.call('POST', '/sys/office/save', { json: { parentId: root.id, name: company, code: `e${sfx}${en ? 'en' : 'zh'}`, type: '1', grade: '2', useable: '1', sort: 30 } });

      const p = await adminPage(ctx, locale);
      const errors = consoleErrors(p);
      await p.goto(`${ctx.base}/sys/user/UserList`);
      const scope = p.locator('[data-page="/sys/user/UserList"]');
      await scope.locator('.ant-table-row').first().waitFor({ timeout: 20000 });
      await scope.locator('[data-action="add"]').click();
      const dlg = ctx.portal.modal(p);
      const field = dlg.locator('.ant-form-item', { has: p.locator('#officeId') });
      await field.waitFor();
      // the company chosen has no department: said where the department is asked for
      await dlg.locator('#companyId').click();
      await p.locator('.ant-select-dropdown:visible .ant-select-tree-title', { hasText: company }).click();
      const hint = field.locator('[data-hint="no-department"]');
      await hint.waitFor({ timeout: 10000 });
      const text = await hint.innerText();
      expect(en ? text.includes('has no department') : text.includes('所选公司下还没有部门'), `the hint says what is missing: ${text}`);
      await screenshot(p, `new-user-2-no-department-${en ? 'en' : 'zh'}`);
      // its link leads to 机构管理, where departments are made
      await hint.locator('[data-action="open-offices"]').click();
      await p.locator('[data-page="/sys/office/OfficeList"]').waitFor({ timeout: 20000 });
      await dlg.waitFor({ state: 'hidden' });
      expect(errors.filter((e) => !e.startsWith('Failed to load resource')).length === 0, `no console error: ${errors.join(' | ')}`);
      await p.context().close();
    },
  })),
];
