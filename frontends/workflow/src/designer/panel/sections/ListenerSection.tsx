import { useEffect, useState } from 'react';
import { Button, Form, Input, Modal, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { GridPickerDialog, NestedRowsEditor, type PickedItem } from '@loom/ui';
import { extensions, services, setExtensions, type Bo } from '../../model/access';
import { cleanListener, listenerError, listenerImplOfValueType, listenerTypeOf, type ListenerEntry, type ListenerImpl } from '../rules';
import type { SectionProps } from '../types';

const EVENTS = { execution: ['start', 'take', 'end'], task: ['create', 'assignment', 'complete', 'delete'] };
const IMPLS: ListenerImpl[] = ['JavaClass', 'Expression', 'DelegateExpression'];
const VALUE_KEY: Record<ListenerImpl, 'class' | 'expression' | 'delegateExpression'> = { JavaClass: 'class', Expression: 'expression', DelegateExpression: 'delegateExpression' };

function readListeners(bo: Bo, type: string): ListenerEntry[] {
  return extensions(bo, type).map((l) => ({
    event: l.get('event') ?? '',
    type: listenerTypeOf({ class: l.get('class'), expression: l.get('expression'), delegateExpression: l.get('delegateExpression') }),
    class: l.get('class'),
    expression: l.get('expression'),
    delegateExpression: l.get('delegateExpression'),
    fields: ((l.get('fields') as Bo[] | undefined) ?? []).map((f) => ({
      name: f.get('name') ?? '',
      type: f.get('expression') ? ('expression' as const) : ('string' as const),
      value: f.get('expression') ?? f.get('stringValue') ?? f.get('string') ?? '',
    })),
  }));
}

/** Execution or task listeners (seed 001 §2.2, §4.3): table, add/edit dialog with injected fields, common-listener picker. */
export function ListenerSection({ modeler, element, version, kind }: SectionProps & { kind: 'execution' | 'task' }) {
  const { t } = useTranslation('designer');
  const type = kind === 'execution' ? 'flowable:ExecutionListener' : 'flowable:TaskListener';
  const bo = element.businessObject;
  const [rows, setRows] = useState<ListenerEntry[]>(() => readListeners(bo, type));
  const [editing, setEditing] = useState<{ index: number | null; entry: ListenerEntry } | null>(null);
  const [picking, setPicking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setRows(readListeners(bo, type)), [bo, type, version]);

  // any table change rewrites the listener elements on the element (§4.3)
  const write = (next: ListenerEntry[]) => {
    const s = services(modeler);
    setExtensions(s, element, [type], next.map((raw) => {
      const e = cleanListener(raw);
      const fields = (e.fields ?? []).filter((f) => f.name).map((f) => s.moddle.create('flowable:Field', f.type === 'expression' ? { name: f.name, expression: f.value } : { name: f.name, stringValue: f.value }));
      return s.moddle.create(type, { event: e.event, class: e.class || undefined, expression: e.expression || undefined, delegateExpression: e.delegateExpression || undefined, fields });
    }));
  };
  const save = () => {
    if (!editing) return;
    const err = listenerError(editing.entry);
    if (err) {
      setError(t(`panel.${err}`));
      return;
    }
    const e = cleanListener(editing.entry);
    write(editing.index == null ? [...rows, e] : rows.map((r, i) => (i === editing.index ? e : r)));
    setEditing(null);
  };
  const patch = (p: Partial<ListenerEntry>) => {
    setError(null);
    setEditing((x) => (x ? { ...x, entry: { ...x.entry, ...p } } : x));
  };
  const entry = editing?.entry;

  return (
    <div className={`loom-listeners loom-listeners-${kind}`}>
      <NestedRowsEditor<ListenerEntry & { id?: string }>
        value={rows}
        onChange={write}
        deletedFlag={null}
        bordered={false}
        onAdd={() => { setError(null); setEditing({ index: null, entry: { event: EVENTS[kind][0] as string, type: 'JavaClass', class: '', fields: [] } }); }}
        onEdit={(r, index) => { setError(null); setEditing({ index, entry: { ...r } }); }}
        add={{ label: t('panel.addListener'), action: `listener-add-${kind}` }}
        toolbar={(add) => (
          <Space style={{ marginBottom: 8 }}>
            {add}
            <Button size="small" onClick={() => setPicking(true)} data-action={`listener-choose-${kind}`}>{t('panel.chooseListener')}</Button>
          </Space>
        )}
        rowColumn={{ width: 80, title: '', view: false, small: true }}
        columns={[
          { title: t('panel.event'), dataIndex: 'event', width: 80 },
          { title: t('panel.listenerType'), dataIndex: 'type', width: 100, render: (v: ListenerImpl) => t(v === 'JavaClass' ? 'panel.javaClass' : v === 'Expression' ? 'panel.expressionType' : 'panel.delegateExpression') },
          { title: t('panel.listenerValue'), ellipsis: true, render: (_v, r) => r[VALUE_KEY[r.type]] },
        ]}
      />
      <Modal open={!!editing} width={640} title={t(kind === 'execution' ? 'panel.executionListener' : 'panel.taskListener')} maskClosable={false} onCancel={() => setEditing(null)} onOk={save} destroyOnHidden>
        {entry ? (
          <Form layout="horizontal" labelCol={{ span: 5 }}>
            <Form.Item label={t('panel.event')}><Select value={entry.event} options={EVENTS[kind].map((e) => ({ value: e, label: e }))} onChange={(event) => patch({ event })} /></Form.Item>
            <Form.Item label={t('panel.listenerType')}>
              <Select<ListenerImpl> value={entry.type} options={IMPLS.map((v) => ({ value: v, label: t(v === 'JavaClass' ? 'panel.javaClass' : v === 'Expression' ? 'panel.expressionType' : 'panel.delegateExpression') }))} onChange={(v) => patch({ type: v })} />
            </Form.Item>
            <Form.Item label={t('panel.listenerValue')} validateStatus={error ? 'error' : undefined} help={error ?? undefined}>
              <Input value={entry[VALUE_KEY[entry.type]] ?? ''} onChange={(e) => patch({ [VALUE_KEY[entry.type]]: e.target.value })} data-field="listener-value" />
            </Form.Item>
            <Form.Item label={t('panel.fields')}>
              {(entry.fields ?? []).map((f, i) => (
                <Space key={i} style={{ display: 'flex', marginBottom: 4 }}>
                  <Input placeholder={t('common.name')} value={f.name} onChange={(e) => patch({ fields: (entry.fields ?? []).map((x, j) => (j === i ? { ...x, name: e.target.value } : x)) })} />
                  <Select value={f.type} style={{ width: 100 }} options={[{ value: 'string', label: t('panel.string') }, { value: 'expression', label: t('panel.expressionType') }]} onChange={(v) => patch({ fields: (entry.fields ?? []).map((x, j) => (j === i ? { ...x, type: v } : x)) })} />
                  <Input placeholder={t('common.value')} value={f.value} onChange={(e) => patch({ fields: (entry.fields ?? []).map((x, j) => (j === i ? { ...x, value: e.target.value } : x)) })} />
                  <Button danger icon={<DeleteOutlined />} onClick={() => patch({ fields: (entry.fields ?? []).filter((_x, j) => j !== i) })} />
                </Space>
              ))}
              <Button size="small" icon={<PlusOutlined />} onClick={() => patch({ fields: [...(entry.fields ?? []), { name: '', type: 'string', value: '' }] })}>{t('panel.addRow')}</Button>
            </Form.Item>
          </Form>
        ) : null}
      </Modal>
      <GridPickerDialog<PickedItem>
        open={picking}
        title={t('panel.chooseListener')}
        url={`/extension/listener/list?listenerType=${kind === 'execution' ? '1' : '2'}`}
        searchFields={[{ name: 'name', label: t('common.name') }]}
        columns={[
          { title: t('common.name'), dataIndex: 'name', sorter: true },
          { title: t('panel.event'), dataIndex: 'event' },
          { title: t('panel.listenerValue'), dataIndex: 'value' },
        ]}
        onCancel={() => setPicking(false)}
        onOk={(items) => {
          const picked = items.map((i) => {
            const impl = listenerImplOfValueType(String(i.valueType ?? '1'));
            return cleanListener({ event: String(i.event ?? ''), type: impl, [VALUE_KEY[impl]]: String(i.value ?? ''), fields: [] });
          });
          write([...rows, ...picked]);
          setPicking(false);
        }}
      />
    </div>
  );
}
