// A failed start leaves no record (issue 21): the start dialog saves the external form's record through
// its module before starting; when the start is refused (the definition was suspended meanwhile) the
// dialog takes that record back, and a start after the definition is active again saves one record.
import { eventually, expect } from '../lib/harness.mjs';
import { adminPage, pageApi as api } from '../lib/session.mjs';

const sfx = Date.now().toString(36);
const TABLE = `e2e_fail_${sfx}`;
const MODULE = `wff${sfx}`;
const KEY = `e2e_wff_${sfx}`;
const TITLE = `发起失败${sfx}`;

// a workflow-form design: the base columns of type 6 and one required form column
const columns = [
  ['id', 'varchar(64)'], ['create_by', 'varchar(64)'], ['create_date', 'timestamp'], ['update_by', 'varchar(64)'],
  ['update_date', 'timestamp'], ['del_flag', 'varchar(64)'], ['proc_ins_id', 'varchar(64)'], ['reason', 'varchar(50)'],
].map(([name, jdbcType], i) => {
  const own = name === 'reason';
  return {
    name, comments: name, jdbcType, sort: (i + 1) * 10, isPk: name === 'id' ? '1' : '0', isNull: name === 'id' || own ? '0' : '1',
    isInsert: name === 'del_flag' ? '0' : '1', isEdit: own ? '1' : '0', isList: own ? '1' : '0', isQuery: '0', queryType: 'EQ',
    isForm: own ? '1' : '0', showType: 'input', javaType: jdbcType === 'timestamp' ? 'java.util.Date' : 'String',
    javaField: name.replace(/_([a-z])/g, (_m, c) => c.toUpperCase()),
  };
}); // prettier-ignore

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
      const className = TABLE.split('_').map((s) => s[0].toUpperCase() + s.slice(1)).join('');
      const design = { name: TABLE, comments: '发起失败', dataSource: { id: 'master' }, idType: '1', tableType: '6', className, columnList: columns };
      ok(await api(p, 'POST', '/gencode/table/save', design), 'the design is saved');
      const tableId = ok(await api(p, 'GET', `/gencode/table/list?nameLike=${TABLE}`), 'listed').result.records[0].id;
      ok(await api(p, 'POST', '/gencode/table/synchDb', { id: tableId, isForce: '1' }, true), 'synchronised');
      const scheme = ok(await api(p, 'GET', `/gencode/table/queryGenCodeForm?tableId=${tableId}`), 'the scheme').scheme;
      ok(await api(p, 'POST', '/gencode/table/genCode', { ...scheme, moduleName: MODULE }), 'generated');
      await eventually(
        async () => {
          const state = (await api(p, 'GET', `/apps/module/list?tableIds=${tableId}`)).json?.[0]?.state;
          if (state === 'failed') throw new Error('the module failed its tests');
          return state === 'live';
        },
        'the module goes live',
        180000,
      );
      ok(await api(p, 'POST', '/gencode/scheme/createMenu', { 'parent.id': 'm-gen', name: `失败${sfx}`, tableId, tableType: '6' }, true), 'the menu');
      const formUrl = ok(await api(p, 'GET', `/gencode/table/getFormUrl?tableId=${tableId}`), 'the form URL');
      const model = ok(await api(p, 'POST', '/app/rest/models', { modelType: 0, key: KEY, name: KEY }), 'the model');
      const editor = ok(await api(p, 'GET', `/app/rest/models/${model.id}/editor/json`), 'the editor json');
      const body = { modeltype: 'model', json_xml: process(formUrl), name: KEY, key: KEY, description: '', newversion: 'false', comment: '', lastUpdated: editor.lastUpdated };
      ok(await api(p, 'POST', `/flowable/model/saveModel/${model.id}`, body, true), 'the model is saved');
      ok(await api(p, 'PUT', `/flowable/model/deploy?id=${model.id}&category=${encodeURIComponent(`失败${sfx}`)}`), 'deployed');
      const definition = ok(await api(p, 'GET', `/flowable/process/list?name=${KEY}`), 'the definition').records.find((d) => d.key === KEY);
      // the start dialog with its external form filled in
      await p.goto(ctx.base + '/flowable/task/ProcessStart');
      const card = p.locator(`[data-page="/flowable/task/ProcessStart"] .loom-start-card[data-process="${KEY}"]`);
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
