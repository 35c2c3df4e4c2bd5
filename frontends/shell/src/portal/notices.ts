import { addMessages } from '@loom/ui/core';

/** A notice of the workflow's notice centre (`/flowable/notice/*`). */
export interface Notice {
  id: string;
  kind: 'task' | 'copy' | 'urge' | 'deadline' | 'result';
  procInsId: string;
  taskId: string;
  title: string;
  detail: string;
  read: boolean;
  createTime: string;
}

/** A page of the caller's notices with the unread count. */
export interface NoticePage {
  records: Notice[];
  total: number;
  unread: number;
}

/** The page listing all of the caller's notices (the bell's "view all"). */
export const NOTICES_HREF = '/flowable/notice/NoticeList';
/** Raised on `window` when notices were marked read elsewhere: the bell asks its count again. */
export const NOTICES_READ_EVENT = 'loom:notices-read';

addMessages('notice', {
  'zh-CN': {
    title: '通知',
    pageTitle: '我的通知',
    readAll: '全部已读',
    markRead: '标为已读',
    viewAll: '查看全部',
    open: '查看',
    empty: '暂无通知',
    all: '全部',
    unreadOnly: '未读',
    unreadCount: '未读 {{count}} 条',
    read: '已读',
    unread: '未读',
    col: { kind: '类型', title: '流程标题', detail: '内容', time: '时间', state: '状态', actions: '操作' },
    kind: { task: '待办', copy: '抄送', urge: '催办', deadline: '到期', result: '结果' },
    result: { completed: '已办结' },
    total: '共 {{total}} 条',
  },
  'en-US': {
    title: 'Notices',
    pageTitle: 'My notices',
    readAll: 'Mark all read',
    markRead: 'Mark read',
    viewAll: 'View all',
    open: 'Open',
    empty: 'No notices',
    all: 'All',
    unreadOnly: 'Unread',
    unreadCount: '{{count}} unread',
    read: 'Read',
    unread: 'Unread',
    col: { kind: 'Kind', title: 'Request', detail: 'Detail', time: 'Time', state: 'State', actions: 'Actions' },
    kind: { task: 'Task', copy: 'Copy', urge: 'Reminder', deadline: 'Due', result: 'Result' },
    result: { completed: 'completed' },
    total: '{{total}} in all',
  },
});

export const KIND_COLOR: Record<Notice['kind'], string> = { task: 'blue', copy: 'cyan', urge: 'orange', deadline: 'red', result: 'green' };

// where a notice leads from the bell: the list the user acts from
const KIND_LIST: Record<Notice['kind'], string> = {
  task: '/flowable/task/TodoList',
  urge: '/flowable/task/TodoList',
  deadline: '/flowable/task/TodoList',
  copy: '/extension/flowCopy/FlowCopyList',
  result: '/flowable/task/ApplyList',
};

/** The list a notice leads to (the bell). */
export function listHref(n: Notice): string {
  return KIND_LIST[n.kind];
}

/** The page a notice opens (the notice list): its task, else its request's read-only view. */
export function targetHref(n: Notice): string {
  if (n.taskId && n.kind !== 'copy' && n.kind !== 'result') {
    const q = new URLSearchParams({ taskId: n.taskId, procInsId: n.procInsId, status: 'todo', title: n.title });
    return `/flowable/task/TaskForm?${q.toString()}`;
  }
  return `/flowable/task/TaskFormDetail?${new URLSearchParams({ procInsId: n.procInsId, title: n.title }).toString()}`;
}

/** The notice's second line: its detail (a result in words) and its time. */
export function describe(n: Notice, t: (key: string, opts?: Record<string, unknown>) => string): string {
  const detail = n.kind === 'result' ? t(`result.${n.detail}`, { defaultValue: n.detail }) : n.detail;
  return [detail, n.createTime.slice(0, 16).replace('T', ' ')].filter(Boolean).join(' · ');
}
