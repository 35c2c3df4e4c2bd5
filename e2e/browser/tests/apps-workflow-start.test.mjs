// A failed start leaves no record (issue 21): the start dialog saves the external form's record through
// its module before starting; when the start is refused (the definition was suspended meanwhile) the
// dialog takes that record back, and a start after the definition is active again saves one record.
import { eventually, expect } from '../lib/harness.mjs';
import { column, generatedLive, synced, tableDesign } from '../lib/design.mjs';
import { saveModel } from '../lib/designer.mjs';
import { adminPage, pageApi as api } from '../lib/session.mjs';

const sfx = Date.now().toString(36);
const TABLE = `e2e_fail_${sfx}`;
const MODULE = `wff${sfx}`;
const KEY = `e2e_wff_${sfx}`;
const TITLE = `发起失败${sfx}`;

// a workflow-form design: the base columns of type 6 and one required form column
const design = tableDesign({ name: TABLE, comments: '发起失败', tableType: '6', columns: [column('reason', 'varchar(50)', '事由', { isNull: '0' })] });

const process = (formUrl) =>
  '<?xml version="1.0" encoding="UTF-8"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" ' +
  `xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://loom/e2e"><process id="${KEY}" name="${KEY}" isExecutable="true">` +
  `<startEvent id="start" flowable:initiator="applyUserId" flowable:formKey="${formUrl}"/>` +
  `<userTask id="check" name="复核" flowable:assignee="\${applyUserId}"/><endEvent id="end"/>` +
  '<sequenceFlow id="f1" sourceRef="start" targetRef="check"/><sequenceFlow id="f2" sourceRef="check" targetRef="end"/></process></definitions>';

const ok = (answer, what) => {
  expect(answer.status === 200, `${what} (${answer.status} ${answer.text?.slice(0, 300)})`);
  return answer.json;
};

export default [
  {
    name: 'apps: a start refused after the external form saved its record takes the record back; a later start keeps one',
    run: async (ctx) => {
      const p = await adminPage(ctx, 'appsWorkflowStartPage');
      const tableId = await synced(p, design);
      await generatedLive(p, tableId, MODULE);
      ok(await api(p, 'POST', '/gencode/scheme/createMenu', { 'parent.id': 'm-gen', name: `失败${sfx}`, tableId, tableType: '6' }, true), 'the menu');
      const formUrl = ok(await api(p, 'GET', `/gencode/table/getFormUrl?tableId=${tableId}`), 'the form URL');
      const modelId = await saveModel(p, KEY, KEY, process(formUrl));
      ok(await api(p, 'PUT', `/flowable/model/deploy?id=${modelId}&category=${encodeURIComponent(`失败${sfx}`)}`), 'deployed');
      const definition = ok(await api(p, 'GET', `/flowable/process/list?name=${KEY}`), 'the definition').records.find((d) => d.key === KEY);
      // the start dialog with its external form filled in
      await p.goto(ctx.base + '/flowable/task/ProcessList');
      const card = p.locator(`[data-page="/flowable/task/ProcessList"] .loom-start-card[data-process="${KEY}"]`);
      await card.waitFor({ timeout: 20000 });
      await card.click();
      const dlg = p.locator('.loom-start-dialog');
      const external = dlg.locator(`.loom-external-form[data-module="${MODULE}/${TABLE}"]`);
      await external.locator('#reason').waitFor({ timeout: 20000 });
      await dlg.locator('#title').fill(TITLE);
      await external.locator('#reason').fill('回家');
      // when the definition is suspended meanwhile, the start is refused after the record was saved
      ok(await api(p, 'PUT', `/flowable/process/update/suspend?procDefId=${encodeURIComponent(definition.id)}`), 'suspended');
      const saved = p.waitForResponse((r) => r.url().includes(`/${MODULE}/${TABLE}/save`));
      const refused = p.waitForResponse((r) => r.url().includes('/flowable/task/start'));
      const discarded = p.waitForResponse((r) => r.url().includes(`/${MODULE}/${TABLE}/discard`));
      await dlg.locator('[data-action="start-submit"]').click();
      expect((await saved).status() === 200, 'the record was saved before the start');
      expect((await refused).status() !== 200, 'the start was refused');
      expect((await discarded).status() === 200, 'the record was taken back');
      // then no record is left
      const left = ok(await api(p, 'GET', `/${MODULE}/${TABLE}/list`), 'the records').records;
      expect(left.length === 0, `no record after the failed start: ${JSON.stringify(left)}`);
      // and once the definition is active again, the same dialog starts with one record naming its instance
      ok(await api(p, 'PUT', `/flowable/process/update/active?procDefId=${encodeURIComponent(definition.id)}`), 'active again');
      await dlg.locator('[data-action="start-submit"]').click();
      await ctx.portal.toast(p, '流程已发起');
      const records = await eventually(async () => {
        const rows = (await api(p, 'GET', `/${MODULE}/${TABLE}/list`)).json?.records ?? [];
        return rows.length && rows[0].procInsId ? rows : null;
      }, 'the record names its instance');
      expect(records.length === 1 && records[0].reason === '回家', `one record: ${JSON.stringify(records)}`);
    },
  },
];
