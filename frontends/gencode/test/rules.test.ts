import { describe, expect, it } from 'vitest';
import {
  applyJavaType,
  applyTableType,
  defaultColumns,
  genCodeRefusal,
  menuRefusal,
  newColumn,
  renamed,
  validateAll,
  validateStep,
} from '../src/pages/gen-table/rules';
import type { GenColumn, GenTable } from '../src/pages/gen-table/types';
import { removeNested, upsertNested, liveRows, sortInRange } from '@loom/ui';
import { newFile, removeFile, fileKey, toPayload } from '../src/pages/template-group/templates';
import { messages } from '../src/locales';

/** The zh-CN catalogue as a `t` (interpolating {{x}}). */
const zh = messages['zh-CN'] as unknown as Record<string, Record<string, string>>;
const t = (key: string, opts: Record<string, unknown> = {}) => {
  const [ns = '', k = ''] = key.split('.');
  const text = zh[ns]?.[k] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_m, n: string) => String(opts[n] ?? ''));
};
const names = (cols: GenColumn[]) => cols.filter((c) => c.delFlag !== '1').map((c) => c.name);
const table = (patch: Partial<GenTable> = {}): Partial<GenTable> => ({
  name: 'demo_note',
  comments: '便签',
  className: 'DemoNote',
  idType: '1',
  tableType: '0',
  dataSource: { id: 'master' },
  ...patch,
});

describe('table type changes', () => {
  it('type 3 or 4 inserts the tree columns once; another type removes the unsaved ones', () => {
    // given a normal table
    const cols = defaultColumns('0', 'postgresql');
    // when it becomes a tree table, twice
    const tree = applyTableType(applyTableType(cols, '3', 'postgresql'), '4', 'postgresql');
    // then the tree columns are there exactly once
    expect(names(tree).filter((n) => ['name', 'sort', 'parent_id', 'parent_ids'].includes(n))).toEqual(['name', 'sort', 'parent_id', 'parent_ids']);
    expect(tree.find((c) => c.name === 'parent_id')?.showType).toBe('treeselect');
    // and back to a normal table they go
    expect(names(applyTableType(tree, '0', 'postgresql'))).toEqual(names(cols));
  });

  it('keeps saved tree columns when the type changes away', () => {
    const tree = applyTableType(defaultColumns('0', 'mysql'), '3', 'mysql').map((c) => (c.name === 'name' ? { ...c, id: 'saved-1' } : c));
    expect(names(applyTableType(tree, '0', 'mysql'))).toContain('name');
    expect(names(applyTableType(tree, '0', 'mysql'))).not.toContain('parent_ids');
  });

  it('type 6 inserts proc_ins_id; other types remove it (a saved one is flagged delFlag)', () => {
    const wf = applyTableType(defaultColumns('0', 'mysql'), '6', 'mysql');
    expect(names(wf)).toContain('proc_ins_id');
    expect(names(applyTableType(wf, '0', 'mysql'))).not.toContain('proc_ins_id');
    const saved = wf.map((c) => (c.name === 'proc_ins_id' ? { ...c, id: 'p1' } : c));
    const back = applyTableType(saved, '1', 'mysql');
    expect(back.find((c) => c.name === 'proc_ins_id')?.delFlag).toBe('1');
  });

  it('base columns take the physical types of the database kind', () => {
    expect(defaultColumns('0', 'postgresql').find((c) => c.name === 'create_date')?.jdbcType).toBe('timestamp');
    expect(defaultColumns('0', 'mysql').find((c) => c.name === 'create_date')?.jdbcType).toBe('datetime');
  });
});

describe('a new column typed in (添加字段)', () => {
  const typed = (...steps: Array<{ name?: string; jdbcType?: string }>) => steps.reduce<GenColumn>((c, p) => renamed(c, p), newColumn('', 'varchar(64)', '', 10));

  it('a column named name is searched with LIKE, whatever it was called while typing', () => {
    const c = typed({ name: 'n' }, { name: 'na' }, { name: 'nam' }, { name: 'name' });
    expect([c.isQuery, c.queryType, c.javaField]).toEqual(['1', 'LIKE', 'name']);
    const renamedAway = renamed(c, { name: 'names' });
    expect([renamedAway.isQuery, renamedAway.queryType, renamedAway.javaField]).toEqual(['0', 'EQ', 'names']);
  });

  it('a date column gets the date select and a Date field', () => {
    const c = typed({ name: 'start_day' }, { jdbcType: 'date' });
    expect([c.javaType, c.showType, c.javaField]).toEqual(['java.util.Date', 'dateselect', 'startDay']);
    expect(renamed(c, { jdbcType: 'int' }).showType).toBe('input');
  });

  it('keeps what the user chose', () => {
    const c = { ...typed({ name: 'title' }), queryType: 'NE', showType: 'textarea' };
    const next = renamed(c, { name: 'name', jdbcType: 'date' });
    expect([next.queryType, next.showType, next.isQuery]).toEqual(['NE', 'textarea', '1']);
  });

  it('a saved column keeps its settings; its derived Java field follows the name', () => {
    const saved = { ...newColumn('title', 'varchar(64)', '标题', 10), id: 'c1' };
    const next = renamed(saved, { name: 'name', jdbcType: 'date' });
    expect([next.queryType, next.showType, next.javaField]).toEqual(['EQ', 'input', 'name']);
  });
});

describe('Java type changes', () => {
  const col = newColumn('owner', 'varchar(64)', '负责人');

  it('a com. type makes the column a related-object select: user, office, area, else grid select', () => {
    expect(applyJavaType(col, 'com.jeeplus.sys.service.dto.UserDTO')).toMatchObject({ showType: 'userselect', javaField: 'owner.id|name' });
    expect(applyJavaType(col, 'com.jeeplus.sys.service.dto.OfficeDTO').showType).toBe('officeselect');
    expect(applyJavaType(col, 'com.jeeplus.sys.service.dto.AreaDTO').showType).toBe('areaselect');
    expect(applyJavaType(col, 'com.acme.Customer')).toMatchObject({ showType: 'gridselect', javaField: 'owner' });
  });

  it('other types reset the control: String, Long, Integer, Double → input; Date → date select', () => {
    const related = { ...applyJavaType(col, 'com.acme.Customer'), fieldLabels: 'a', fieldKeys: 'b', searchLabel: 'c', searchKey: 'd' };
    for (const jt of ['String', 'Long', 'Integer', 'Double']) {
      const reset = applyJavaType(related, jt);
      expect(reset).toMatchObject({ showType: 'input', javaField: 'owner', fieldLabels: '', searchKey: '' });
    }
    expect(applyJavaType(related, 'java.util.Date').showType).toBe('dateselect');
    expect(applyJavaType(applyJavaType(col, 'com.jeeplus.sys.service.dto.UserDTO'), 'String').javaField).toBe('owner');
  });
});

describe('step validation messages (seed §5)', () => {
  const cols = () => [...defaultColumns('0', 'postgresql'), newColumn('title', 'varchar(100)', '标题', 70)];

  it('step 1: table fields and per-column name, comments, physical type', () => {
    expect(validateStep(0, table({ name: '' }), cols(), t)).toBe('表名不能为空');
    expect(validateStep(0, table({ comments: '' }), cols(), t)).toBe('说明不能为空');
    expect(validateStep(0, table({ className: '' }), cols(), t)).toBe('类名不能为空');
    expect(validateStep(0, table({ parentTable: 'demo_main' }), cols(), t)).toBe('当前表外键不能为空');
    expect(validateStep(0, table(), [...cols(), newColumn('', 'varchar(10)', 'x')], t)).toBe('列名不能为空');
    expect(validateStep(0, table(), [...cols(), newColumn('memo', 'text', '')], t)).toBe('列[memo]的说明不能为空');
    expect(validateStep(0, table(), [...cols(), { ...newColumn('memo', 'text', '备注'), jdbcType: '' }], t)).toBe('列[memo]的物理类型不能为空');
    expect(validateStep(0, table(), cols(), t)).toBeNull();
  });

  it('step 2: Java type and property, dots, related fields', () => {
    const c = newColumn('owner', 'varchar(64)', '负责人');
    expect(validateStep(1, table(), [{ ...c, javaType: '' }], t)).toBe('列[owner]的Java类型不能为空');
    expect(validateStep(1, table(), [{ ...c, javaField: '' }], t)).toBe('列[owner]的Java属性名称不能为空');
    expect(validateStep(1, table(), [{ ...c, javaField: '.owner' }], t)).toBe('Java属性名称【.owner】非法');
    expect(validateStep(1, table(), [{ ...c, javaField: 'owner.' }], t)).toBe('Java属性名称【owner.】非法');
    expect(validateStep(1, table(), [applyJavaType(c, 'com.acme.Customer')], t)).toBe('列[owner]关联对象必须选择至少一个属性');
    expect(validateStep(1, table(), [applyJavaType(c, 'com.jeeplus.sys.service.dto.UserDTO')], t)).toBeNull();
  });

  it('step 3: a grid select needs labels, keys, search label and search key', () => {
    const grid = { ...applyJavaType(newColumn('customer', 'varchar(64)', '客户'), 'com.acme.Customer'), javaField: 'customer.id|name' };
    expect(validateStep(2, table(), [grid], t)).toBe('列[customer]的表格选择需要填写显示名称、字段、检索名称和检索字段（用|分隔）');
    expect(validateStep(2, table(), [{ ...grid, fieldLabels: '名称', fieldKeys: 'name', searchLabel: '名称', searchKey: 'name' }], t)).toBeNull();
  });

  it('confirm: a right table needs its foreign key queried; base columns cannot be deleted', () => {
    const right = [...cols(), newColumn('tree_id', 'varchar(64)', '左树')];
    const problem = validateAll(table({ tableType: '5', parentTable: 'demo_tree', parentTableFk: 'tree_id' }), right, [], t);
    expect(problem).toEqual({ step: 4, message: '右表的外键[tree_id]必须勾选查询' });
    const withoutDelFlag = cols().filter((c) => c.name !== 'del_flag');
    expect(validateAll(table(), withoutDelFlag, ['id', 'del_flag'], t)?.message).toBe('基础字段[del_flag]不可删除');
  });
});

describe('toolbar refusals (seed §8)', () => {
  it('refuses generate and menu on child, right and unsynced tables', () => {
    expect(genCodeRefusal({ tableType: '2', isSync: '1' }, t)).toBe('不能选择附表生成代码，请选择主表!');
    expect(genCodeRefusal({ tableType: '5', isSync: '1' }, t)).toBe('不能选择右表生成代码，请选择左树!');
    expect(genCodeRefusal({ tableType: '0', isSync: '0' }, t)).toBe('请先同步数据库!');
    expect(menuRefusal({ tableType: '5', isSync: '1' }, t)).toBe('不能选择附表创建菜单，请选择主表!');
    expect(menuRefusal({ tableType: '1', isSync: '1' }, t)).toBeNull();
  });
});

describe('nested rows and template files', () => {
  it('an unsaved row is removed outright; a saved row is only flagged', () => {
    const rows: Array<{ id: string; label: string; delFlag?: string | number }> = [{ id: 'a', label: 'x' }, { id: '', label: 'y' }];
    const second = rows[1]!;
    const first = rows[0]!;
    expect(removeNested(rows, second)).toEqual([first]);
    const flagged = removeNested(rows, first);
    expect(flagged).toHaveLength(2);
    expect(flagged[0]).toMatchObject({ id: 'a', delFlag: '1' });
    expect(liveRows(flagged)).toEqual([second]);
    expect(removeNested(rows, first, 1)[0]?.delFlag).toBe(1);
    expect(upsertNested(rows, first, { id: 'a', label: 'z' })[0]?.label).toBe('z');
  });

  it('removing the active template tab activates the next, else the previous', () => {
    const a = newFile('0', 'a.jinja2', 10);
    const b = { ...newFile('0', 'b.jinja2', 20), id: 'saved-b' };
    const c = newFile('0', 'c.jinja2', 30);
    const files = [a, b, c];
    const r1 = removeFile(files, fileKey(b), fileKey(b));
    expect(r1.active).toBe(fileKey(c));
    expect(r1.files.find((f) => f.id === 'saved-b')?.delFlag).toBe('1');
    const r2 = removeFile(r1.files, fileKey(c), fileKey(c));
    expect(r2.active).toBe(fileKey(a));
    expect(r2.files.some((f) => f === c)).toBe(false);
    expect(toPayload({ name: 'g', type: '1', sort: 10, templateObjDTOList: [a] }).templateObjDTOList[0]).not.toHaveProperty('index');
  });

  it('sort is an integer from 0 (templates 10) to 99999', () => {
    expect(sortInRange(0)).toBe(true);
    expect(sortInRange(99999)).toBe(true);
    expect(sortInRange(100000)).toBe(false);
    expect(sortInRange(-10)).toBe(false);
    expect(sortInRange(5.5)).toBe(false);
    expect(sortInRange(0, 10)).toBe(false);
  });
});
