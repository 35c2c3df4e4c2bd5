import { useRef, useState } from 'react';
import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ListPage, Permission, useFeedback, type ListPageHandle, type PageProps } from '@loom/ui';
import '../../locales/tasks';
import { FlowChartDialog } from '../../components/flow-viewer';
import { taskService } from '../../components/task/service';
import { detailUrl } from '../../components/task/nav';
import { InstanceStatus } from '../../components/task/InstanceStatus';
import { queryColumn, showTime, reasonText } from '../../components/task/columns';
import type { InstanceRow } from '../../components/task/types';

const P = { del: 'flowable:history:del' };

/** 历史流程 (`/flowable/instance/HistoryList`): ended instances with how they ended; chart, history, delete the record. */
export default function HistoryList(_props: PageProps) {
  const { t } = useTranslation('tasks');
  const { message, modal } = useFeedback();
  const navigate = useNavigate();
  const list = useRef<ListPageHandle<InstanceRow>>(null);
  const [chart, setChart] = useState<string | null>(null);
  const remove = (ids: string[]) =>
    modal.confirm({
      title: t('confirmDeleteHistory'),
      okText: t('yes'),
      cancelText: t('cancel'),
      onOk: async () => {
        void message.success(await taskService.deleteHistory(ids));
        list.current?.clearSelection();
        list.current?.reload();
      },
    });
  return (
    <>
      <ListPage<InstanceRow>
        actionRef={list}
        url={taskService.historyUrl}
        exportName={t('historyList.title')}
        tableProps={{ className: 'loom-history-list' }}
        toolbar={({ selectedRows }) => (
          <Permission value={P.del}>
            <Button danger disabled={!selectedRows.length} data-action="delete-history" onClick={() => remove(selectedRows.map((r) => r.id))}>
              {t('deleteHistory')}
            </Button>
          </Permission>
        )}
        rowActions={{
          width: 200,
          items: (r) => [
            { key: 'chart', label: t('chart'), onClick: () => setChart(r.id) },
            { key: 'history', label: t('history'), onClick: () => navigate(detailUrl(r.id, { title: r.vars.title ?? '' })) },
            { key: 'delete', label: t('deleteHistory'), permission: P.del, danger: true, onClick: () => remove([r.id]) },
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
          { title: t('initiator'), dataIndex: ['vars', 'userName'], key: 'userName' },
          { title: t('status'), dataIndex: 'status', key: 'status', render: (_d, r) => <InstanceStatus row={r} /> },
          { title: t('reason'), dataIndex: 'deleteReason', key: 'deleteReason', ellipsis: true, render: (_d, r) => reasonText(r.deleteReason, t), exportValue: (r) => reasonText(r.deleteReason, t) },
          { title: t('startTime'), dataIndex: 'startTime', key: 'startTime', render: (_d, r) => showTime(r.startTime), exportValue: (r) => showTime(r.startTime) },
          { title: t('endTime'), dataIndex: 'endTime', key: 'endTime', render: (_d, r) => showTime(r.endTime), exportValue: (r) => showTime(r.endTime) },
          queryColumn<InstanceRow>(t('title'), 'title'),
        ]}
      />
      <FlowChartDialog open={chart != null} procInsId={chart ?? undefined} onClose={() => setChart(null)} />
    </>
  );
}
