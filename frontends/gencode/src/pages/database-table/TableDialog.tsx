import { useEffect, useState } from 'react';
import { Alert, AutoComplete, Button, Checkbox, Form, Input, List, Modal, Space, Tag } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { required, useFeedback } from '@loom/ui';
import { dbTableService as svc, type Changed, type PhysicalColumn, type TableForm } from './service';

export interface TableDialogProps {
  dataSourceId: string;
  /** The table to alter; none: a new table. */
  name?: string;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}

interface Values {
  name: string;
  comments?: string;
  columnList: Array<Omit<PhysicalColumn, 'isNull' | 'isPk'> & { isNull: boolean; isPk: boolean }>;
}

/** Create or alter a table: its columns edited in rows, the DDL previewed (lossy statements marked)
 * before it runs; a change the server refuses because it would alter stored values may be forced
 * (the table re-created). */
export function TableDialog({ dataSourceId, name, open, onClose, onDone }: TableDialogProps) {
  const { t } = useTranslation('gencode');
  const { message, modal } = useFeedback();
  const [form] = Form.useForm<Values>();
  const [loaded, setLoaded] = useState<TableForm | null>(null);
  const [preview, setPreview] = useState<Changed | null>(null);
  const create = !name;

  useEffect(() => {
    if (!open) return;
    setPreview(null);
    setLoaded(null);
    void (create ? svc.createForm(dataSourceId) : svc.alterForm(dataSourceId, name)).then((d) => {
      setLoaded(d);
      form.setFieldsValue({
        name: d.table.name,
        comments: d.table.comments,
        columnList: d.table.columnList.length
          ? d.table.columnList.map((c) => ({ ...c, isNull: c.isNull !== '0', isPk: c.isPk === '1' }))
          : [{ name: 'id', jdbcType: 'varchar(64)', isNull: false, isPk: true, comments: '' }],
      });
    });
  }, [open, create, dataSourceId, name, form]);

  const body = async (extra: Record<string, string>) => {
    const v = await form.validateFields();
    return {
      dataSourceId,
      name: v.name,
      oldName: create ? undefined : name,
      comments: v.comments ?? '',
      columnList: v.columnList.map((c) => ({ ...c, isNull: c.isNull ? '1' : '0', isPk: c.isPk ? '1' : '0' })),
      isForce: '1',
      ...extra,
    };
  };
  const run = async (isForce: string) => {
    const done = await svc.change(create, await body({ isForce }));
    void message.success(done.msg ?? '');
    onDone();
    onClose();
  };
  const types = (loaded?.columnTypes ?? []).map((o) => ({ label: o.label, value: o.value }));

  return (
    <Modal
      className="loom-db-table-dialog"
      open={open}
      width={980}
      title={create ? t('dbTable.create') : t('dbTable.alter', { name })}
      onCancel={onClose}
      destroyOnClose
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            data-action="preview"
            onClick={() =>
              void body({ preview: '1' })
                .then((b) => svc.change(create, b))
                .then(setPreview, () => undefined)
            }
          >
            {t('dbTable.preview')}
          </Button>
          {preview?.lossy && !create && (
            <Button
              danger
              data-action="force"
              onClick={() =>
                modal.confirm({ title: t('common.tip'), content: t('dbTable.forceConfirm'), onOk: () => run('2') })
              }
            >
              {t('dbTable.force')}
            </Button>
          )}
          <Button type="primary" data-action="submit" onClick={() => void run('1').catch(() => undefined)}>
            {t('common.confirm')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="inline" className="loom-db-table-form" style={{ rowGap: 8, marginBottom: 12 }}>
        <Form.Item name="name" label={t('dbTable.name')} rules={[required(t('dbTable.nameRequired'))]}>
          <Input style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="comments" label={t('dbTable.comments')}>
          <Input style={{ width: 320 }} />
        </Form.Item>
        <Form.List name="columnList">
          {(fields, { add, remove }) => (
            <div style={{ width: '100%' }}>
              {fields.map((f) => (
                <Space key={f.key} className="loom-db-column" align="baseline" style={{ display: 'flex', marginTop: 8 }}>
                  <Form.Item name={[f.name, 'oldName']} hidden>
                    <Input />
                  </Form.Item>
                  <Form.Item name={[f.name, 'name']} rules={[required(t('dbTable.columnRequired'))]}>
                    <Input placeholder={t('dbTable.column')} style={{ width: 160 }} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'jdbcType']} rules={[required(t('dbTable.typeRequired'))]}>
                    <AutoComplete options={types} placeholder={t('dbTable.type')} style={{ width: 170 }} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'isPk']} valuePropName="checked">
                    <Checkbox>{t('dbTable.pk')}</Checkbox>
                  </Form.Item>
                  <Form.Item name={[f.name, 'isNull']} valuePropName="checked">
                    <Checkbox>{t('dbTable.nullable')}</Checkbox>
                  </Form.Item>
                  <Form.Item name={[f.name, 'comments']}>
                    <Input placeholder={t('dbTable.comments')} style={{ width: 220 }} />
                  </Form.Item>
                  <Button type="text" icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label={t('common.remove')} />
                </Space>
              ))}
              <Button
                type="dashed"
                data-action="add-column"
                icon={<PlusOutlined />}
                style={{ marginTop: 8 }}
                onClick={() => add({ name: '', jdbcType: 'varchar(64)', isNull: true, isPk: false, comments: '' })}
              >
                {t('dbTable.addColumn')}
              </Button>
            </div>
          )}
        </Form.List>
      </Form>
      {preview && (
        <div className="loom-db-preview">
          {preview.lossy && <Alert type="warning" showIcon message={t('dbTable.lossyHint')} style={{ marginBottom: 8 }} />}
          <List
            size="small"
            bordered
            dataSource={preview.statements}
            locale={{ emptyText: t('dbTable.nothingToDo') }}
            renderItem={(s) => (
              <List.Item className={s.lossy ? 'loom-db-statement-lossy' : 'loom-db-statement'}>
                <code style={{ whiteSpace: 'pre-wrap' }}>{s.sql}</code>
                {s.lossy && <Tag color="red">{t('dbTable.lossy')}</Tag>}
              </List.Item>
            )}
          />
        </div>
      )}
    </Modal>
  );
}
