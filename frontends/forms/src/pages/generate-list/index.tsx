import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Empty, Modal, Spin, Upload } from 'antd';
import { DownloadOutlined, ImportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DictTag, FieldValue, HttpError, http, ListPage, Permission, useFeedback, type ListColumn, type ListPageHandle, type PageProps } from '@loom/ui';
import '../../locales';
import { parseStored } from '../../designer/io';
import { fieldsOf, FormRender, valueText, type FormJson, type FormRenderHandle, type FormWidget } from '../../render';
import { generateService as svc, type Row } from './service';

type Mode = 'add' | 'edit' | 'view';

/** A value as the list shows it: dictionary tags; option labels, 是/否, names and file names as every
 * screen shows a stored value (@loom/ui FieldValue). */
function cell(w: FormWidget, v: unknown) {
  if (v === null || v === undefined || v === '') return '';
  const o = w.options ?? {};
  if ((w.type === 'dict' || Number(o.remote) === 3) && !Array.isArray(v)) return <DictTag type={String(o.dictType ?? '')} value={String(v)} />;
  return <FieldValue widget={w} value={v} />;
}

/** The online list a created menu opens (`/form/GenerateList?id=`, the JeePlus client's view; `formId` too): search, sort, add / edit / view, delete, XLSX. */
export default function GenerateFormList({ query }: PageProps) {
  const { t } = useTranslation('forms');
  const { message } = useFeedback();
  const formId = query.get('formId') ?? query.get('id') ?? '';
  const [meta, setMeta] = useState<{ name: string; code: string; json: FormJson } | null | 'missing'>(null);
  const list = useRef<ListPageHandle<Row>>(null);
  const [dialog, setDialog] = useState<{ mode: Mode; row?: Row } | null>(null);
  const [importing, setImporting] = useState(false);

  useEffect(() => {
    if (!formId) return void setMeta('missing');
    http
      .get<{ name: string; code: string; source?: string }>('/form/generate/getForm', { formId })
      .then((f) => setMeta({ name: f.name, code: f.code, json: parseStored(f.source) }))
      .catch(() => setMeta('missing'));
  }, [formId]);

  const fields = useMemo(() => (meta && meta !== 'missing' ? fieldsOf(meta.json.list).filter((f) => f.type !== 'table') : []), [meta]);
  if (meta === null) return <Spin />;
  if (meta === 'missing') return <Empty description={t('gen.noForm')} />;
  const P = { view: `form:${meta.code}:view`, add: `form:${meta.code}:add`, edit: `form:${meta.code}:edit`, del: `form:${meta.code}:del`, import: `form:${meta.code}:import`, export: `form:${meta.code}:export` };
  const searchKeys = fields.filter((f) => f.options?.isSearch).map((f) => f.model);
  // the search's values of the isSearch fields, as the list and its export send them (`params`)
  const searchOf = (q: Record<string, unknown>) => Object.fromEntries(searchKeys.filter((k) => q[k] !== undefined && q[k] !== '').map((k) => [k, q[k]]));
  const columns: ListColumn<Row>[] = [
    ...fields
      .filter((f) => f.options?.isShow !== false || f.options?.isSearch)
      .map(
        (f): ListColumn<Row> => ({
          title: f.name,
          dataIndex: f.model,
          query: !!f.options?.isSearch,
          hideInTable: f.options?.isShow === false,
          sorter: !!f.options?.isSort,
          sortKey: f.model,
          ellipsis: true,
          render: (_d, r) => cell(f, r[f.model]),
          exportValue: (r) => valueText(f, r[f.model]),
        }),
      ),
  ];
  return (
    <div className="loom-forms-generate" data-form={meta.code}>
      <ListPage<Row>
        actionRef={list}
        title={meta.name}
        exportName={meta.name}
        permissions={P}
        columns={columns}
        fetch={async (p) => svc.list(formId, { current: p.current, size: p.size, orders: p.orders, params: searchOf(p) })}
        exportUrl={svc.exportUrl}
        exportQuery={(q) => ({ formId, params: JSON.stringify(searchOf(q)) })}
        deleteRequest={(ids) => svc.remove(formId, ids)}
        onAdd={() => setDialog({ mode: 'add' })}
        onEdit={(r) => setDialog({ mode: 'edit', row: r })}
        onView={(r) => setDialog({ mode: 'view', row: r })}
        rowActions={{ width: 180, items: () => ['view', 'edit', 'delete'] }}
        toolbar={() => (
          <>
            <Permission value={P.import}>
              <Button icon={<ImportOutlined />} onClick={() => setImporting(true)} data-action="import">
                {t('gen.import')}
              </Button>
            </Permission>
          </>
        )}
      />
      <RecordDialog formId={formId} json={meta.json} name={meta.name} state={dialog} onClose={() => setDialog(null)} onSaved={() => list.current?.reload()} />
      <ImportDialog
        open={importing}
        name={meta.name}
        formId={formId}
        onClose={() => setImporting(false)}
        onDone={(msg) => {
          setImporting(false);
          void message.success(msg);
          list.current?.reload();
        }}
      />
    </div>
  );
}

function RecordDialog({ formId, json, name, state, onClose, onSaved }: { formId: string; json: FormJson; name: string; state: { mode: Mode; row?: Row } | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('forms');
  const { message } = useFeedback();
  const ref = useRef<FormRenderHandle>(null);
  const [value, setValue] = useState<Record<string, unknown> | undefined>(undefined);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const id = state?.row?.id;
  useEffect(() => {
    setValue(undefined);
    if (!state || state.mode === 'add' || !id) return;
    setLoading(true);
    svc
      .queryById(formId, id)
      .then(setValue)
      .finally(() => setLoading(false));
  }, [state, formId, id]);
  const title = state ? `${t(`common.${state.mode === 'add' ? 'add' : state.mode}`)} ${name}` : '';
  return (
    <Modal
      open={!!state}
      title={title}
      width={1000}
      maskClosable={false}
      onCancel={onClose}
      destroyOnHidden
      className="loom-forms-record"
      okText={t('common.save')}
      cancelText={t('common.close')}
      confirmLoading={saving}
      okButtonProps={{ style: state?.mode === 'view' ? { display: 'none' } : undefined, 'data-action': 'confirm' } as never}
      onOk={async () => {
        let data: Record<string, unknown>;
        try {
          data = await ref.current!.getData();
        } catch (e) {
          void message.error((e as Error).message);
          return;
        }
        setSaving(true);
        try {
          const msg = await svc.save(formId, state?.mode === 'edit' && id ? { ...data, id } : data);
          if (msg) void message.success(String(msg));
          onSaved();
          onClose();
        } catch (e) {
          if (e instanceof HttpError) {
            const details = e.details as Record<string, unknown> | undefined;
            const fieldErrors = Object.fromEntries(Object.entries(details ?? {}).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
            if (Object.keys(fieldErrors).length) ref.current?.setErrors(fieldErrors);
            void message.error(e.message);
          }
        } finally {
          setSaving(false);
        }
      }}
    >
      <Spin spinning={loading}>{state && (state.mode === 'add' || value) && <FormRender ref={ref} json={json} value={value} readOnly={state.mode === 'view'} />}</Spin>
    </Modal>
  );
}

function ImportDialog({ open, name, formId, onClose, onDone }: { open: boolean; name: string; formId: string; onClose: () => void; onDone: (msg: string) => void }) {
  const { t } = useTranslation('forms');
  const [errors, setErrors] = useState<{ row: number; errors: Record<string, string> }[] | null>(null);
  const [msg, setMsg] = useState('');
  return (
    <Modal open={open} title={t('gen.importTitle')} width={600} footer={null} maskClosable={false} onCancel={() => (setErrors(null), setMsg(''), onClose())} destroyOnHidden className="loom-forms-import">
      <Upload
        accept=".xlsx,.xls"
        showUploadList={false}
        customRequest={async (req) => {
          try {
            const res = await svc.importXlsx(formId, req.file as File);
            setErrors(null);
            setMsg('');
            onDone(res.msg ?? t('gen.importOk'));
          } catch (e) {
            const d = e instanceof HttpError ? (e.details as { rows?: { row: number; errors: Record<string, string> }[] }) : undefined;
            setMsg((e as Error).message);
            setErrors(d?.rows ?? []);
          }
        }}
      >
        <Button type="primary" icon={<ImportOutlined />} data-action="choose-file">
          {t('gen.chooseFile')}
        </Button>
      </Upload>
      <Button type="link" icon={<DownloadOutlined />} onClick={() => void svc.template(formId, `${name}`)} data-action="template">
        {t('gen.template')}
      </Button>
      {msg && <Alert type="error" showIcon message={msg} style={{ marginTop: 12 }} className="loom-forms-import-error" />}
      {errors && errors.length > 0 && (
        <ul style={{ maxHeight: 240, overflow: 'auto', marginTop: 8 }}>
          {errors.map((r) => (
            <li key={r.row}>
              # {r.row}: {Object.entries(r.errors).map(([k, v]) => `${k} ${v}`).join('; ')}
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
