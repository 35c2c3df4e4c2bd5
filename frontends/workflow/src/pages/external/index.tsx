import { useRef, useState } from 'react';
import { Alert, App, Form, Input, Modal, Radio, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage, crudResource, ListPage, RemarksItem, type ListPageHandle, type PageProps } from '@loom/ui';
import '../../locales/work';
import { workService } from '../../components/work/service';
import type { ExternalTaskRow, WorkerPublic } from '../../api/types';

const P = { view: 'flowable:externalTask:view', add: 'flowable:externalTask:add', edit: 'flowable:externalTask:edit', del: 'flowable:externalTask:del' };

/** A row of `/external-task/list`, as workflow's OpenAPI declares it. */
type TaskRow = ExternalTaskRow;

const workers = crudResource<WorkerPublic>('/external-task/worker');

/** 外部任务 (`/flowable/externalTask/ExternalTaskList`): the workers' credentials (topics, a token shown
 * once) and the external tasks waiting, locked or with an incident. */
export default function ExternalTaskList(_props: PageProps) {
  const { t } = useTranslation('work');
  const { message } = App.useApp();
  const tasks = useRef<ListPageHandle<TaskRow>>(null);
  const [token, setToken] = useState<{ name: string; token: string } | null>(null);
  const workerList = (
    <CrudPage<WorkerPublic>
      entity={t('external.worker')}
      resource={workers}
      permissions={P}
      tableProps={{ className: 'loom-worker-list' }}
      rowActions={{
        width: 220,
        items: (r) => [
          'edit',
          { key: 'token', label: r.hasToken ? t('external.renewToken') : t('external.issueToken'), permission: P.edit, confirm: r.hasToken ? t('external.confirmRenew') : undefined, onClick: () => void workService.issueToken(r.id).then(setToken) },
          'delete',
        ],
      }}
      columns={[
        { title: t('external.name'), dataIndex: 'name', query: true, link: true },
        { title: t('external.topics'), dataIndex: 'topics', query: true, render: (_d, r) => r.topics.split(',').map((x) => <Tag key={x}>{x}</Tag>) },
        { title: t('external.enabled'), dataIndex: 'enabled', width: 90, render: (_d, r) => (r.enabled === '1' ? <Tag color="green">{t('yes')}</Tag> : <Tag>{t('no')}</Tag>) },
        { title: t('external.token'), width: 140, render: (_d, r) => (r.hasToken ? <code>…{r.tokenHint}</code> : <Tag color="orange">{t('external.noToken')}</Tag>) },
        { title: t('external.lastSeen'), dataIndex: 'lastSeen', width: 180, valueType: 'dateTime' },
      ]}
      dialog={{ width: 600, initialValues: { enabled: '1' } as Partial<WorkerPublic> }}
    >
      {() => (
        <>
          <Form.Item name="name" label={t('external.name')} rules={[{ required: true, whitespace: true, message: t('external.nameRequired') }]}>
            <Input data-field="worker-name" />
          </Form.Item>
          <Form.Item name="topics" label={t('external.topics')} extra={t('external.topicsHint')} rules={[{ required: true, whitespace: true, message: t('external.topicsRequired') }]}>
            <Input data-field="worker-topics" />
          </Form.Item>
          <Form.Item name="enabled" label={t('external.enabled')}>
            <Radio.Group options={[{ value: '1', label: t('yes') }, { value: '0', label: t('no') }]} />
          </Form.Item>
          <RemarksItem label={t('remarks')} />
        </>
      )}
    </CrudPage>
  );
  const taskList = (
    <ListPage<TaskRow>
      actionRef={tasks}
      url="/external-task/list"
      exportName={t('external.tasks')}
      tableProps={{ className: 'loom-external-tasks' }}
      rowActions={{
        width: 160,
        items: (r) => [
          { key: 'unlock', label: t('external.unlock'), permission: P.edit, hidden: !r.workerId || r.incident, onClick: () => void workService.unlock(r.id).then(() => { void message.success(t('external.unlocked')); tasks.current?.reload(); }) },
          { key: 'retry', label: t('incident.retry'), permission: P.edit, hidden: !r.incident, onClick: () => void workService.setRetries(r.id).then(() => { void message.success(t('incident.retried')); tasks.current?.reload(); }) },
        ],
      }}
      columns={[
        { title: t('external.topic'), dataIndex: 'topicName', query: true, width: 160 },
        { title: t('external.activity'), dataIndex: 'activityName', render: (_d, r) => r.activityName || r.activityId },
        { title: t('external.instance'), dataIndex: 'processInstanceId', width: 280, ellipsis: true },
        { title: t('external.lockedBy'), dataIndex: 'workerId', width: 140 },
        { title: t('external.lockUntil'), dataIndex: 'lockExpirationTime', width: 180, valueType: 'dateTime' },
        { title: t('external.retries'), dataIndex: 'retries', width: 80 },
        {
          title: t('external.state'), width: 120,
          render: (_d, r) => (r.incident ? <Tag color="red">{t('incident.tag')}</Tag> : r.workerId ? <Tag color="blue">{t('external.locked')}</Tag> : <Tag>{t('external.waiting')}</Tag>),
        },
        { title: t('external.error'), dataIndex: 'errorMessage', ellipsis: true },
      ]}
    />
  );
  return (
    <>
      <Tabs
        className="loom-external-page"
        items={[
          { key: 'workers', label: t('external.workers'), children: workerList },
          { key: 'tasks', label: t('external.tasks'), children: taskList },
        ]}
      />
      <Modal open={!!token} title={t('external.tokenTitle', { name: token?.name ?? '' })} onCancel={() => setToken(null)} onOk={() => setToken(null)} cancelButtonProps={{ style: { display: 'none' } }}>
        <Alert type="warning" showIcon message={t('external.tokenOnce')} style={{ marginBottom: 12 }} />
        <Typography.Paragraph copyable className="loom-worker-token">
          {token?.token}
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
