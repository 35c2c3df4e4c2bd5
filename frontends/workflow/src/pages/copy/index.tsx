import { useRef } from 'react';
import { Button, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ListPage, useFeedback, type ListPageHandle, type PageProps } from '@loom/ui';
import '../../locales/tasks';
import { taskService } from '../../components/task/service';
import { detailUrl } from '../../components/task/nav';
import { queryColumn, showTime } from '../../components/task/columns';
import type { CopyPublic } from '../../api/types';

/** 抄送我的 (`/flowable/extension/FlowCopyList`): copies sent to me at a node; opening one marks it read. */
export default function FlowCopyList(_props: PageProps) {
  const { t } = useTranslation('tasks');
  const { message } = useFeedback();
  const navigate = useNavigate();
  const list = useRef<ListPageHandle<CopyPublic>>(null);
  const open = (r: CopyPublic) => {
    if (r.status !== '1') void taskService.markRead([r.id]);
    navigate(detailUrl(r.procInsId, { title: r.procInsName ?? '' }));
  };
  return (
    <ListPage<CopyPublic>
      actionRef={list}
      url={taskService.copyUrl}
      exportName={t('copy.title')}
      tableProps={{ className: 'loom-copy-list' }}
      toolbar={({ selectedRows }) => (
        <Button
          disabled={!selectedRows.length}
          data-action="mark-read"
          onClick={() =>
            void taskService.markRead(selectedRows.map((r) => r.id)).then((msg) => {
              void message.success(msg);
              list.current?.clearSelection();
              list.current?.reload();
            })
          }
        >
          {t('markRead')}
        </Button>
      )}
      onDelete={(rows) => taskService.deleteCopies(rows.map((r) => r.id)).then((msg) => void message.success(msg))}
      rowActions={{ width: 120, items: (r) => [{ key: 'view', onClick: () => open(r) }] }}
      columns={[
        {
          title: t('title'),
          dataIndex: 'procInsName',
          key: 'procInsNameCol',
          render: (_d, r) => (
            <a onClick={() => open(r)} data-copy={r.id}>
              {r.procInsName || r.procDefName}
            </a>
          ),
        },
        { title: t('processName'), dataIndex: 'procDefName' },
        { title: t('node'), dataIndex: 'taskName' },
        { title: t('copyFrom'), dataIndex: ['createBy', 'name'], key: 'createBy' },
        { title: t('copyTime'), dataIndex: 'createDate', render: (_d, r) => showTime(r.createDate), exportValue: (r) => showTime(r.createDate) },
        {
          title: t('status'),
          dataIndex: 'status',
          render: (_d, r) => <Tag color={r.status === '1' ? 'default' : 'blue'} data-read={r.status}>{r.status === '1' ? t('read') : t('unread')}</Tag>,
          exportValue: (r) => (r.status === '1' ? t('read') : t('unread')),
        },
        queryColumn<CopyPublic>(t('title'), 'procInsName'),
      ]}
    />
  );
}
