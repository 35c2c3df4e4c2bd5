/**
 * The table wizard's rules (seed §4-§5), pure so they can be tested without a browser: default
 * columns, table-type changes, Java-type changes and the validation of each step.
 */
import { getLang, type Lang } from '@loom/ui/core';
import type { GenColumn, GenTable } from './types';

export const BASE_COLUMNS = ['id', 'create_by', 'create_date', 'update_by', 'update_date', 'del_flag'] as const;
export const TREE_COLUMNS = ['name', 'sort', 'parent_id', 'parent_ids'] as const;
export const PROC_INS_ID = 'proc_ins_id';
export const TREE_TYPES = ['3', '4'];
export const WORKFLOW_TYPE = '6';
export const STEP_COUNT = 5;

type T = (key: string, opts?: Record<string, unknown>) => string;

let seq = 0;
/** A client-side key for a row (rows may have no id yet). */
export function rowKey(): string {
  seq += 1;
  return `c${Date.now().toString(36)}${seq}`;
}

/** The base columns a table of this type must keep. */
export function baseColumnsFor(tableType: string | null | undefined): string[] {
  const names: string[] = [...BASE_COLUMNS];
  if (tableType && TREE_TYPES.includes(tableType)) names.push(...TREE_COLUMNS);
  if (tableType === WORKFLOW_TYPE) names.push(PROC_INS_ID);
  return names;
}

export function camel(name: string): string {
  const [head = '', ...rest] = name.toLowerCase().split('_');
  return head + rest.map((p) => p.charAt(0).toUpperCase() + p.slice(1)).join('');
}

/** `demo_order_item` → `DemoOrderItem`. */
export function classNameFor(table: string): string {
  return table
    .toLowerCase()
    .split('_')
    .filter(Boolean)
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join('');
}

function typeName(jdbc: string): string {
  return (jdbc || '').trim().toLowerCase().split(/[(\s]/)[0] ?? '';
}

/** The Java type a physical type maps to. */
export function javaTypeFor(jdbc: string): string {
  const n = typeName(jdbc);
  if (['bigint', 'int8', 'bigserial'].includes(n)) return 'Long';
  if (['int', 'integer', 'smallint', 'tinyint', 'mediumint', 'int4', 'int2', 'serial', 'year'].includes(n)) return 'Integer';
  if (['decimal', 'numeric', 'double', 'float', 'real', 'money', 'float8', 'float4'].includes(n)) return 'Double';
  if (['date', 'datetime', 'timestamp', 'time', 'timestamptz'].includes(n)) return 'java.util.Date';
  if (['boolean', 'bool', 'bit'].includes(n)) return 'Boolean';
  return 'String';
}

/** Related-object selects by the class's simple name; other `com.` types get a grid select. */
export const RELATED_SELECTS: Record<string, string> = { UserDTO: 'userselect', OfficeDTO: 'officeselect', AreaDTO: 'areaselect' };

export function isRelatedType(javaType: string | null | undefined): boolean {
  return !!javaType && javaType.startsWith('com.');
}

/** The control a related-object type gets: user/office/area select, else grid select. */
export function relatedShowType(javaType: string): string {
  const simple = javaType.split('.').pop() ?? '';
  return RELATED_SELECTS[simple] ?? 'gridselect';
}

/** The control a plain Java type resets to (String, Long, Integer, Double → input; Date → date select). */
export function plainShowType(javaType: string): string {
  if (javaType === 'java.util.Date' || javaType === 'Date') return 'dateselect';
  if (javaType === 'This') return 'treeselect';
  return 'input';
}

/** The physical types of the standard columns, by database kind. */
function standardJdbc(name: string, dbType: string): string {
  const ts = dbType === 'postgresql' || dbType === 'kingbase' ? 'timestamp' : dbType === 'oracle' ? 'date' : 'datetime';
  const int = dbType === 'oracle' ? 'number(10)' : dbType === 'postgresql' ? 'integer' : 'int';
  const table: Record<string, string> = {
    id: 'varchar(64)',
    create_by: 'varchar(64)',
    create_date: ts,
    update_by: 'varchar(64)',
    update_date: ts,
    del_flag: 'char(1)',
    name: 'varchar(100)',
    sort: int,
    parent_id: 'varchar(64)',
    parent_ids: 'varchar(2000)',
    [PROC_INS_ID]: 'varchar(64)',
  };
  return table[name] ?? 'varchar(64)';
}

/** The comments a standard column starts with (they label its field in the generated pages), in the
 * designer's language. */
const STANDARD_COMMENTS: Record<Lang, Record<string, string>> = {
  'zh-CN': {
    id: '主键',
    create_by: '创建人',
    create_date: '创建时间',
    update_by: '更新人',
    update_date: '更新时间',
    del_flag: '逻辑删除标记',
    name: '名称',
    sort: '排序',
    parent_id: '父级编号',
    parent_ids: '所有父级编号',
    [PROC_INS_ID]: '流程实例ID',
  },
  'en-US': {
    id: 'ID',
    create_by: 'Created by',
    create_date: 'Created',
    update_by: 'Updated by',
    update_date: 'Updated',
    del_flag: 'Deleted flag',
    name: 'Name',
    sort: 'Sort',
    parent_id: 'Parent',
    parent_ids: 'All parents',
    [PROC_INS_ID]: 'Process instance ID',
  },
};

/** A new column with the defaults the server would give it (seed §9: query EQ, LIKE for name). */
export function newColumn(name = '', jdbcType = 'varchar(64)', comments = '', sort = 0): GenColumn {
  const lname = name.toLowerCase();
  const javaType = javaTypeFor(jdbcType);
  const base = (BASE_COLUMNS as readonly string[]).includes(lname);
  const col: GenColumn = {
    id: '',
    sort,
    name: lname,
    comments,
    jdbcType,
    isPk: lname === 'id' ? '1' : '0',
    isNull: lname === 'id' ? '0' : '1',
    isInsert: '1',
    isEdit: base ? '0' : '1',
    javaType,
    javaField: camel(lname),
    isForm: base ? '0' : '1',
    showType: plainShowType(javaType),
    dictType: '',
    fieldLabels: '',
    fieldKeys: '',
    searchLabel: '',
    searchKey: '',
    validateType: '',
    minLength: '',
    maxLength: '',
    minValue: '',
    maxValue: '',
    isList: base ? '0' : '1',
    isQuery: lname === 'name' ? '1' : '0',
    queryType: lname === 'name' ? 'LIKE' : 'EQ',
    delFlag: '0',
    _key: rowKey(),
  };
  if (lname === 'parent_id') Object.assign(col, { javaType: 'This', javaField: 'parent.id', showType: 'treeselect' });
  if (lname === 'parent_ids') Object.assign(col, { isForm: '0', isList: '0' });
  if (lname === 'del_flag') Object.assign(col, { isInsert: '0', isEdit: '0' });
  if (lname === PROC_INS_ID) Object.assign(col, { isEdit: '0', isForm: '0', isList: '0' });
  return col;
}

/** What a column's name and physical type decide while the user has not chosen otherwise. */
const DERIVED = ['javaType', 'javaField', 'showType', 'isPk', 'isNull', 'isInsert', 'isEdit', 'isForm', 'isList', 'isQuery', 'queryType'] as const;

/**
 * A column whose name or physical type the user typed: every setting that still holds the default
 * of the old name and type takes the default of the new ones (a `name` column is searched with
 * LIKE, a `date` column gets the date select), and a setting the user chose is kept. A saved
 * column keeps its settings but its Java field, which follows the name as long as it was derived.
 */
export function renamed(col: GenColumn, patch: { name?: string; jdbcType?: string }): GenColumn {
  const next = { ...col, ...patch };
  const before = newColumn(col.name, col.jdbcType);
  const after = newColumn(next.name, next.jdbcType);
  const derived = (col.id ? (['javaField'] as const) : DERIVED).filter((field) => col[field] === before[field]);
  return { ...next, ...Object.fromEntries(derived.map((field) => [field, after[field]])) };
}

/** A standard column (id, create_by, …, tree columns, proc_ins_id) for a database kind. */
export function standardColumn(name: string, dbType: string, sort: number): GenColumn {
  return newColumn(name, standardJdbc(name, dbType), STANDARD_COMMENTS[getLang()][name] ?? name, sort);
}

/** The columns of a new design: the base columns (and tree/workflow columns by type). */
export function defaultColumns(tableType: string, dbType: string): GenColumn[] {
  return baseColumnsFor(tableType).map((n, i) => standardColumn(n, dbType, (i + 1) * 10));
}

const live = (c: GenColumn) => c.delFlag !== '1';
const has = (cols: GenColumn[], name: string) => cols.some((c) => live(c) && c.name.toLowerCase() === name);

/** Removes a column: an unsaved one disappears, a saved one is flagged (delFlag '1'). */
export function dropColumn(cols: GenColumn[], target: GenColumn): GenColumn[] {
  if (!target.id) return cols.filter((c) => c !== target);
  return cols.map((c) => (c === target ? { ...c, delFlag: '1' } : c));
}

/**
 * Seed §4: changing the table type to 3 or 4 inserts the tree columns if missing; another type
 * removes unsaved name, sort, parent_id, parent_ids. Type 6 inserts proc_ins_id; other types remove it.
 */
export function applyTableType(cols: GenColumn[], tableType: string, dbType: string): GenColumn[] {
  let out = [...cols];
  const nextSort = () => Math.max(0, ...out.filter(live).map((c) => Number(c.sort) || 0)) + 10;
  if (TREE_TYPES.includes(tableType)) {
    for (const n of TREE_COLUMNS) if (!has(out, n)) out.push(standardColumn(n, dbType, nextSort()));
  } else {
    out = out.filter((c) => !(!c.id && (TREE_COLUMNS as readonly string[]).includes(c.name.toLowerCase())));
  }
  if (tableType === WORKFLOW_TYPE) {
    if (!has(out, PROC_INS_ID)) out.push(standardColumn(PROC_INS_ID, dbType, nextSort()));
  } else {
    for (const c of out.filter((x) => x.name.toLowerCase() === PROC_INS_ID)) out = dropColumn(out, c);
  }
  return out;
}

/** The property part of a Java field (`office.id|name` → `office`). */
export function fieldBase(javaField: string | null): string {
  return (javaField || '').split('.')[0] ?? '';
}

/**
 * Seed §4: a Java type starting with `com.` makes the column a related-object select (user,
 * office, area select; grid select otherwise). Other types reset the control (String, Long,
 * Integer, Double → input; Date → date select) and drop the related property and grid settings.
 */
export function applyJavaType(col: GenColumn, javaType: string): GenColumn {
  const base = fieldBase(col.javaField) || camel(col.name);
  if (isRelatedType(javaType)) {
    const showType = relatedShowType(javaType);
    const javaField = showType === 'gridselect' ? base : `${base}.id|name`;
    return { ...col, javaType, showType, javaField };
  }
  return { ...col, javaType, showType: plainShowType(javaType), javaField: base, fieldLabels: '', fieldKeys: '', searchLabel: '', searchKey: '' };
}

const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';

/** Java property names: not starting or ending with a dot, identifiers joined by `.` and `|`. */
export function javaFieldLegal(field: string | null): boolean {
  const f = (field ?? '').trim();
  if (f.startsWith('.') || f.endsWith('.')) return false;
  return /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*(\|[A-Za-z_$][\w$]*)*)?$/.test(f);
}

/** The table-level fields of step 1 (the form shows them under each field too). */
export function checkTable(table: Partial<GenTable>, t: T): string | null {
  if (blank(table.name)) return t('table.nameRequired');
  if (blank(table.dataSource?.id)) return t('table.dataSourceRequired');
  if (blank(table.comments)) return t('table.commentsRequired');
  if (blank(table.idType)) return t('table.idTypeRequired');
  if (blank(table.tableType)) return t('table.tableTypeRequired');
  if (blank(table.className)) return t('table.classNameRequired');
  if (!/^[A-Z]/.test(String(table.className))) return t('table.classNameUpper');
  if (!blank(table.parentTable) && blank(table.parentTableFk)) return t('table.parentTableFkRequired');
  return null;
}

/**
 * The first problem of a step (0 database table … 4 list page), or null when the step validates.
 * Going forward is allowed only when this answers null (seed §4).
 */
export function validateStep(step: number, table: Partial<GenTable>, cols: GenColumn[], t: T): string | null {
  const rows = cols.filter(live);
  if (step === 0) {
    const problem = checkTable(table, t);
    if (problem) return problem;
    if (rows.length === 0) return t('wizard.columnsEmpty');
    const seen = new Set<string>();
    for (const c of rows) {
      if (blank(c.name)) return t('wizard.colNameRequired');
      if (blank(c.comments)) return t('wizard.colCommentsRequired', { name: c.name });
      if (blank(c.jdbcType)) return t('wizard.jdbcTypeRequired', { name: c.name });
      const k = c.name.toLowerCase();
      if (seen.has(k)) return t('wizard.duplicate', { name: c.name });
      seen.add(k);
    }
  }
  if (step === 1) {
    for (const c of rows) {
      if (blank(c.javaType)) return t('wizard.javaTypeRequired', { name: c.name });
      if (blank(c.javaField)) return t('wizard.javaFieldRequired', { name: c.name });
      if (!javaFieldLegal(c.javaField)) return t('wizard.javaFieldIllegal', { field: c.javaField });
      if (isRelatedType(c.javaType) && !(c.javaField ?? '').includes('.')) return t('wizard.relatedRequired', { name: c.name });
    }
  }
  if (step === 2) {
    for (const c of rows) {
      if (c.showType === 'gridselect' && [c.fieldLabels, c.fieldKeys, c.searchLabel, c.searchKey].some(blank)) return t('wizard.gridRequired', { name: c.name });
    }
  }
  return null;
}

/** Checks on confirm: every step, then the right table's foreign key and the base columns. */
export function validateAll(table: Partial<GenTable>, cols: GenColumn[], savedNames: string[], t: T): { step: number; message: string } | null {
  for (let s = 0; s < STEP_COUNT; s += 1) {
    const m = validateStep(s, table, cols, t);
    if (m) return { step: s, message: m };
  }
  const rows = cols.filter(live);
  if (table.tableType === '5' && !blank(table.parentTableFk)) {
    const fk = rows.find((c) => c.name.toLowerCase() === String(table.parentTableFk).toLowerCase());
    if (fk && fk.isQuery !== '1') return { step: 4, message: t('wizard.fkNotQuery', { name: fk.name }) };
  }
  for (const n of baseColumnsFor(table.tableType)) {
    if (savedNames.includes(n) && !has(rows, n)) return { step: 0, message: t('wizard.baseColumn', { name: n }) };
  }
  return null;
}

/** May the user delete this column? Base columns may not ('基础字段[..]不可删除'). */
export function baseColumnBlock(col: GenColumn, tableType: string | null | undefined): boolean {
  return baseColumnsFor(tableType).includes(col.name.toLowerCase());
}

/** The payload of `POST /gencode/table/save` (client keys dropped). */
export function toPayload(table: GenTable): GenTable {
  return {
    ...table,
    columnList: table.columnList.map((c, i) => {
      const { _key, ...rest } = c;
      return { ...rest, sort: Number(rest.sort) || (i + 1) * 10 };
    }),
  };
}

/** Client-side refusals of the toolbar actions (seed §8), before any call. */
export function genCodeRefusal(row: { tableType?: string; isSync?: string }, t: T): string | null {
  if (row.tableType === '2') return t('errors.childGen');
  if (row.tableType === '5') return t('errors.rightGen');
  if (row.isSync !== '1') return t('errors.notSynced');
  return null;
}

export function menuRefusal(row: { tableType?: string; isSync?: string }, t: T): string | null {
  if (row.tableType === '2' || row.tableType === '5') return t('errors.childMenu');
  if (row.isSync !== '1') return t('errors.notSynced');
  return null;
}
