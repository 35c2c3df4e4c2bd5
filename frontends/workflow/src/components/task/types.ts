/** Shapes of the task-center calls (docs/wire.md, the JeePlus client's todo rows and getTaskDef). */

/** A row of `/flowable/task/todo`: `status` 'todo' (assigned: handle) or 'claim' (offered: claim). */
export interface TodoRow extends Record<string, unknown> {
  status: 'todo' | 'claim' | string;
  vars: { title?: string | null; userName?: string | null };
  processDefinitionName: string;
  task: {
    id: string;
    name: string;
    createTime: string;
    taskDefinitionKey: string;
    processInstanceId: string;
    processDefinitionId: string;
    processDefKey: string;
    assignee?: string | null;
    owner?: string | null;
    /** 'PENDING' while a delegate (委派) holds it; `ownerName` is who delegated it. */
    delegationState?: string | null;
    ownerName?: string;
    /** When the node's deadline falls (null without one), and whether it has passed. */
    dueDate?: string | null;
    overdue?: boolean;
  };
}

/** A row of `/flowable/task/historic` (已办). */
export interface DoneRow extends Record<string, unknown> {
  id: string;
  name: string;
  taskDefinitionKey: string;
  processInstanceId: string;
  processDefinitionId: string;
  processDefinitionName: string;
  startTime: string;
  endTime: string;
  duration: number | null;
  status: string;
  level?: string;
  vars: { title?: string | null; userName?: string | null };
  back: boolean;
  currentTask: { id: string; taskDefinitionKey: string } | null;
}

/** A row of `/flowable/task/myApplyed`, `/flowable/process/runningData` and `historyListData`. */
export interface InstanceRow extends Record<string, unknown> {
  id: string;
  processInstanceId: string;
  processDefinitionId: string;
  processDefinitionKey?: string;
  processDefinitionName: string;
  businessKey?: string | null;
  startUserId?: string;
  startTime: string;
  endTime: string | null;
  deleteReason: string | null;
  activityId?: string | null;
  taskName: string;
  vars: { title?: string | null; userName?: string | null };
  code?: number | string;
  status: string;
  level?: string;
  /** Waits suspended: the instance's own flag or its definition's. */
  suspended?: boolean;
  /** The instance itself is suspended (挂起 of 运行中流程). */
  instanceSuspended?: boolean;
  /** Its definition is suspended (流程定义's 挂起). */
  definitionSuspended?: boolean;
}

/** A definition of `/flowable/process/list`. */
export interface DefinitionRow extends Record<string, unknown> {
  id: string;
  key: string;
  name: string;
  version: number;
  category: string | null;
  suspended: boolean;
  description?: string | null;
  deploymentTime?: string | null;
}

/** `/flowable/task/getTaskDef`: what the task screen opens with. */
export interface TaskDef {
  formType: '1' | '2' | string;
  formReadOnly: boolean;
  formUrl: string;
  procDefKey: string;
  taskDefKey: string | null;
  procInsId: string | null;
  procDefId: string | null;
  taskId: string | null;
  status: string | null;
  title: string | null;
  businessTable?: string;
  businessId?: string | null;
  flowButtonList?: FlowButton[];
  /** 'PENDING' when the task was delegated to the caller (委派): only 办理, which gives it back to `ownerName`. */
  delegationState?: string | null;
  ownerName?: string;
}

/** A node button (seed 001 §3.1): `isHide` '1' hides it. */
export interface FlowButton {
  id?: string;
  name: string;
  code: string;
  sort: number;
  isHide?: string;
  next?: string;
}

/** One field a save changed (`formHistory`): its model, label and JSON values before and after. */
export interface FieldChange {
  field: string;
  label: string;
  before: unknown;
  after: unknown;
}

/** One save of the instance's form (`GET /flowable/task/formHistory`): the node, who, when, what changed. */
export interface FormChangeEntry {
  taskId: string;
  taskName: string;
  userId: string;
  userName: string;
  time: string;
  changes: FieldChange[];
  /** The form version the save was made under, and the whole form as the save left it. */
  jsonId?: string;
  data?: Record<string, unknown> | null;
}

/** A step of `/flowable/task/historicTaskList`. */
export interface HistoryStep {
  histIns: {
    id: string;
    activityId: string;
    activityName: string;
    activityType: string;
    taskId: string | null;
    assignee: string | null;
    startTime: number | null;
    endTime: number | null;
    deleteReason: string | null;
  };
  assigneeName: string;
  /** `by`: who acted on the step when not its handler (减签 by another signer). */
  comment: { type: string; status: string; message: string; level?: string; by?: string };
  durationTime: string;
}

/** `{bpmnXml, activityIds, flows}` of getFlowChart. */
export interface FlowChartData {
  bpmnXml: string;
  activityIds: string[];
  flows: string[];
}

/** A signer still open at a countersign node (`signers`: whom 减签 may remove). */
export interface Signer {
  id: string;
  name: string;
}

/** A node the task may be sent back to. */
export interface BackNode {
  taskDefKey: string;
  taskName: string;
}

/** A copy (抄送) as its receiver sees it. */
export interface CopyRow extends Record<string, unknown> {
  id: string;
  userId: string;
  procDefId: string;
  procInsId: string;
  procDefName: string;
  procInsName: string;
  taskName: string;
  status: '0' | '1' | string;
  createBy?: { id: string; name: string } | null;
  createDate: string;
}

/** The signed-in user's counts on the home page. */
export interface TaskOverview {
  todo: number;
  applyRunning: number;
  applyTotal: number;
  copyUnread: number;
}
