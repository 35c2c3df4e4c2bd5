import { useRef, useState } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListPage, type ListPageHandle, type PageProps } from '@loom/ui';
import '../../locales/tasks';
import { taskService } from '../../components/task/service';
import { InstanceStatus } from '../../components/task/InstanceStatus';
import { ReasonDialog } from '../../components/task/ReasonDialog';
import { queryColumn } from '../../components/task/columns';
import { SelectedRowsButton, timeColumn, titleColumns, useChanged, useInstanceLinks } from '../../components/task/listColumns';
import type { InstancePublic } from '../../api/types';
import { IncidentDialog, IncidentTag, useIncidents } from '../../components/work/Incidents';
import { MigrationDialog } from '../../components/migration/MigrationDialog';
import { NS as MIGRATION } from '../../components/migration/messages';

const P = { migrate: 'flowable:instance:migrate', stop: 'flowable:instance:stop', del: 'flowable:instance:del', suspend: 'flowable:process:suspend', active: 'flowable:process:active' };

/** 运行中流程 (`/flowable/process/RunningList`): every running instance; stop with a message, delete with a reason, chart and history. */
export default function RunningList(_props: PageProps) {
  const { t } = useTranslation('tasks');
  const { t: tw } = useTranslation('work');
  const list = useRef<ListPageHandle<InstancePublic>>(null);
  const changed = useChanged(list);
  const instance = useInstanceLinks();
  const [ask, setAsk] = useState<{ kind: 'stop' | 'delete'; ids: string[] } | null>(null);
  const [loaded, setLoaded] = useState(0);
  // the incidents (jobs out of retries) of the listed instances, reloaded with the list
  const incidents = useIncidents(loaded);
  const [showing, setShowing] = useState<string | null>(null);
  const { t: tm } = useTranslation(MIGRATION);
  const [migrating, setMigrating] = useState<InstancePublic | null>(null);
  const done = (msg: string) => {
    setAsk(null);
    changed(msg);
  };
  return (
    <>
      <ListPage<InstancePublic>
        actionRef={list}
        url={taskService.runningUrl}
        exportName={t('running.title')}
        tableProps={{ className: 'loom-running-list' }}
        onLoad={() => setLoaded((n) => n + 1)}
        toolbar={({ selectedRows }) => (
          <SelectedRowsButton permission={P.del} action="delete-running" rows={selectedRows} onClick={(ids) => setAsk({ kind: 'delete', ids })}>
            {t('delete')}
          </SelectedRowsButton>
        )}
        rowActions={{
          width: 280,
          items: (r) => [
            ...instance.links(r),
            {
              key: 'incidents',
              label: tw('incident.retry'),
              permission: 'flowable:instance:retry',
              hidden: !incidents.byInstance.get(r.id)?.length,
              onClick: () => setShowing(r.id),
            },
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
            // 实例迁移: this instance onto another version of its process
            { key: 'migrate', label: tm('action'), permission: P.migrate, onClick: () => setMigrating(r) },
            { key: 'stop', label: t('stop'), permission: P.stop, danger: true, onClick: () => setAsk({ kind: 'stop', ids: [r.id] }) },
            { key: 'delete', permission: P.del, onClick: () => setAsk({ kind: 'delete', ids: [r.id] }) },
          ],
        }}
        columns={[
          ...titleColumns<InstancePublic>(t, instance.open, 'instance'),
          { title: t('taskName'), dataIndex: 'taskName', key: 'taskName' },
          { title: t('initiator'), dataIndex: ['vars', 'userName'], key: 'userName' },
          {
            title: t('status'),
            dataIndex: 'status',
            key: 'status',
            render: (_d, r) => (
              <>
                <InstanceStatus row={r} />
                <IncidentTag incidents={incidents.byInstance.get(r.id)} />
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
          timeColumn<InstancePublic>(t('startTime'), 'startTime'),
          queryColumn<InstancePublic>(t('title'), 'title'),
        ]}
      />
      {instance.chartDialog}
      {migrating ? (
        <MigrationDialog
          open
          sourceDefinitionId={migrating.processDefinitionId}
          procInsIds={[migrating.id]}
          onClose={() => setMigrating(null)}
          onDone={() => list.current?.reload()}
        />
      ) : null}
      {showing ? (
        <IncidentDialog
          incidents={incidents.byInstance.get(showing) ?? []}
          onClose={() => setShowing(null)}
          onRetried={() => {
            setShowing(null);
            incidents.reload();
          }}
        />
      ) : null}
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
