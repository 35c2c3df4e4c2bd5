import { useEffect } from 'react';
import { Button, Drawer, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GenColumn } from '../types';

type GridFields = Pick<GenColumn, 'fieldLabels' | 'fieldKeys' | 'searchLabel' | 'searchKey'>;

export interface GridSelectDrawerProps {
  open: boolean;
  column: GenColumn | null;
  disabled?: boolean;
  onOk: (values: GridFields) => void;
  onClose: () => void;
}

/** The grid-select configuration of a column: shown labels and keys, search labels and keys (pipe-separated). */
export function GridSelectDrawer({ open, column, disabled, onOk, onClose }: GridSelectDrawerProps) {
  const { t } = useTranslation('gencode');
  const [form] = Form.useForm<GridFields>();
  useEffect(() => {
    if (open && column) form.setFieldsValue({ fieldLabels: column.fieldLabels, fieldKeys: column.fieldKeys, searchLabel: column.searchLabel, searchKey: column.searchKey });
  }, [open, column, form]);
  const req = { required: true, whitespace: true, message: t('common.required') };
  return (
    <Drawer
      open={open}
      width={520}
      title={t('wizard.gridConfigTitle', { name: column?.name ?? '' })}
      onClose={onClose}
      destroyOnHidden
      className="loom-grid-config"
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.close')}</Button>
          {!disabled ? (
            <Button type="primary" data-action="confirm" onClick={() => void form.validateFields().then((v) => onOk(v))}>
              {t('common.confirm')}
            </Button>
          ) : null}
        </Space>
      }
    >
      <Form form={form} layout="vertical" disabled={disabled} validateTrigger="onBlur">
        <Form.Item name="fieldLabels" label={t('wizard.fieldLabels')} extra={t('wizard.pipeHint')} rules={[req]}>
          <Input placeholder={t('wizard.fieldLabelsExample')} />
        </Form.Item>
        <Form.Item name="fieldKeys" label={t('wizard.fieldKeys')} extra={t('wizard.pipeHint')} rules={[req]}>
          <Input placeholder="name|code" />
        </Form.Item>
        <Form.Item name="searchLabel" label={t('wizard.searchLabel')} extra={t('wizard.pipeHint')} rules={[req]}>
          <Input placeholder={t('wizard.searchLabelExample')} />
        </Form.Item>
        <Form.Item name="searchKey" label={t('wizard.searchKey')} extra={t('wizard.pipeHint')} rules={[req]}>
          <Input placeholder="name" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
