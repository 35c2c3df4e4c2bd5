import { useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ListPage, type ListPageHandle, type PageProps } from '@loom/ui';
import '../../locales/tasks';
import { taskService } from '../../components/task/service';
import { detailUrl } from '../../components/task/nav';
import { InstanceStatus } from '../../components/task/InstanceStatus';
import { queryColumn, timeRangeColumn } from '../../components/task/columns';
import { timeColumn, titleColumns, useChanged } from '../../components/task/listColumns';
import type { InstancePublic } from '../../api/types';

/** 我发起的 (`/flowable/task/ApplyList`): my instances with their state; revoke while the next task is untouched, urge, chart. */
export default function ApplyList(_props: PageProps) {
  const { t } = useTranslation('tasks');
  const navigate = useNavigate();
  const list = useRef<ListPageHandle<InstancePublic>>(null);
  const changed = useChanged(list);
  const view = (r: InstancePublic) =>
    navigate(detailUrl(r.id, { title: r.vars.title ?? '', running: r.endTime ? '0' : '1', startUserId: r.startUserId ?? '' }));
  return (
    <ListPage<InstancePublic>
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
            onClick: () => void taskService.revoke(r.id).then(changed),
          },
        ],
      }}
      columns={[
        ...titleColumns<InstancePublic>(t, view, 'instance'),
        { title: t('taskName'), dataIndex: 'taskName', key: 'taskName' },
        { title: t('status'), dataIndex: 'status', key: 'status', render: (_d, r) => <InstanceStatus row={r} /> },
        timeColumn<InstancePublic>(t('startTime'), 'startTime'),
        timeColumn<InstancePublic>(t('endTime'), 'endTime'),
        queryColumn<InstancePublic>(t('title'), 'title'),
        timeRangeColumn<InstancePublic>(t),
      ]}
    />
  );
}
