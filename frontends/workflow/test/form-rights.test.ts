import { describe, expect, it } from 'vitest';
import { fieldTree, propertiesOf, setRight, withRights } from '../src/designer/panel/sections/formRights';

const FORM = JSON.stringify({
  list: [
    { type: 'grid', columns: [{ list: [{ type: 'input', model: 'reason', name: '事由' }] }] },
    {
      type: 'table',
      model: 'lines',
      name: '费用明细',
      tableColumns: [
        { type: 'input', model: 'item', name: '项目' },
        { type: 'number', model: 'price', name: '金额' },
      ],
    },
  ],
});

const prop = (attrs: Record<string, unknown>) => ({ get: (name: string) => attrs[name] });

describe("a node's rights on its form's fields", () => {
  it('lists the fields, and each sub-table with its rows flags and its columns as <table>.<column>', () => {
    // when
    const tree = fieldTree(FORM);
    // then
    expect(tree.map((f) => [f.id, f.kind, f.addable])).toEqual([
      ['reason', 'field', undefined],
      ['lines', 'table', true],
    ]);
    expect(tree[1]!.children!.map((c) => [c.id, c.name, c.kind])).toEqual([
      ['lines.item', '项目', 'column'],
      ['lines.price', '金额', 'column'],
    ]);
  });

  it('reads the flags back from the properties (absent means allowed) and writes one property per field, table and column', () => {
    // given a node whose table may not grow and whose price column is read-only
    const props = [prop({ id: 'lines', addable: false }), prop({ id: 'lines.price', writable: false })];
    let tree = withRights(fieldTree(FORM), props);
    expect([tree[1]!.addable, tree[1]!.deletable, tree[1]!.children![1]!.writable]).toEqual([false, true, false]);
    // when the designer unticks deleting rows and reading the item column
    tree = setRight(setRight(tree, 'lines', 'deletable', false), 'lines.item', 'readable', false);
    const written = propertiesOf(tree);
    // then the properties say so (the server reads them into the task's fieldRights)
    expect(written).toEqual([
      { id: 'reason', name: '事由', readable: true, writable: true },
      { id: 'lines', name: '费用明细', readable: true, writable: true, addable: false, deletable: false },
      { id: 'lines.item', name: '项目', readable: false, writable: true },
      { id: 'lines.price', name: '金额', readable: true, writable: false },
    ]);
  });
});
