import { useState, type ReactNode } from 'react';
import { Button, Table, Typography, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FormDialog, type FormMode } from './FormDialog';
import { liveRows, removeNested, upsertNested, type NestedRow } from './nested';

export interface NestedRowsEditorProps<R extends NestedRow> {
  value?: R[];
  onChange?: (rows: R[]) => void;
  columns: ColumnsType<R>;
  /** Entity name of a row (dialog title). */
  name: string;
  /** Fields of the row form. */
  fields: ReactNode;
  /** Values of a new row. */
  newRow?: () => Partial<R>;
  /** delFlag given to a removed saved row ('1' or 1). */
  deletedFlag?: string | number;
  disabled?: boolean;
}

/**
 * A parent form's nested rows (seed §4): edited in memory through a row dialog (add with
 * "continue adding", edit replaces in place, view), removed rows follow the delFlag semantics.
 */
export function NestedRowsEditor<R extends NestedRow>({ value = [], onChange, columns, name, fields, newRow, deletedFlag = '1', disabled }: NestedRowsEditorProps<R>) {
  const { t } = useTranslation('ui');
  const [dlg, setDlg] = useState<{ open: boolean; mode: FormMode; row: R | null }>({ open: false, mode: 'add', row: null });
  const rows = liveRows(value);
  // keep the latest array for "continue adding" (several saves while the dialog stays open)
  let current = value;
  const emit = (next: R[]) => {
    current = next;
    onChange?.(next);
  };
  const cols: ColumnsType<R> = [
    ...columns,
    {
      title: t('operation'),
      key: '__op',
      width: 150,
      render: (_v, r) => (
        <Space size={8}>
          <Typography.Link onClick={() => setDlg({ open: true, mode: 'view', row: r })} data-row-action="view">
            {t('view')}
          </Typography.Link>
          {!disabled ? (
            <>
              <Typography.Link onClick={() => setDlg({ open: true, mode: 'edit', row: r })} data-row-action="edit">
                {t('edit')}
              </Typography.Link>
              <Typography.Link type="danger" onClick={() => emit(removeNested(value, r, deletedFlag))} data-row-action="delete">
                {t('delete')}
              </Typography.Link>
            </>
          ) : null}
        </Space>
      ),
    },
  ];
  return (
    <div className="loom-nested-rows">
      {!disabled ? (
        <Button size="small" icon={<PlusOutlined />} onClick={() => setDlg({ open: true, mode: 'add', row: null })} style={{ marginBottom: 8 }} data-action="add-row">
          {t('addRow')}
        </Button>
      ) : null}
      <Table<R> size="small" bordered rowKey={(r) => String(r.id || (r as { __key?: string }).__key || rows.indexOf(r))} dataSource={rows} columns={cols} pagination={false} />
      {/* Enter in the row dialog must not also submit the parent dialog (React events cross portals) */}
      <div onKeyDown={(e) => e.stopPropagation()}>
      <FormDialog<R>
        open={dlg.open}
        mode={dlg.mode}
        name={name}
        width={560}
        initialValues={(dlg.row ?? newRow?.() ?? {}) as Partial<R>}
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
    </div>
  );
}
