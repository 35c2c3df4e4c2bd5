import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import type { ColumnsType } from 'antd/es/table';
import { CellInput, NestedRowsEditor, type PatchRow } from '../src/components/NestedRowsEditor';
import { renderUi } from './helpers';

interface Rule {
  id?: string;
  field: string;
  value: string;
}

const valueCells = (patch: PatchRow<Rule>): ColumnsType<Rule> => [
  { title: '字段', dataIndex: 'field' },
  { title: '值', dataIndex: 'value', render: (v: string, r) => <input aria-label={`value of ${r.field}`} value={v} onChange={(e) => patch(r, { value: e.target.value })} /> },
];
/** Sets the rows of the editor shown, as a change from outside the editor would (an undo). */
let replaceRows: (rows: Rule[]) => void = () => undefined;

/**
 * The in-table mode as the designer's sections use it: cells edit, rows drop outright; with
 * `reread`, the rows are new objects after every change, as a diagram's rows read again are.
 */
function Rules({ initial, onChange, columns = valueCells, reread = false }: { initial: Rule[]; onChange: (rows: Rule[]) => void; columns?: (patch: PatchRow<Rule>) => ColumnsType<Rule>; reread?: boolean }) {
  const [rows, setRows] = useState(initial);
  const take = (next: Rule[]) => setRows(reread ? next.map((r) => ({ ...r })) : next);
  replaceRows = (next) => act(() => take(next));
  return (
    <NestedRowsEditor<Rule>
      inTable
      value={rows}
      onChange={(next) => {
        take(next);
        onChange(next);
      }}
      deletedFlag={null}
      newRow={(all) => ({ field: `f${all.length + 1}`, value: '' })}
      add={{ label: '加一行', action: 'rule-add', below: true }}
      columns={columns}
    />
  );
}

describe('NestedRowsEditor in the table', () => {
  it('edits a row in its cell, adds a new row below and drops a saved row outright', () => {
    // given a saved rule
    const onChange = vi.fn();
    renderUi(<Rules initial={[{ id: 's1', field: 'days', value: '3' }]} onChange={onChange} />);
    // when its value is typed in the cell
    fireEvent.change(screen.getByLabelText('value of days'), { target: { value: '5' } });
    // then the row changes in place
    expect(onChange.mock.lastCall?.[0]).toEqual([{ id: 's1', field: 'days', value: '5' }]);
    // when a row is added with the button below the table
    const add = document.querySelector('[data-action="rule-add"]')!;
    expect(add.textContent).toBe('加一行');
    expect(add.compareDocumentPosition(document.querySelector('.ant-table')!) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
    fireEvent.click(add);
    // then the new row is made by newRow from the rows there are
    expect(onChange.mock.lastCall?.[0]).toEqual([{ id: 's1', field: 'days', value: '5' }, { field: 'f2', value: '' }]);
    // when the saved row is deleted
    fireEvent.click(document.querySelectorAll('[data-row-action="delete"]')[0]!);
    // then it is gone, not flagged
    expect(onChange.mock.lastCall?.[0]).toEqual([{ field: 'f2', value: '' }]);
    expect(screen.queryByLabelText('value of days')).toBeNull();
  });

  it('read-only: no add button and no delete column', () => {
    // given a disabled in-table editor
    renderUi(<NestedRowsEditor<Rule> inTable disabled value={[{ field: 'days', value: '3' }]} columns={[{ title: '字段', dataIndex: 'field' }]} />);
    // then it shows the rows only
    expect(screen.getByText('days')).toBeInTheDocument();
    expect(document.querySelector('[data-action="add-row"]')).toBeNull();
    expect(document.querySelector('[data-row-action="delete"]')).toBeNull();
    expect(document.querySelectorAll('.ant-table-thead th').length).toBe(1);
  });

  it("the caller's own dialog: add and edit call back instead of opening the row dialog", () => {
    // given an editor whose rows are edited elsewhere, with its own toolbar
    const onAdd = vi.fn();
    const onEdit = vi.fn();
    const rows = [{ field: 'a', value: '1' }, { field: 'b', value: '2' }];
    renderUi(
      <NestedRowsEditor<Rule>
        value={rows}
        onAdd={onAdd}
        onEdit={onEdit}
        rowColumn={{ view: false }}
        add={{ label: '添加按钮', action: 'own-add' }}
        toolbar={(add) => <div data-toolbar="own"><button type="button">选择</button>{add}</div>}
        columns={[{ title: '字段', dataIndex: 'field' }]}
      />,
    );
    // then the add button stands in the caller's toolbar and no row offers "view"
    expect(document.querySelector('[data-toolbar="own"] [data-action="own-add"]')).not.toBeNull();
    expect(document.querySelector('[data-row-action="view"]')).toBeNull();
    // when add and the second row's edit are clicked
    fireEvent.click(document.querySelector('[data-action="own-add"]')!);
    fireEvent.click(document.querySelectorAll('[data-row-action="edit"]')[1]!);
    // then the caller is told, with the row and its place; no dialog of the editor opens
    expect(onAdd).toHaveBeenCalledTimes(1);
    expect(onEdit).toHaveBeenCalledWith(rows[1], 1);
    expect(document.querySelector('.loom-form-dialog')).toBeNull();
  });

  it('deleting a row leaves the rows below showing their own texts, in cells that keep what they hold (issue 22)', () => {
    // given three rows without ids, whose cells hold their text themselves (committed on leaving, as the designer's condition rows did)
    const onChange = vi.fn();
    const held = (patch: PatchRow<Rule>): ColumnsType<Rule> => [
      { title: '字段', dataIndex: 'field', render: (v: string, r) => <input className="held" defaultValue={v} onBlur={(e) => e.target.value !== v && patch(r, { field: e.target.value })} /> },
    ];
    renderUi(<Rules initial={[{ field: 'days', value: '' }, { field: 'money', value: '' }, { field: 'title', value: '' }]} onChange={onChange} columns={held} />);
    const texts = () => Array.from(document.querySelectorAll<HTMLInputElement>('input.held')).map((i) => i.value);
    expect(texts()).toEqual(['days', 'money', 'title']);
    // when the first row is deleted
    fireEvent.click(document.querySelectorAll('[data-row-action="delete"]')[0]!);
    // then the two left show their own texts
    expect(onChange.mock.lastCall?.[0]).toEqual([{ field: 'money', value: '' }, { field: 'title', value: '' }]);
    expect(texts()).toEqual(['money', 'title']);
    // and so after a cell's edit and another delete
    fireEvent.blur(Object.assign(document.querySelectorAll<HTMLInputElement>('input.held')[1]!, { value: 'subject' }));
    fireEvent.click(document.querySelectorAll('[data-row-action="delete"]')[0]!);
    expect(texts()).toEqual(['subject']);
  });

  it('a text cell shows its row\'s value, also when the rows change from outside, and changes it once on leaving', () => {
    // given three rows read again from elsewhere (new objects) after every change, as a diagram's are
    const onChange = vi.fn();
    const cells = (patch: PatchRow<Rule>): ColumnsType<Rule> => [{ title: '值', dataIndex: 'value', render: (v: string, r) => <CellInput className="cell" value={v} onCommit={(value) => patch(r, { value })} /> }];
    renderUi(<Rules reread initial={[{ field: 'a', value: '1' }, { field: 'b', value: '2' }, { field: 'c', value: '3' }]} onChange={onChange} columns={cells} />);
    const inputs = () => Array.from(document.querySelectorAll<HTMLInputElement>('input.cell'));
    // when a value is typed: nothing changes until the cell is left
    fireEvent.change(inputs()[1]!, { target: { value: '22' } });
    expect(inputs()[1]!.value).toBe('22');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.blur(inputs()[1]!);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.lastCall?.[0]).toEqual([{ field: 'a', value: '1' }, { field: 'b', value: '22' }, { field: 'c', value: '3' }]);
    // when the first is deleted
    fireEvent.click(document.querySelectorAll('[data-row-action="delete"]')[0]!);
    expect(inputs().map((c) => c.value)).toEqual(['22', '3']);
    // when the rows change from outside (an undo)
    replaceRows([{ field: 'b', value: '2' }, { field: 'c', value: '3' }]);
    expect(inputs().map((c) => c.value)).toEqual(['2', '3']);
    // leaving a cell untouched changes nothing
    fireEvent.blur(inputs()[0]!);
    expect(onChange).toHaveBeenCalledTimes(2);
  });
});
