import { useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ListPage, useFeedback, type ListPageHandle, type PageProps } from '@loom/ui';
import '../../locales/tasks';
import { taskService } from '../../components/task/service';
import { detailUrl } from '../../components/task/nav';
import { InstanceStatus } from '../../components/task/InstanceStatus';
import { queryColumn, showTime, timeRangeColumn } from '../../components/task/columns';
import type { InstanceRow } from '../../components/task/types';

/** 我发起的 (`/flowable/task/ApplyList`): my instances with their state; revoke while the next task is untouched, urge, chart. */
export default function ApplyList(_props: PageProps) {
  const { t } = useTranslation('tasks');
  const { message } = useFeedback();
  const navigate = useNavigate();
  const list = useRef<ListPageHandle<InstanceRow>>(null);
  const view = (r: InstanceRow) =>
    navigate(detailUrl(r.id, { title: r.vars.title ?? '', running: r.endTime ? '0' : '1', startUserId: r.startUserId ?? '' }));
  return (
    <ListPage<InstanceRow>
      actionRef={list}
      url={taskService.myApplyedUrl}
      selectable={false}
      exportName={t('apply.title')}
      tableProps={{ className: 'loom-apply-list' }}
      onView={view}
      rowActions={{
        width: 200,
        items: (r) => [
          'view',
          {
            key: 'revoke',
            label: t('revoke'),
            hidden: !!r.endTime,
            confirm: t('confirmRevoke'),
            onClick: () =>
              void taskService.revoke(r.id).then((msg) => {
                void message.success(msg);
                list.current?.reload();
              }),
          },
        ],
      }}
      columns={[
        {
          title: t('title'),
          dataIndex: ['vars', 'title'],
          key: 'varsTitle',
          render: (_d, r) => (
            <a onClick={() => view(r)} data-instance={r.id}>
              {r.vars.title || r.processDefinitionName}
            </a>
          ),
        },
        { title: t('processName'), dataIndex: 'processDefinitionName', key: 'processName' },
        { title: t('taskName'), dataIndex: 'taskName', key: 'taskName' },
        { title: t('status'), dataIndex: 'status', key: 'status', render: (_d, r) => <InstanceStatus row={r} /> },
        { title: t('startTime'), dataIndex: 'startTime', key: 'startTime', render: (_d, r) => showTime(r.startTime), exportValue: (r) => showTime(r.startTime) },
        { title: t('endTime'), dataIndex: 'endTime', key: 'endTime', render: (_d, r) => showTime(r.endTime), exportValue: (r) => showTime(r.endTime) },
        queryColumn<InstanceRow>(t('title'), 'title'),
        timeRangeColumn<InstanceRow>(t),
      ]}
    />
  );
}
