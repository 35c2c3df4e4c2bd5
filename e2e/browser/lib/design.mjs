// A code generator's table design as its wizard saves it, for tests that need a synchronised table
// without going through the wizard (the wizard is gencode's own test), and its module generated live.
import { eventually, expect } from './harness.mjs';
import { pageApi } from './session.mjs';

/** The columns every generated table has; a workflow form (table type '6') also keeps its instance. */
const BASE = [
  ['id', 'varchar(64)', '主键'],
  ['create_by', 'varchar(64)', '创建者'],
  ['create_date', 'timestamp', '创建时间'],
  ['update_by', 'varchar(64)', '更新者'],
  ['update_date', 'timestamp', '更新时间'],
  ['del_flag', 'varchar(64)', '逻辑删除标记'],
];
const PROC_INS_ID = ['proc_ins_id', 'varchar(64)', '流程实例ID'];
const BASE_NAMES = new Set([...BASE, PROC_INS_ID].map(([name]) => name));

const pascal = (name) => name.split('_').map((p) => p[0].toUpperCase() + p.slice(1)).join('');

/**
 * A column as gencode's import designs it: the base columns neither listed, nor in the form, nor
 * edited (del_flag not inserted either), the others all three; `extra` overrides any field.
 */
export function column(name, jdbcType, comments, extra = {}) {
  const base = BASE_NAMES.has(name);
  return {
    name, comments, jdbcType, isPk: name === 'id' ? '1' : '0', isNull: name === 'id' ? '0' : '1',
    isInsert: name === 'del_flag' ? '0' : '1', isEdit: base ? '0' : '1', isList: base ? '0' : '1', isQuery: '0', queryType: 'EQ',
    isForm: base ? '0' : '1', showType: 'input', javaType: jdbcType.startsWith('timestamp') ? 'java.util.Date' : 'String',
    javaField: name.replace(/_([a-z])/g, (_m, c) => c.toUpperCase()), sort: 0, ...extra,
  }; // prettier-ignore
}

/**
 * The design of table `name` in the master data source: the base columns, then `columns` (made
 * with `column`), sorted in that order. Table type '0' is a single table, '6' a workflow form.
 */
export function tableDesign({ name, comments, tableType = '0', columns }) {
  const base = [...BASE, ...(tableType === '6' ? [PROC_INS_ID] : [])].map(([n, type, label]) => column(n, type, label));
  return {
    name,
    comments,
    dataSource: { id: 'master' },
    idType: '1',
    tableType,
    className: pascal(name),
    columnList: [...base, ...columns].map((c, i) => ({ ...c, sort: (i + 1) * 10 })),
  };
}

async function ok(p, method, url, body, form = false) {
  const answer = await pageApi(p, method, url, body, form);
  expect(answer.status === 200, `${method} ${url} answers 200 (${answer.status} ${answer.text?.slice(0, 300)})`);
  return answer.json;
}

/** Saves and synchronises a design through the page's session; answers its table id. */
export async function synced(p, design) {
  await ok(p, 'POST', '/gencode/table/save', design);
  const tableId = (await ok(p, 'GET', `/gencode/table/list?nameLike=${design.name}`)).result.records[0].id;
  await ok(p, 'POST', '/gencode/table/synchDb', { id: tableId, isForce: '1' }, true);
  return tableId;
}

/** Generates the table's module (`moduleName`) into the host's store and waits until the host
 * serves it; a module that fails its tests or build fails the test with the end of its log. */
export async function generatedLive(p, tableId, moduleName) {
  const { scheme } = await ok(p, 'GET', `/gencode/table/queryGenCodeForm?tableId=${tableId}`);
  await ok(p, 'POST', '/gencode/table/genCode', { ...scheme, moduleName });
  await eventually(
    async () => {
      const found = (await pageApi(p, 'GET', `/apps/module/list?tableIds=${tableId}`)).json?.[0];
      if (found?.state === 'failed') {
        const log = (await pageApi(p, 'GET', `/apps/module/log?name=${found.name}`)).json?.log ?? '';
        throw new Error(`the module failed: ${log.slice(-1500)}`);
      }
      return found?.state === 'live';
    },
    'the module goes live',
    240000,
  );
}
