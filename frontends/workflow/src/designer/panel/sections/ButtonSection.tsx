import { useEffect, useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { GridPickerDialog, NestedRowsEditor, type PickedItem } from '@loom/ui';
import { extensions, plain, services, setExtensions } from '../../model/access';
import { buttonCodeError, pickButtons, sortButtons, type ButtonRow } from '../rules';
import type { SectionProps } from '../types';

const KEYS: Array<keyof ButtonRow & string> = ['id', 'name', 'code', 'isHide', 'next', 'sort'];

export function readButtons(bo: SectionProps['element']['businessObject']): ButtonRow[] {
  return sortButtons(extensions(bo, 'flowable:Button').map((b) => ({ ...plain<ButtonRow>(b, KEYS), sort: Number(b.get('sort')) || 0, isHide: b.get('isHide') === '1' ? '1' : '0', next: b.get('next') ?? '0' })));
}

type Editing = { index: number | null; row: ButtonRow & { tip?: string } };

/** Buttons (seed 001 §2.2, §5.1): pick common buttons or add/edit one; rows re-sorted after each change. */
export function ButtonSection({ modeler, element, version }: SectionProps) {
  const { t } = useTranslation('designer');
  const bo = element.businessObject;
  const [rows, setRows] = useState<ButtonRow[]>(() => readButtons(bo));
  const [picking, setPicking] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [form] = Form.useForm<ButtonRow & { tip?: string }>();
  useEffect(() => setRows(readButtons(bo)), [bo, version]);

  const write = (next: ButtonRow[]) => {
    const s = services(modeler);
    setExtensions(s, element, ['flowable:Button'], sortButtons(next).map((b) => s.moddle.create('flowable:Button', { ...b, id: b.id || undefined, sort: String(b.sort) })));
  };
  const startEdit = (index: number | null) => {
    const row = index == null ? { name: '', code: '', isHide: '0' as const, next: '0', sort: (rows.length + 1) } : (rows[index] as ButtonRow);
    setEditing({ index, row });
    form.setFieldsValue(row);
  };
  const submit = async () => {
    if (!editing) return;
    let v: ButtonRow & { tip?: string };
    try {
      v = await form.validateFields();
    } catch {
      return; // the form shows the messages
    }
    const row: ButtonRow = { ...editing.row, ...v, sort: Number(v.sort), isHide: v.isHide, next: editing.row.next ?? '0' };
    write(editing.index == null ? [...rows, row] : rows.map((r, i) => (i === editing.index ? row : r)));
    setEditing(null);
  };
  const otherCodes = rows.filter((_r, i) => i !== editing?.index).map((r) => r.code);

  return (
    <div className="loom-buttons">
      <NestedRowsEditor<ButtonRow>
        value={rows}
        onChange={write}
        deletedFlag={null}
        bordered={false}
        onAdd={() => startEdit(null)}
        onEdit={(_r, i) => startEdit(i)}
        add={{ label: t('panel.addButton'), action: 'button-add', icon: false }}
        toolbar={(add) => (
          <Space style={{ marginBottom: 8 }}>
            <Button size="small" onClick={() => setPicking(true)} data-action="button-choose">{t('panel.chooseButton')}</Button>
            {add}
          </Space>
        )}
        rowColumn={{ title: t('common.operation'), width: 90, view: false, small: true }}
        columns={[
          { title: t('common.name'), dataIndex: 'name' },
          { title: t('panel.code'), dataIndex: 'code' },
          { title: t('common.sort'), dataIndex: 'sort', width: 50 },
          { title: t('panel.hide'), dataIndex: 'isHide', width: 50, render: (v: string) => (v === '1' ? t('common.yes') : t('common.no')) },
        ]}
      />
      <GridPickerDialog<PickedItem>
        open={picking}
        title={t('panel.chooseCommonButtons')}
        url="/extension/button/list"
        searchFields={[{ name: 'name', label: t('common.name') }]}
        columns={[
          { title: t('common.name'), dataIndex: 'name' },
          { title: t('panel.code'), dataIndex: 'code' },
          { title: t('common.sort'), dataIndex: 'sort', sorter: true },
        ]}
        sortKeys={{ sort: 'sort' }}
        onCancel={() => setPicking(false)}
        onOk={(items) => {
          write(pickButtons(rows, items.map((i) => ({ name: String(i.name), code: String(i.code), sort: Number(i.sort) || 0 }))));
          setPicking(false);
        }}
      />
      <Modal open={!!editing} title={editing?.index == null ? t('panel.addButton') : t('common.edit')} maskClosable={false} onCancel={() => setEditing(null)} onOk={() => void submit()} destroyOnHidden className="loom-button-dialog">
        <Form form={form} layout="horizontal" labelCol={{ span: 5 }} preserve={false}>
          <Form.Item name="name" label={t('common.name')} rules={[{ required: true, whitespace: true, message: t('panel.nameRequired') }]}>
            <Input />
          </Form.Item>
          <Form.Item
            name="code"
            label={t('panel.code')}
            rules={[{
              validator: (_r, value: string) => {
                const err = buttonCodeError(value ?? '', { adding: editing?.index == null, otherCodes });
                return err ? Promise.reject(new Error(t(`panel.${err}`))) : Promise.resolve();
              },
            }]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="tip" label={t('panel.tip')}>
            <Input />
          </Form.Item>
          <Form.Item name="sort" label={t('common.sort')} rules={[{ required: true, message: t('panel.sortRequired') }]}>
            <InputNumber min={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="isHide" label={t('panel.hide')} rules={[{ required: true, message: t('panel.hideRequired') }]}>
            <Select options={[{ value: '0', label: t('common.no') }, { value: '1', label: t('common.yes') }]} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
