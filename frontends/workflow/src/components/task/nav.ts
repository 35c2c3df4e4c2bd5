import type { TodoRow } from '../../api/types';

/** The task screen's href (opened in the portal's tab like a menu page). */
export const TASK_HREF = '/flowable/task/TaskForm';
/** The read-only view of an instance: its data, history and chart. */
export const DETAIL_HREF = '/flowable/task/TaskFormDetail';
export const TODO_HREF = '/flowable/task/TodoList';
export const APPLY_HREF = '/flowable/task/ApplyList';
export const COPY_HREF = '/flowable/extension/FlowCopyList';

/** The task page's URL for a to-do row (the ids getTaskDef needs). */
export function taskUrl(row: {
  status: TodoRow['status'];
  vars: Pick<TodoRow['vars'], 'title'>;
  task: Pick<TodoRow['task'], 'id' | 'taskDefinitionKey' | 'processInstanceId' | 'processDefinitionId' | 'processDefKey'>;
}): string {
  const q = new URLSearchParams({
    taskId: row.task.id,
    taskDefKey: row.task.taskDefinitionKey,
    procInsId: row.task.processInstanceId,
    procDefId: row.task.processDefinitionId,
    procDefKey: row.task.processDefKey,
    status: row.status,
    title: row.vars.title ?? '',
  });
  return `${TASK_HREF}?${q.toString()}`;
}

/** The read-only view's URL of an instance. */
export function detailUrl(procInsId: string, extra: Record<string, string> = {}): string {
  return `${DETAIL_HREF}?${new URLSearchParams({ procInsId, ...extra }).toString()}`;
}
