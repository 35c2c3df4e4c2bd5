import { useRef, useState } from 'react';
import { Button, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ListPage, Permission, useFeedback, type ListPageHandle, type PageProps } from '@loom/ui';
import '../../locales/tasks';
import { FlowChartDialog } from '../../components/flow-viewer';
import { taskService } from '../../components/task/service';
import { detailUrl } from '../../components/task/nav';
import { InstanceStatus } from '../../components/task/InstanceStatus';
import { ReasonDialog } from '../../components/task/ReasonDialog';
import { queryColumn, showTime } from '../../components/task/columns';
import type { InstanceRow } from '../../components/task/types';

const P = { stop: 'flowable:instance:stop', del: 'flowable:instance:del', suspend: 'flowable:process:suspend', active: 'flowable:process:active' };

/** 运行中流程 (`/flowable/instance/RunningList`): every running instance; stop with a message, delete with a reason, chart and history. */
export default function RunningList(_props: PageProps) {
  const { t } = useTranslation('tasks');
  const { message } = useFeedback();
  const navigate = useNavigate();
  const list = useRef<ListPageHandle<InstanceRow>>(null);
  const [chart, setChart] = useState<string | null>(null);
  const [ask, setAsk] = useState<{ kind: 'stop' | 'delete'; ids: string[] } | null>(null);
  const done = (msg: string) => {
    void message.success(msg);
    setAsk(null);
    list.current?.clearSelection();
    list.current?.reload();
  };
  return (
    <>
      <ListPage<InstanceRow>
        actionRef={list}
        url={taskService.runningUrl}
        exportName={t('running.title')}
        tableProps={{ className: 'loom-running-list' }}
        toolbar={({ selectedRows }) => (
          <Permission value={P.del}>
            <Button danger disabled={!selectedRows.length} data-action="delete-running" onClick={() => setAsk({ kind: 'delete', ids: selectedRows.map((r) => r.id) })}>
              {t('delete')}
            </Button>
          </Permission>
        )}
        rowActions={{
          width: 280,
          items: (r) => [
            { key: 'chart', label: t('chart'), onClick: () => setChart(r.id) },
            { key: 'history', label: t('history'), onClick: () => navigate(detailUrl(r.id, { title: r.vars.title ?? '' })) },
            {
              key: 'suspend',
              label: t('suspend'),
              permission: P.suspend,
              hidden: !!r.instanceSuspended,
              confirm: t('confirmSuspend'),
              // this instance only: the definition is suspended from 流程定义
              onClick: () => void taskService.suspendInstance(r.id).then(done),
            },
            {
              key: 'activate',
              label: t('activate'),
              permission: P.active,
              hidden: !r.instanceSuspended,
              onClick: () => void taskService.activateInstance(r.id).then(done),
            },
            {
              key: 'activateDefinition',
              label: t('activateDefinition'),
              permission: P.active,
              hidden: !r.definitionSuspended,
              onClick: () => void taskService.activateDefinition(r.processDefinitionId).then(done),
            },
            { key: 'stop', label: t('stop'), permission: P.stop, danger: true, onClick: () => setAsk({ kind: 'stop', ids: [r.id] }) },
            { key: 'delete', permission: P.del, onClick: () => setAsk({ kind: 'delete', ids: [r.id] }) },
          ],
        }}
        columns={[
          {
            title: t('title'),
            dataIndex: ['vars', 'title'],
            key: 'varsTitle',
            render: (_d, r) => (
              <a onClick={() => navigate(detailUrl(r.id, { title: r.vars.title ?? '' }))} data-instance={r.id}>
                {r.vars.title || r.processDefinitionName}
              </a>
            ),
          },
          { title: t('processName'), dataIndex: 'processDefinitionName', key: 'processName' },
          { title: t('taskName'), dataIndex: 'taskName', key: 'taskName' },
          { title: t('initiator'), dataIndex: ['vars', 'userName'], key: 'userName' },
          {
            title: t('status'),
            dataIndex: 'status',
            key: 'status',
            render: (_d, r) => (
              <>
                <InstanceStatus row={r} />
                {r.instanceSuspended ? (
                  <Tag color="orange" data-suspended="instance">
                    {t('suspended')}
                  </Tag>
                ) : null}
                {r.definitionSuspended ? (
                  <Tag color="orange" data-suspended="definition">
                    {t('definitionSuspended')}
                  </Tag>
                ) : null}
              </>
            ),
            exportValue: (r) => [r.status, r.instanceSuspended ? t('suspended') : '', r.definitionSuspended ? t('definitionSuspended') : ''].filter(Boolean).join(' '),
          },
          { title: t('startTime'), dataIndex: 'startTime', key: 'startTime', render: (_d, r) => showTime(r.startTime), exportValue: (r) => showTime(r.startTime) },
          queryColumn<InstanceRow>(t('title'), 'title'),
        ]}
      />
      <FlowChartDialog open={chart != null} procInsId={chart ?? undefined} onClose={() => setChart(null)} />
      <ReasonDialog
        open={ask != null}
        title={ask?.kind === 'stop' ? t('task.stopTitle') : t('delete')}
        label={ask?.kind === 'stop' ? t('stopMessage') : t('deleteReason')}
        onCancel={() => setAsk(null)}
        onOk={async (text) => {
          if (!ask) return;
          done(ask.kind === 'stop' ? await taskService.stop(ask.ids[0] ?? '', text) : await taskService.deleteRunning(ask.ids, text));
        }}
      />
    </>
  );
}
