import { useEffect, useState } from 'react';
import { Empty, Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { tableService } from '../service';

export interface PropertyPickerProps {
  open: boolean;
  /** The related Java type (`com.…UserDTO`). */
  javaType: string;
  /** The current Java field (`user.id|name`). */
  javaField: string;
  onOk: (javaField: string) => void;
  onCancel: () => void;
}

/** Splits `office.id|name` into `office` and `['id', 'name']`. */
export function splitJavaField(field: string): { base: string; props: string[] } {
  const [base = '', rest = ''] = (field || '').split('.', 2);
  return { base, props: rest ? rest.split('|').filter(Boolean) : [] };
}

/** Joins the property and the chosen related fields back into `office.id|name`. */
export function joinJavaField(base: string, props: string[]): string {
  return props.length ? `${base}.${props.join('|')}` : base;
}

/** Java property picker: the related type's fields (`/gencode/customObj/getByValue`), several may be chosen. */
export function PropertyPicker({ open, javaType, javaField, onOk, onCancel }: PropertyPickerProps) {
  const { t } = useTranslation('gencode');
  const [rows, setRows] = useState<Array<{ name: string; remarks?: string }> | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const { base, props } = splitJavaField(javaField);
  useEffect(() => {
    if (!open) return;
    setChosen(props);
    setRows(null);
    tableService
      .customObjByValue(javaType)
      .then((d) => setRows((d?.customFieldDTOList ?? []).map((f) => ({ name: f.name ?? '', remarks: f.remarks ?? undefined }))))
      .catch(() => setRows([]));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, javaType]);
  return (
    <Modal
      open={open}
      title={t('wizard.propertyPickerTitle', { type: javaType })}
      width={640}
      maskClosable={false}
      destroyOnHidden
      onCancel={onCancel}
      onOk={() => onOk(joinJavaField(base, chosen))}
      okText={t('common.confirm')}
      cancelText={t('common.close')}
      className="loom-property-picker"
    >
      {rows && rows.length === 0 ? (
        <Empty description={t('wizard.noProperties')} />
      ) : (
        <Table
          size="small"
          bordered
          rowKey="name"
          loading={rows === null}
          dataSource={rows ?? []}
          pagination={false}
          scroll={{ y: 360 }}
          rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setChosen(keys.map(String)) }}
          columns={[
            { title: t('wizard.propertyName'), dataIndex: 'name' },
            { title: t('common.remarks'), dataIndex: 'remarks' },
          ]}
        />
      )}
    </Modal>
  );
}
