import { Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ListPage, type PageProps } from '@loom/ui';
import '../../locales/tasks';
import { taskService } from '../../components/task/service';
import { taskUrl } from '../../components/task/nav';
import { queryColumn, showTime, timeRangeColumn } from '../../components/task/columns';
import type { TodoRow } from '../../api/types';

/** 待办任务 (`/flowable/task/TodoList`): claim offered tasks, handle assigned ones; search by title, process and time. */
export default function TodoList(_props: PageProps) {
  const { t } = useTranslation('tasks');
  const navigate = useNavigate();
  const open = (r: TodoRow) => navigate(taskUrl(r) + `&taskName=${encodeURIComponent(r.task.name ?? '')}`);
  return (
    <ListPage<TodoRow>
      url={taskService.todoUrl}
      rowKey="task.id"
      selectable={false}
      exportName={t('todo.title')}
      tableProps={{ rowKey: (r: TodoRow) => r.task.id, className: 'loom-todo-list' }}
      rowActions={{
        width: 120,
        items: (r) => [
          r.status === 'todo'
            ? { key: 'handle', label: t('handle'), onClick: () => open(r) }
            : { key: 'claim', label: t('claim'), onClick: () => open(r) },
        ],
      }}
      columns={[
        {
          title: t('title'),
          dataIndex: ['vars', 'title'],
          key: 'varsTitle',
          render: (_d, r) => (
            <a onClick={() => open(r)} data-todo={r.task.id}>
              {r.vars.title || r.processDefinitionName}
            </a>
          ),
        },
        { title: t('processName'), dataIndex: 'processDefinitionName', key: 'processName' },
        {
          title: t('taskName'),
          dataIndex: ['task', 'name'],
          key: 'taskName',
          render: (_d, r) => (
            <>
              <Tag color="processing">{r.task.name}</Tag>
              {r.task.delegationState === 'PENDING' ? (
                <Tag color="warning" data-delegated={r.task.id}>
                  {t('delegatedBy', { name: r.task.ownerName ?? '' })}
                </Tag>
              ) : null}
            </>
          ),
          exportValue: (r) => (r.task.delegationState === 'PENDING' ? `${r.task.name} (${t('delegatedBy', { name: r.task.ownerName ?? '' })})` : r.task.name),
        },
        { title: t('initiator'), dataIndex: ['vars', 'userName'], key: 'userName' },
        { title: t('createTime'), dataIndex: ['task', 'createTime'], key: 'createTime', render: (_d, r) => showTime(r.task.createTime), exportValue: (r) => showTime(r.task.createTime) },
        {
          title: t('dueDate'),
          dataIndex: ['task', 'dueDate'],
          key: 'dueDate',
          render: (_d, r) =>
            r.task.dueDate ? (
              <span data-due={r.task.overdue ? 'overdue' : 'due'}>
                {showTime(r.task.dueDate)} {r.task.overdue ? <Tag color="error">{t('overdue')}</Tag> : null}
              </span>
            ) : '-',
          exportValue: (r) => (r.task.dueDate ? showTime(r.task.dueDate) : ''),
        },
        queryColumn<TodoRow>(t('title'), 'title'),
        queryColumn<TodoRow>(t('processName'), 'procDefName'),
        timeRangeColumn<TodoRow>(t),
      ]}
    />
  );
}
