import { useRef } from 'react';
import { Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ListPage, type ListPageHandle, type PageProps } from '@loom/ui';
import '../../locales/tasks';
import { taskService } from '../../components/task/service';
import { detailUrl } from '../../components/task/nav';
import { timeRangeColumn } from '../../components/task/columns';
import { timeColumn, titleColumns, useChanged } from '../../components/task/listColumns';
import type { DoneRow } from '../../api/types';

const LEVEL: Record<string, string> = { success: 'green', danger: 'red', warning: 'orange', info: 'blue' };

/** 已办任务 (`/flowable/task/HistoryList`): tasks I completed; take one back while the next is untouched. */
export default function HistoricList(_props: PageProps) {
  const { t } = useTranslation('tasks');
  const navigate = useNavigate();
  const list = useRef<ListPageHandle<DoneRow>>(null);
  const changed = useChanged(list);
  const view = (r: DoneRow) => navigate(detailUrl(r.processInstanceId, { title: r.vars.title ?? '' }));
  return (
    <ListPage<DoneRow>
      actionRef={list}
      url={taskService.historicUrl}
      selectable={false}
      exportName={t('done.title')}
      tableProps={{ className: 'loom-done-list' }}
      onView={view}
      rowActions={{
        width: 160,
        items: (r) => [
          'view',
          {
            key: 'callback',
            label: t('callback'),
            hidden: !r.back || !r.currentTask,
            onClick: () =>
              void taskService
                .callback({ processInstanceId: r.processInstanceId, preTaskDefKey: r.taskDefinitionKey, currentTaskId: r.currentTask?.id ?? '' })
                .then(changed),
          },
        ],
      }}
      columns={[
        ...titleColumns<DoneRow>(t, view, 'done'),
        { title: t('node'), dataIndex: 'name', key: 'name' },
        { title: t('status'), dataIndex: 'status', key: 'status', render: (_d, r) => <Tag color={LEVEL[r.level ?? 'info'] ?? 'blue'}>{r.status}</Tag> },
        { title: t('initiator'), dataIndex: ['vars', 'userName'], key: 'userName' },
        timeColumn<DoneRow>(t('handleTime'), 'endTime'),
        timeRangeColumn<DoneRow>(t),
      ]}
    />
  );
}
