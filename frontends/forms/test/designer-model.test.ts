import { checkField, emptyForm, type FormJson } from '../src/render';
import { canRedo, canUndo, record, redo, startHistory, undo } from '../src/designer/history';
import {
  addWidget,
  canDeleteGridColumn,
  canDrop,
  canMergeDown,
  canMergeRight,
  canRemoveColumn,
  canRemoveRow,
  canSplit,
  cloneWidget,
  createWidget,
  DropRefused,
  findWidget,
  flowLayout,
  insertColumn,
  mergeDown,
  mergeRight,
  orderByLayout,
  removeColumn,
  removeRow,
  removeWidget,
  setLabelPosition,
  setOption,
  split,
} from '../src/designer/model';

function formWith(...types: Parameters<typeof createWidget>[0][]): FormJson {
  const f = emptyForm();
  for (const t of types) addWidget(f, 'root', createWidget(t, t));
  return f;
}

describe('history', () => {
  it('undoes five changes back to the form as opened, then refuses', () => {
    // given
    let h = startHistory('v0');
    for (let i = 1; i <= 5; i++) h = record(h, `v${i}`);
    // when
    const seen: string[] = [];
    for (let i = 0; i < 5; i++) {
      const [next, snap] = undo(h);
      h = next;
      seen.push(snap!);
    }
    // then
    expect(seen).toEqual(['v4', 'v3', 'v2', 'v1', 'v0']);
    expect(canUndo(h)).toBe(false);
    expect(undo(h)[1]).toBeNull();
    expect(canRedo(h)).toBe(true);
  });

  it('discards the redo steps after a new change', () => {
    let h = startHistory('a');
    h = record(h, 'b');
    h = record(h, 'c');
    [h] = undo(h);
    [h] = undo(h);
    expect(canRedo(h)).toBe(true);
    h = record(h, 'x');
    expect(canRedo(h)).toBe(false);
    expect(h.entries).toEqual(['a', 'x']);
    expect(redo(h)[1]).toBeNull();
  });

  it('starts empty on mount: nothing to undo or redo', () => {
    const h = startHistory('{"list":[]}');
    expect(canUndo(h)).toBe(false);
    expect(canRedo(h)).toBe(false);
  });

  it('redoes what was undone', () => {
    let h = record(startHistory('a'), 'b');
    [h] = undo(h);
    const [h2, snap] = redo(h);
    expect(snap).toBe('b');
    expect(canRedo(h2)).toBe(false);
  });
});

describe('adding, deleting, cloning', () => {
  it('adds after the selected widget and selects the new one', () => {
    const f = formWith('input', 'textarea', 'number');
    const selected = f.list[0]!.key;
    const w = createWidget('date', 'date');
    const sel = addWidget(f, 'root', w, { selected });
    expect(sel).toBe(w.key);
    expect(f.list.map((x) => x.type)).toEqual(['input', 'date', 'textarea', 'number']);
  });

  it('adds at the end without a selection', () => {
    const f = formWith('input', 'textarea');
    addWidget(f, 'root', createWidget('rate', 'rate'));
    expect(f.list.at(-1)!.type).toBe('rate');
  });

  it('deleting selects the next neighbour, else the previous, else nothing', () => {
    const f = formWith('input', 'textarea', 'number');
    const [a, b, c] = f.list.map((x) => x.key);
    expect(removeWidget(f, b!)).toBe(c);
    expect(removeWidget(f, c!)).toBe(a);
    expect(removeWidget(f, a!)).toBeNull();
  });

  it('a clone gets a fresh key and model, and its children fresh keys', () => {
    const f = formWith('grid');
    const grid = f.list[0]!;
    addWidget(f, grid.columns![0]!.key, createWidget('input', 'input'));
    const inner = grid.columns![0]!.list[0]!;
    const key = cloneWidget(f, grid.key)!;
    const copy = findWidget(f, key)!.widget;
    expect(copy.key).not.toBe(grid.key);
    expect(f.list.map((x) => x.key)).toEqual([grid.key, copy.key]);
    expect(copy.columns![0]!.key).not.toBe(grid.columns![0]!.key);
    const innerCopy = copy.columns![0]!.list[0]!;
    expect(innerCopy.key).not.toBe(inner.key);
    expect(innerCopy.key).toMatch(/^[a-z0-9]{8}$/);
    expect(innerCopy.model).toBe(`input_${innerCopy.key}`);
  });

  it('a cloned field gets model = type plus the new key', () => {
    const f = formWith('input');
    const key = cloneWidget(f, f.list[0]!.key)!;
    expect(findWidget(f, key)!.widget.model).toBe(`input_${key}`);
    expect(Number(key)).toBeGreaterThan(1e12);
  });
});

describe('container drop rules', () => {
  it.each(['grid', 'table', 'tabs', 'divider', 'report'] as const)("a sub-table refuses %s: Don't support adding this field", (t) => {
    const f = formWith('table');
    expect(canDrop('table', t)).toBe(false);
    expect(() => addWidget(f, f.list[0]!.key, createWidget(t, t))).toThrow(DropRefused);
    expect(() => addWidget(f, f.list[0]!.key, createWidget(t, t))).toThrow("Don't support adding this field");
  });

  it('a sub-table takes plain fields; grid columns, tab panes and report cells take containers', () => {
    const f = formWith('table', 'grid', 'tabs', 'report');
    const [table, grid, tabs, report] = f.list;
    addWidget(f, table!.key, createWidget('input', 'input'));
    addWidget(f, grid!.columns![1]!.key, createWidget('tabs', 'tabs'));
    addWidget(f, `${tabs!.key}:${tabs!.tabs![0]!.name}`, createWidget('grid', 'grid'));
    addWidget(f, report!.rows![0]!.columns[0]!.key, createWidget('table', 'table'));
    expect(table!.tableColumns!.map((x) => x.type)).toEqual(['input']);
    expect(grid!.columns![1]!.list[0]!.type).toBe('tabs');
    expect(tabs!.tabs![0]!.list[0]!.type).toBe('grid');
    expect(report!.rows![0]!.columns[0]!.list[0]!.type).toBe('table');
  });

  it('a grid column can be deleted only while there is more than one', () => {
    const g = createWidget('grid', 'grid');
    expect(canDeleteGridColumn(g)).toBe(true);
    g.columns!.pop();
    expect(canDeleteGridColumn(g)).toBe(false);
  });
});

describe('form and option rules', () => {
  it('a new number field has no bound: 300 is a value like any other until the designer sets one', () => {
    const w = createWidget('number', 'number');
    expect(w.options.max).toBeUndefined();
    expect(w.options.min).toBeUndefined();
    expect(checkField(w, 300, 'zh-CN')).toBeNull();
  });

  it('label on top gives a vertical layout and labelCol 0; otherwise horizontal and 3', () => {
    const c = emptyForm().config;
    expect(setLabelPosition(c, 'top')).toMatchObject({ labelPosition: 'top', layout: 'vertical', labelCol: 0 });
    expect(setLabelPosition(c, 'left')).toMatchObject({ layout: 'horizontal', labelCol: 3 });
    expect(setLabelPosition(c, 'right')).toMatchObject({ layout: 'horizontal', labelCol: 3 });
  });

  it('changing the remote flag of a select resets its default ("" or [] when multiple)', () => {
    let w = createWidget('select', 'select');
    w = setOption(w, 'defaultValue', '1');
    expect(setOption(w, 'remote', 2).options.defaultValue).toBe('');
    w = setOption(w, 'multiple', true);
    expect(setOption(w, 'remote', 3).options.defaultValue).toEqual([]);
  });

  it('the multiple toggle converts the default between a value and a list', () => {
    let w = setOption(createWidget('select', 'select'), 'defaultValue', '2');
    w = setOption(w, 'multiple', true);
    expect(w.options.defaultValue).toEqual(['2']);
    w = setOption(w, 'multiple', false);
    expect(w.options.defaultValue).toBe('2');
  });

  it('isRange and date type changes reset the default', () => {
    let t = setOption(createWidget('time', 'time'), 'defaultValue', '10:00:00');
    t = setOption(t, 'isRange', true);
    expect(t.options.defaultValue).toBeNull();
    expect(setOption(t, 'isRange', false).options.defaultValue).toBe('');
    let d = setOption(createWidget('date', 'date'), 'defaultValue', '2026-01-01');
    d = setOption(d, 'type', 'daterange');
    expect(d.options.defaultValue).toEqual([]);
    expect(setOption(d, 'type', 'datetime').options.defaultValue).toBe('');
  });

  it('a new option list drops defaults no longer offered', () => {
    let w = setOption(createWidget('checkbox', 'checkbox'), 'defaultValue', ['1', '3']);
    w = setOption(w, 'options', [{ value: '1', label: 'a' }, { value: '2', label: 'b' }]);
    expect(w.options.defaultValue).toEqual(['1']);
    let r = setOption(createWidget('radio', 'radio'), 'defaultValue', '3');
    r = setOption(r, 'options', [{ value: '1', label: 'a' }]);
    expect(r.options.defaultValue).toBe('');
  });
});

describe('report merging', () => {
  function rows3x3() {
    const r = createWidget('report', 'report');
    insertColumn(r.rows!, 2);
    r.rows!.push(structuredClone(r.rows![0]!));
    return r.rows!;
  }

  it('merges right only into a visible cell of the same rowspan', () => {
    const rows = rows3x3();
    expect(canMergeRight(rows, 0, 0)).toBe(true);
    mergeRight(rows, 0, 0);
    expect(rows[0]!.columns[0]!.options.colspan).toBe(2);
    expect(rows[0]!.columns[1]!.options.invisible).toBe(true);
    expect(canMergeRight(rows, 0, 1)).toBe(false); // hidden
    mergeDown(rows, 0, 2);
    expect(canMergeRight(rows, 0, 0)).toBe(false); // next has rowspan 2
    expect(canMergeRight(rows, 0, 2)).toBe(false); // last column
  });

  it('merges down only into a visible cell of the same colspan', () => {
    const rows = rows3x3();
    mergeRight(rows, 1, 0);
    expect(canMergeDown(rows, 0, 0)).toBe(false);
    expect(canMergeDown(rows, 0, 2)).toBe(true);
    mergeDown(rows, 0, 2);
    expect(rows[0]!.columns[2]!.options.rowspan).toBe(2);
    expect(rows[1]!.columns[2]!.options.invisible).toBe(true);
    expect(canMergeDown(rows, 2, 2)).toBe(false); // last row
  });

  it('splits only a merged cell, and shows the covered cells again', () => {
    const rows = rows3x3();
    expect(canSplit(rows, 0, 0)).toBe(false);
    mergeRight(rows, 0, 0);
    expect(canSplit(rows, 0, 0)).toBe(true);
    split(rows, 0, 0);
    expect(rows[0]!.columns[0]!.options.colspan).toBe(1);
    expect(rows[0]!.columns[1]!.options.invisible).toBe(false);
  });

  it('removes a row only with more than one row and no merge crossing it', () => {
    const rows = rows3x3();
    mergeDown(rows, 0, 1);
    expect(canRemoveRow(rows, 0)).toBe(false);
    expect(canRemoveRow(rows, 1)).toBe(false);
    expect(canRemoveRow(rows, 2)).toBe(true);
    removeRow(rows, 2);
    expect(rows).toHaveLength(2);
    const one = [rows[0]!];
    expect(canRemoveRow(one, 0)).toBe(false);
  });

  it('removes a column only with more than one column and no merge crossing it', () => {
    const rows = rows3x3();
    mergeRight(rows, 2, 0);
    expect(canRemoveColumn(rows, 0)).toBe(false);
    expect(canRemoveColumn(rows, 1)).toBe(false);
    expect(canRemoveColumn(rows, 2)).toBe(true);
    removeColumn(rows, 2);
    expect(rows[0]!.columns).toHaveLength(2);
  });
});

describe('canvas layout', () => {
  it('packs widgets by span into rows of 24 and reads the order back from a layout', () => {
    const f = formWith('input', 'textarea', 'number');
    f.list[0]!.options.span = 12;
    f.list[1]!.options.span = 12;
    const layout = flowLayout(f.list, {});
    expect(layout.map((l) => [l.x, l.y, l.w])).toEqual([
      [0, 0, 12],
      [12, 0, 12],
      [0, 10, 24],
    ]);
    const moved = layout.map((l, i) => (i === 2 ? { ...l, y: -1 } : l));
    expect(orderByLayout(f.list, moved).map((w) => w.type)).toEqual(['number', 'input', 'textarea']);
  });
});
