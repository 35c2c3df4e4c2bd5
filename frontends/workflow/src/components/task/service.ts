import { http, type Page, type QueryObject } from '@loom/ui';
import type {
  BackNode,
  CopyPublic,
  DefinitionPublic,
  FlowChart,
  FormHistory,
  HistoryStep,
  InstancePublic,
  ProcessVariables,
  Signer,
  StepComment,
  TaskDef,
  TaskInfo,
  TaskOverview,
  TodoRow,
} from '../../api/types';

/** The comment the handler leaves with an operation (`comment` JSON of audit; `type`, `status` and
 * `message` of back): the part of a history step's comment the handler writes. */
export type TaskComment = Pick<StepComment, 'type' | 'status' | 'message'>;

/** The task center's calls, as the JeePlus client makes them (seed 001 §7). */
export const taskService = {
  todoUrl: '/flowable/task/todo',
  historicUrl: '/flowable/task/historic',
  myApplyedUrl: '/flowable/task/myApplyed',
  runningUrl: '/flowable/process/runningData',
  historyUrl: '/flowable/process/historyListData',
  copyUrl: '/extension/flowCopy/list',

  todo: (params: QueryObject) => http.get<Page<TodoRow>>('/flowable/task/todo', params),
  startable: (params: QueryObject) => http.get<Page<DefinitionPublic>>('/flowable/process/list', { ...params, startable: '1' }),
  taskDef: (params: QueryObject) => http.get<TaskDef>('/flowable/task/getTaskDef', params),
  taskInfo: (taskId: string) => http.get<TaskInfo>('/flowable/task/getTaskInfo', { taskId }, { silent: true }),
  history: (procInsId: string) => http.get<HistoryStep[]>('/flowable/task/historicTaskList', { procInsId }),
  flowChart: (procInsId: string) => http.get<FlowChart>('/flowable/task/getFlowChart', { processInstanceId: procInsId }),
  /** Who changed what in the instance's form, one entry per save (oldest first). */
  formHistory: (procInsId: string) =>
    http.get<FormHistory>('/flowable/task/formHistory', { procInsId }, { silent: true }).then((r) => r.list ?? []),
  variables: (procInsId: string) => http.get<ProcessVariables>('/flowable/task/variables', { procInsId }, { silent: true }),

  /** Starts a process: every field in the query string, the form's values as `vars` JSON. */
  start: (p: { procDefKey: string; title: string; vars: Record<string, unknown>; assignee?: string; businessTable?: string; businessId?: string }) =>
    http.post<string>('/flowable/task/start', undefined, {
      params: {
        procDefKey: p.procDefKey,
        title: p.title,
        vars: JSON.stringify(p.vars),
        assignee: p.assignee,
        businessTable: p.businessTable,
        businessId: p.businessId,
      },
      loading: true,
    }),
  /** Completes the task (agree and custom buttons). */
  audit: (p: { taskId: string; vars: Record<string, unknown>; comment: TaskComment; assignee?: string }) =>
    http.post<string>('/flowable/task/audit', { taskId: p.taskId, vars: p.vars, comment: p.comment, assignee: p.assignee }, { form: true, loading: true }),
  /** Keeps the form's values on the task without completing it. */
  saveForm: (taskId: string, vars: Record<string, unknown>) =>
    http.post<string>('/flowable/task/saveForm', { taskId, vars }, { form: true, loading: true }),
  backNodes: (taskId: string) => http.put<BackNode[]>('/flowable/task/backNodes', { taskId }),
  back: (p: { taskId: string; backTaskDefKey: string; comment: TaskComment }) =>
    http.put<string>('/flowable/task/back', { taskId: p.taskId, backTaskDefKey: p.backTaskDefKey, ...p.comment }, { loading: true }),
  rejectAndOver: (p: { taskId: string; procInsId: string; message: string }) =>
    http.put<string>('/flowable/task/rejectAndOver', p, { loading: true }),
  transfer: (taskId: string, userId: string) => http.put<string>('/flowable/task/transfer', { taskId, userId }, { loading: true }),
  delegate: (taskId: string, userId: string) => http.put<string>('/flowable/task/delegate', { taskId, userId }, { loading: true }),
  addSign: (taskId: string, userIds: string[], comment: string) =>
    http.post<string>('/flowable/task/addSignTask', { taskId, userIds: userIds.join(','), comment }, { form: true, loading: true }),
  signers: (taskId: string) => http.get<Signer[]>('/flowable/task/signers', { taskId }),
  delSign: (taskId: string, userIds: string[], comment: string) =>
    http.post<string>('/flowable/task/delSignTask', { taskId, userIds: userIds.join(','), comment }, { form: true, loading: true }),
  urge: (procInsId: string, message: string) => http.post<string>('/flowable/task/urge', { procInsId, message }, { form: true, loading: true }),
  callback: (p: { processInstanceId: string; preTaskDefKey: string; currentTaskId: string }) =>
    http.put<string>('/flowable/task/callback', p, { loading: true }),

  revoke: (id: string) => http.put<string>('/flowable/process/revokeProcIns', { id }, { loading: true }),
  stop: (id: string, message: string) => http.put<string>('/flowable/process/stop', { id, message }, { loading: true }),
  deleteRunning: (ids: string[], reason: string) => http.delete<string>('/flowable/process/deleteProcIns', { ids: ids.join(','), reason }, { loading: true }),
  deleteHistory: (ids: string[]) => http.delete<string>('/flowable/process/history/deleteAllProcIns', { procInsIds: ids.join(',') }, { loading: true }),
  suspendDefinition: (procDefId: string) => http.put<string>('/flowable/process/update/suspend', { procDefId }, { loading: true }),
  activateDefinition: (procDefId: string) => http.put<string>('/flowable/process/update/active', { procDefId }, { loading: true }),
  /** One running instance only; its definition and the other instances run on. */
  suspendInstance: (procInsId: string) => http.put<string>('/flowable/process/instance/suspend', { procInsId }, { loading: true }),
  activateInstance: (procInsId: string) => http.put<string>('/flowable/process/instance/active', { procInsId }, { loading: true }),

  copyTo: (p: { procInsId: string; taskId?: string; userIds: string[] }) =>
    http.post<string>('/extension/flowCopy/save', { procInsId: p.procInsId, taskId: p.taskId ?? '', userIds: p.userIds.join(',') }, { form: true }),
  copies: (params: QueryObject) => http.get<Page<CopyPublic>>('/extension/flowCopy/list', params),
  markRead: (ids: string[]) => http.put<string>('/extension/flowCopy/read', { ids: ids.join(',') }, { silent: true }),
  deleteCopies: (ids: string[]) => http.delete<string>('/extension/flowCopy/delete', { ids: ids.join(',') }, { loading: true }),

  overview: () => http.get<TaskOverview>('/flowable/task/overview', undefined, { silent: true }),
};
