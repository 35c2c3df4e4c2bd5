import { lazy, Suspense, useRef, useState } from 'react';
import { App, Form, Input, Modal, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { http, ListPage, type ListPageHandle, type PageProps } from '@loom/ui';
import '../../locales/work';
import { modelService, type ModelPublic } from '../model/service';
import { ExecuteDialog } from './ExecuteDialog';

// dmn-js is loaded when a decision is opened, not with the list
const DecisionEditor = lazy(() => import('./DecisionEditor').then((m) => ({ default: m.DecisionEditor })));

const P = {
  view: 'flowable:decision:view',
  add: 'flowable:decision:add',
  edit: 'flowable:decision:edit',
  del: 'flowable:decision:del',
  deploy: 'flowable:decision:deploy',
  design: 'flowable:decision:design',
  execute: 'flowable:decision:execute',
};
const DECISION = 4;
const KEY = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/** 决策表 (`/flowable/decision/DecisionList`): decision models (DMN 1.3), designed in dmn-js, deployed
 * as new versions of their key, tested with typed-in variables. */
export default function DecisionList(_props: PageProps) {
  const { t } = useTranslation('work');
  const { message, modal } = App.useApp();
  const list = useRef<ListPageHandle<ModelPublic>>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [testing, setTesting] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [form] = Form.useForm<{ key: string; name: string; description?: string }>();
  const reload = () => list.current?.reload();
  const done = (msg: unknown) => {
    if (typeof msg === 'string' && msg) void message.success(msg);
    reload();
  };
  const create = async () => {
    const values = await form.validateFields();
    const created = await http.post<ModelPublic>('/app/rest/models', { modelType: DECISION, ...values });
    setCreating(false);
    form.resetFields();
    setEditing(created.id);
    reload();
  };

  return (
    <>
      <ListPage<ModelPublic>
        actionRef={list}
        url={modelService.listUrl}
        params={{ modelType: String(DECISION) }}
        permissions={{ add: P.add, del: P.del }}
        exportName={t('decision.entity')}
        tableProps={{ className: 'loom-decision-list' }}
        onAdd={() => setCreating(true)}
        onDelete={(rows) => new Promise<void>((resolve) => modal.confirm({ title: t('confirmDelete'), onOk: () => modelService.delete(rows.map((r) => r.id).join(',')).then(done).finally(resolve), onCancel: () => resolve() }))}
        rowActions={{
          width: 260,
          items: (r) => [
            { key: 'design', label: t('decision.design'), permission: P.design, onClick: () => setEditing(r.id) },
            { key: 'deploy', label: t('decision.deploy'), permission: P.deploy, confirm: t('decision.confirmDeploy'), onClick: () => void modelService.deploy(r.id).then(done) },
            { key: 'test', label: t('decision.test'), permission: P.execute, hidden: !r.procDef?.id, onClick: () => setTesting(r.key) },
            { key: 'delete', confirm: t('confirmDelete'), onClick: () => void modelService.delete(r.id).then(done) },
          ],
        }}
        columns={[
          { title: t('decision.name'), dataIndex: 'filterText', query: true, hideInTable: true },
          { title: t('decision.key'), dataIndex: 'key', width: 220, render: (_d, r) => <a onClick={() => setEditing(r.id)}>{r.key}</a> },
          { title: t('decision.name'), dataIndex: 'name' },
          { title: t('decision.version'), dataIndex: ['procDef', 'version'], width: 100, render: (_d, r) => (r.procDef?.version ? <Tag color="blue">v{r.procDef.version}</Tag> : '') },
          { title: t('decision.status'), width: 110, render: (_d, r) => (r.procDef?.id ? <Tag color="green">{t('decision.deployed')}</Tag> : <Tag>{t('decision.notDeployed')}</Tag>) },
          { title: t('decision.lastUpdated'), dataIndex: 'lastUpdated', width: 180, valueType: 'dateTime' },
        ]}
      />
      <Modal open={creating} title={t('decision.create')} maskClosable={false} onCancel={() => setCreating(false)} onOk={() => void create()} className="loom-new-decision">
        <Form form={form} layout="vertical">
          <Form.Item name="key" label={t('decision.key')} rules={[{ required: true, message: t('decision.keyRequired') }, { pattern: KEY, message: t('decision.keyInvalid') }]}>
            <Input data-field="decision-key" />
          </Form.Item>
          <Form.Item name="name" label={t('decision.name')} rules={[{ required: true, whitespace: true, message: t('decision.nameRequired') }]}>
            <Input data-field="decision-name" />
          </Form.Item>
          <Form.Item name="description" label={t('decision.description')}>
            <Input.TextArea rows={2} />
          </Form.Item>
        </Form>
      </Modal>
      {editing ? (
        <Suspense fallback={<Spin fullscreen />}>
          <DecisionEditor modelId={editing} onClose={() => { setEditing(null); reload(); }} onSaved={reload} />
        </Suspense>
      ) : null}
      {testing ? <ExecuteDialog decisionKey={testing} onClose={() => setTesting(null)} /> : null}
    </>
  );
}
