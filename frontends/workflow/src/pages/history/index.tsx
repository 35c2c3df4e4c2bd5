import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage, useFeedback, type ListPageHandle, type PageProps } from '@loom/ui';
import '../../locales/tasks';
import { taskService } from '../../components/task/service';
import { InstanceStatus } from '../../components/task/InstanceStatus';
import { queryColumn, reasonText } from '../../components/task/columns';
import { SelectedRowsButton, timeColumn, titleColumns, useChanged, useInstanceLinks } from '../../components/task/listColumns';
import type { InstancePublic } from '../../api/types';

const P = { del: 'flowable:history:del' };

/** 历史流程 (`/flowable/process/HistoryList`): ended instances with how they ended; chart, history, delete the record. */
export default function HistoryList(_props: PageProps) {
  const { t } = useTranslation('tasks');
  const { modal } = useFeedback();
  const list = useRef<ListPageHandle<InstancePublic>>(null);
  const changed = useChanged(list);
  const instance = useInstanceLinks();
  const remove = (ids: string[]) =>
    modal.confirm({
      title: t('confirmDeleteHistory'),
      okText: t('yes'),
      cancelText: t('cancel'),
      onOk: async () => changed(await taskService.deleteHistory(ids)),
    });
  return (
    <>
      <ListPage<InstancePublic>
        actionRef={list}
        url={taskService.historyUrl}
        exportName={t('historyList.title')}
        tableProps={{ className: 'loom-history-list' }}
        toolbar={({ selectedRows }) => (
          <SelectedRowsButton permission={P.del} action="delete-history" rows={selectedRows} onClick={remove}>
            {t('deleteHistory')}
          </SelectedRowsButton>
        )}
        rowActions={{
          width: 200,
          items: (r) => [...instance.links(r), { key: 'delete', label: t('deleteHistory'), permission: P.del, danger: true, onClick: () => remove([r.id]) }],
        }}
        columns={[
          ...titleColumns<InstancePublic>(t, instance.open, 'instance'),
          { title: t('initiator'), dataIndex: ['vars', 'userName'], key: 'userName' },
          { title: t('status'), dataIndex: 'status', key: 'status', render: (_d, r) => <InstanceStatus row={r} /> },
          { title: t('reason'), dataIndex: 'deleteReason', key: 'deleteReason', ellipsis: true, render: (_d, r) => reasonText(r.deleteReason, t), exportValue: (r) => reasonText(r.deleteReason, t) },
          timeColumn<InstancePublic>(t('startTime'), 'startTime'),
          timeColumn<InstancePublic>(t('endTime'), 'endTime'),
          queryColumn<InstancePublic>(t('title'), 'title'),
        ]}
      />
      {instance.chartDialog}
    </>
  );
}
