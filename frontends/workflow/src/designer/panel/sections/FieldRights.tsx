import { Checkbox, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldRight, RightFlag } from './formRights';

/**
 * The node's rights on its form's fields: readable and writable per field, per sub-table and per
 * sub-table column (listed under its table), and whether the sub-table's rows may be added or deleted.
 */
export function FieldRights({ fields, onChange }: { fields: FieldRight[]; onChange: (id: string, flag: RightFlag, value: boolean) => void }) {
  const { t } = useTranslation('designer');
  const box = (flag: RightFlag) => (v: boolean | undefined, r: FieldRight) =>
    v === undefined ? null : (
      <span data-flag={flag}>
        <Checkbox checked={v} onChange={(e) => onChange(r.id, flag, e.target.checked)} aria-label={`${r.name} ${t(`panel.${flag}`)}`} />
      </span>
    );
  return (
    <Table<FieldRight>
      size="small"
      rowKey="id"
      pagination={false}
      className="loom-field-rights"
      dataSource={fields}
      expandable={{ defaultExpandAllRows: true, indentSize: 12 }}
      onRow={(r) => ({ 'data-field': r.id, 'data-kind': r.kind }) as React.HTMLAttributes<HTMLElement>}
      columns={[
        { title: t('panel.fieldName'), dataIndex: 'name' },
        { title: t('panel.fieldId'), dataIndex: 'id' },
        { title: t('panel.readable'), dataIndex: 'readable', render: box('readable') },
        { title: t('panel.writable'), dataIndex: 'writable', render: box('writable') },
        { title: t('panel.addable'), dataIndex: 'addable', render: box('addable') },
        { title: t('panel.deletable'), dataIndex: 'deletable', render: box('deletable') },
      ]}
    />
  );
}
