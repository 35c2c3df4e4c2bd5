import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, Modal, Select, Space, Tabs, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { required, useFeedback } from '@loom/ui';
import { ResultTable } from '../database-table/ResultTable';
import { dataSetService as svc, type DataSet, type DataSetColumn, type DataSetParam } from './service';

export interface DataSetDialogProps {
  id?: string;
  open: boolean;
  sources: Array<{ value: string; label: string }>;
  onClose: () => void;
  onSaved: () => void;
}

interface Values {
  name: string;
  db: string;
  sqlcmd: string;
  params: DataSetParam[];
}

const TYPES = ['string', 'number', 'date'];

/** The data set editor: name, data source, SQL with `{#name#}` parameters (typed, with defaults),
 * 解析 (its columns, labelled and chosen for analysis), 预览 (its rows) and its data URLs. */
export function DataSetDialog({ id, open, sources, onClose, onSaved }: DataSetDialogProps) {
  const { t } = useTranslation('gencode');
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const [columns, setColumns] = useState<DataSetColumn[]>([]);
  const [rows, setRows] = useState<{ json: Array<Record<string, unknown>>; truncated: boolean } | null>(null);
  const [saved, setSaved] = useState<DataSet | null>(null);

  useEffect(() => {
    if (!open) return;
    setRows(null);
    setSaved(null);
    setColumns([]);
    form.resetFields();
    if (id) {
      void svc.queryById(id).then((d) => {
        setSaved(d);
        setColumns(d.columnList);
        form.setFieldsValue({ name: d.name, db: d.db.id, sqlcmd: d.sqlcmd, params: d.params });
      });
    } else {
      form.setFieldsValue({ db: 'master', params: [] });
    }
  }, [open, id, form]);

  const current = async () => {
    const v = await form.validateFields();
    return { ...v, params: (v.params ?? []).filter((p) => p.field) };
  };
  const parse = async () => {
    const v = await current();
    const found = await svc.meta(v.db, v.sqlcmd, v.params);
    setColumns(found.columnList.map((c) => columns.find((o) => o.name === c.name) ?? { ...c, isNeed: true }));
  };
  const run = async () => {
    const v = await current();
    setRows(await svc.exec(v.db, v.sqlcmd, v.params));
  };
  const save = async () => {
    const v = await current();
    const done = await svc.save({ id, name: v.name, db: { id: v.db }, sqlcmd: v.sqlcmd, params: v.params, columnList: columns });
    void message.success(done.msg);
    onSaved();
    onClose();
  };

  return (
    <Modal
      className="loom-data-set-dialog"
      open={open}
      width={1000}
      title={id ? t('dataSet.edit') : t('dataSet.add')}
      onCancel={onClose}
      destroyOnClose
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button data-action="parse" onClick={() => void parse().catch(() => undefined)}>
            {t('dataSet.parse')}
          </Button>
          <Button data-action="run" onClick={() => void run().catch(() => undefined)}>
            {t('dataSet.preview')}
          </Button>
          <Button type="primary" data-action="submit" onClick={() => void save().catch(() => undefined)}>
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical">
        <Space align="start">
          <Form.Item name="name" label={t('dataSet.name')} rules={[required(t('dataSet.nameRequired'))]}>
            <Input style={{ width: 300 }} />
          </Form.Item>
          <Form.Item name="db" label={t('dbTable.dataSource')} rules={[required(t('dataSet.dbRequired'))]}>
            <Select style={{ width: 240 }} options={sources} />
          </Form.Item>
        </Space>
        <Form.Item name="sqlcmd" label={t('dataSet.sql')} extra={t('dataSet.sqlHint')} rules={[required(t('dataSet.sqlRequired'))]}>
          <Input.TextArea rows={5} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
        <Form.List name="params">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} className="loom-data-set-param" align="baseline">
                  <Form.Item name={[f.name, 'field']} rules={[required(t('dataSet.fieldRequired'))]}>
                    <Input placeholder={t('dataSet.field')} style={{ width: 180 }} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'type']} initialValue="string">
                    <Select style={{ width: 120 }} options={TYPES.map((v) => ({ value: v, label: t(`dataSet.type_${v}`) }))} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'defaultValue']}>
                    <Input placeholder={t('dataSet.defaultValue')} style={{ width: 240 }} />
                  </Form.Item>
                  <Button type="text" icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label={t('common.remove')} />
                </Space>
              ))}
              <Button type="dashed" data-action="add-param" icon={<PlusOutlined />} onClick={() => add({ field: '', type: 'string', defaultValue: '' })}>
                {t('dataSet.addParam')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
      {columns.length > 0 && (
        <div className="loom-data-set-columns" style={{ marginTop: 12 }}>
          <Typography.Title level={5}>{t('dataSet.columns')}</Typography.Title>
          {columns.map((c, i) => (
            <Space key={c.name} style={{ display: 'flex', marginBottom: 4 }} data-column={c.name}>
              <code style={{ width: 160, display: 'inline-block' }}>{c.name}</code>
              <span style={{ width: 100, display: 'inline-block' }}>{c.type}</span>
              <Input
                style={{ width: 200 }}
                value={c.label ?? ''}
                placeholder={t('dataSet.label')}
                onChange={(e) => setColumns(columns.map((o, j) => (j === i ? { ...o, label: e.target.value } : o)))}
              />
              <Checkbox checked={c.isNeed !== false} onChange={(e) => setColumns(columns.map((o, j) => (j === i ? { ...o, isNeed: e.target.checked } : o)))}>
                {t('dataSet.isNeed')}
              </Checkbox>
            </Space>
          ))}
        </div>
      )}
      {rows && (
        <div className="loom-data-set-rows" style={{ marginTop: 12 }}>
          {rows.truncated && <Alert type="warning" message={t('dbTable.truncated', { count: rows.json.length })} />}
          <ResultTable columns={Object.keys(rows.json[0] ?? {})} rows={rows.json} />
        </div>
      )}
      {saved?.token && (
        <Tabs
          className="loom-data-set-urls"
          items={(['json', 'xml', 'html'] as const).map((f) => ({
            key: f,
            label: f.toUpperCase(),
            children: <Typography.Text copyable>{svc.dataUrl(saved.id, f, saved.token ?? '')}</Typography.Text>,
          }))}
        />
      )}
    </Modal>
  );
}
