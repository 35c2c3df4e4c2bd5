import { useRef } from 'react';
import { Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ListPage, useFeedback, type ListPageHandle, type PageProps } from '@loom/ui';
import '../../locales/tasks';
import { taskService } from '../../components/task/service';
import { detailUrl } from '../../components/task/nav';
import { showTime, timeRangeColumn } from '../../components/task/columns';
import type { DoneRow } from '../../components/task/types';

const LEVEL: Record<string, string> = { success: 'green', danger: 'red', warning: 'orange', info: 'blue' };

/** 已办任务 (`/flowable/task/HistoricList`): tasks I completed; take one back while the next is untouched. */
export default function HistoricList(_props: PageProps) {
  const { t } = useTranslation('tasks');
  const { message } = useFeedback();
  const navigate = useNavigate();
  const list = useRef<ListPageHandle<DoneRow>>(null);
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
                .then((msg) => {
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
            <a onClick={() => view(r)} data-done={r.id}>
              {r.vars.title || r.processDefinitionName}
            </a>
          ),
        },
        { title: t('processName'), dataIndex: 'processDefinitionName', key: 'processName' },
        { title: t('node'), dataIndex: 'name', key: 'name' },
        { title: t('status'), dataIndex: 'status', key: 'status', render: (_d, r) => <Tag color={LEVEL[r.level ?? 'info'] ?? 'blue'}>{r.status}</Tag> },
        { title: t('initiator'), dataIndex: ['vars', 'userName'], key: 'userName' },
        { title: t('handleTime'), dataIndex: 'endTime', key: 'endTime', render: (_d, r) => showTime(r.endTime), exportValue: (r) => showTime(r.endTime) },
        timeRangeColumn<DoneRow>(t),
      ]}
    />
  );
}
