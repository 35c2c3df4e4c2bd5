import { useRef, useState, type ReactNode } from 'react';
import { Button, Input, Table, Typography, Space, type InputProps } from 'antd';
import type { ColumnsType, TableProps } from 'antd/es/table';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FormDialog, type FormMode } from './FormDialog';
import { liveRows, removeNested, upsertNested, type NestedRowBase } from './nested';

/** Changes one row in place: what the cells of the in-table mode call. */
export type PatchRow<R> = (row: R, patch: Partial<R>) => void;

export interface CellInputProps extends Omit<InputProps, 'value' | 'defaultValue' | 'onChange'> {
  value?: string | null;
  /** The text typed, once the user leaves the cell having changed it. */
  onCommit: (value: string) => void;
}

/**
 * A text cell of the in-table mode: always shows its row's value (also after a delete above it or
 * an undo), while typing its own text, which changes the row once, on leaving the cell.
 */
export function CellInput({ value, onCommit, onBlur, ...rest }: CellInputProps) {
  const [typed, setTyped] = useState<string | null>(null);
  return (
    <Input
      {...rest}
      value={typed ?? value ?? ''}
      onChange={(e) => setTyped(e.target.value)}
      onBlur={(e) => {
        if (typed !== null && typed !== (value ?? '')) onCommit(typed);
        setTyped(null);
        onBlur?.(e);
      }}
    />
  );
}

/**
 * Keys of rows without an id of their own (a diagram's extension rows, new rows), one per place of
 * the value: a row keeps its key while the same object stays in the rows (a delete above it, an
 * add), and a row replaced in place (an edit, the rows read again) takes the key of its place. So
 * after a delete the rows below keep their own cells, never the deleted row's.
 */
function useRowKeys(value: unknown[]): string[] {
  const ref = useRef<{ rows: unknown[] | null; keys: string[]; next: number }>({ rows: null, keys: [], next: 0 });
  const s = ref.current;
  if (s.rows !== value) {
    const before = new Map<unknown, string>();
    (s.rows ?? []).forEach((r, i) => before.has(r) || before.set(r, s.keys[i] as string));
    const used = new Set<string>();
    const samePlaces = s.rows?.length === value.length;
    s.keys = value.map((r, i) => {
      let k = before.get(r) ?? (samePlaces ? s.keys[i] : undefined);
      if (k === undefined || used.has(k)) k = `~row-${s.next++}`;
      used.add(k);
      return k;
    });
    s.rows = value;
  }
  return s.keys;
}

export interface NestedRowsEditorProps<R extends NestedRowBase> {
  value?: R[];
  onChange?: (rows: R[]) => void;
  /**
   * The row columns. In the in-table mode (`inTable`) a function of `patch`, so that a cell can
   * draw its own editor and change its row.
   */
  columns: ColumnsType<R> | ((patch: PatchRow<R>) => ColumnsType<R>);
  /** Rows are edited in their cells; the row column offers only a delete button. */
  inTable?: boolean;
  /** Entity name of a row (dialog title). */
  name?: string;
  /** Fields of the row form. */
  fields?: ReactNode;
  /** Values of a new row (given the rows there are). */
  newRow?: (rows: R[]) => Partial<R>;
  /** delFlag given to a removed saved row ('1' or 1); null: a removed row is dropped, saved or not. */
  deletedFlag?: string | number | null;
  disabled?: boolean;
  /** Instead of the built-in row dialog (or, in the table, appending `newRow`): the caller adds a row its own way. */
  onAdd?: () => void;
  /** Instead of the built-in row dialog: the caller edits the row in its own dialog. */
  onEdit?: (row: R, index: number) => void;
  /** The add button: its label, data-action, look and place. */
  add?: { label?: ReactNode; action?: string; icon?: boolean; primary?: boolean; small?: boolean; below?: boolean };
  /** Places the add button among the caller's own buttons (above the table). */
  toolbar?: (add: ReactNode) => ReactNode;
  /** The row column: its title and width, and whether rows offer "view" (dialog mode). */
  rowColumn?: { title?: ReactNode; width?: number; view?: boolean; small?: boolean };
  rowKey?: (row: R, index: number) => string;
  bordered?: boolean;
  scroll?: TableProps<R>['scroll'];
}

/**
 * A parent's nested rows (seed §4), edited in memory. Either through a row dialog (add with
 * "continue adding", edit replaces in place, view), the caller's own dialog (`onAdd`, `onEdit`),
 * or in the table's cells (`inTable`). Removed rows follow the delFlag semantics.
 */
export function NestedRowsEditor<R extends NestedRowBase>(props: NestedRowsEditorProps<R>) {
  const { value = [], onChange, name, fields, newRow, deletedFlag = '1', disabled, inTable, add = {}, rowColumn = {} } = props;
  const { t } = useTranslation('ui');
  const [dlg, setDlg] = useState<{ open: boolean; mode: FormMode; row: R | null }>({ open: false, mode: 'add', row: null });
  const rows = liveRows(value);
  const placeKeys = useRowKeys(value);
  // keep the latest array for "continue adding" (several saves while the dialog stays open)
  let current = value;
  const emit = (next: R[]) => {
    current = next;
    onChange?.(next);
  };
  const remove = (r: R) => emit(removeNested(value, r, deletedFlag));
  const patch: PatchRow<R> = (r, p) => emit(upsertNested(value, r, { ...r, ...p }));
  const startAdd = () => {
    if (props.onAdd) props.onAdd();
    else if (inTable) emit([...value, { ...newRow?.(value) } as R]);
    else setDlg({ open: true, mode: 'add', row: null });
  };
  const edit = (r: R) => (props.onEdit ? props.onEdit(r, value.indexOf(r)) : setDlg({ open: true, mode: 'edit', row: r }));

  const links = (r: R) => (
    <Space size={rowColumn.small ? 4 : 8}>
      {rowColumn.view !== false ? (
        <Typography.Link onClick={() => setDlg({ open: true, mode: 'view', row: r })} data-row-action="view">
          {t('view')}
        </Typography.Link>
      ) : null}
      {!disabled ? (
        <>
          <Typography.Link onClick={() => edit(r)} data-row-action="edit">
            {t('edit')}
          </Typography.Link>
          <Typography.Link type={rowColumn.small ? undefined : 'danger'} onClick={() => remove(r)} data-row-action="delete">
            {t('delete')}
          </Typography.Link>
        </>
      ) : null}
    </Space>
  );
  const deleteButton = (r: R) => <Button size={rowColumn.small ? 'small' : undefined} danger icon={<DeleteOutlined />} onClick={() => remove(r)} data-row-action="delete" />;
  const columns = typeof props.columns === 'function' ? props.columns(patch) : props.columns;
  const rowCol = inTable
    ? { title: rowColumn.title ?? '', key: '__op', width: rowColumn.width ?? 36, render: (_v: unknown, r: R) => deleteButton(r) }
    : { title: rowColumn.title ?? t('operation'), key: '__op', width: rowColumn.width ?? 150, render: (_v: unknown, r: R) => links(r) };
  const cols: ColumnsType<R> = disabled && (inTable || rowColumn.view === false) ? columns : [...columns, rowCol];

  const addButton = disabled ? null : (
    <Button
      size={add.small === false ? undefined : 'small'}
      type={add.primary ? 'primary' : undefined}
      block={add.below}
      icon={add.icon === false ? undefined : <PlusOutlined />}
      onClick={startAdd}
      style={props.toolbar ? undefined : add.below ? { marginTop: 6 } : { marginBottom: 8 }}
      data-action={add.action ?? 'add-row'}
    >
      {add.label ?? t('addRow')}
    </Button>
  );
  const key = props.rowKey ?? ((r: R) => String(r.id || (r as { __key?: string }).__key || placeKeys[value.indexOf(r)]));
  return (
    <div className="loom-nested-rows">
      {add.below ? null : props.toolbar ? props.toolbar(addButton) : addButton}
      <Table<R>
        size="small"
        bordered={props.bordered ?? true}
        rowKey={(r) => key(r, rows.indexOf(r))}
        dataSource={rows}
        columns={cols}
        pagination={false}
        scroll={props.scroll}
      />
      {add.below ? addButton : null}
      {/* Enter in the row dialog must not also submit the parent dialog (React events cross portals) */}
      {fields !== undefined ? (
        <div onKeyDown={(e) => e.stopPropagation()}>
          <FormDialog<R>
            open={dlg.open}
            mode={dlg.mode}
            name={name}
            width={560}
            initialValues={(dlg.row ?? newRow?.(value) ?? {}) as Partial<R>}
            onSubmit={async (v) => {
              const row = { ...(dlg.row ?? {}), ...v } as R;
              if (!dlg.row) (row as { __key?: string }).__key = `${Date.now()}-${Math.random()}`;
              emit(upsertNested(current, dlg.row, row));
            }}
            onClose={() => setDlg((d) => ({ ...d, open: false }))}
          >
            {fields}
          </FormDialog>
        </div>
      ) : null}
    </div>
  );
}
