import { addMessages, catalogue } from '@loom/ui/core';
import zhCN from './notices.zh-CN.json';
import enUS from './notices.en-US.json';

/** A notice of the workflow's notice centre (`/flowable/notice/*`; kind task, copy, urge, deadline or
 * result), and a page of the caller's notices with the unread count: workflow's OpenAPI answers. */
import type { NoticePublic as Notice } from '../../../workflow/src/api/types';
export type { NoticePublic as Notice, NoticePage, UnreadCount } from '../../../workflow/src/api/types';

/** The page listing all of the caller's notices (the bell's "view all"). */
export const NOTICES_HREF = '/flowable/notice/NoticeList';
/** Raised on `window` when notices were marked read elsewhere: the bell asks its count again. */
export const NOTICES_READ_EVENT = 'loom:notices-read';

addMessages('notice', catalogue(zhCN, enUS));

export const KIND_COLOR: Record<Notice['kind'], string> = { task: 'blue', copy: 'cyan', urge: 'orange', deadline: 'red', result: 'green' };

// where a notice leads from the bell: the list the user acts from
const KIND_LIST: Record<Notice['kind'], string> = {
  task: '/flowable/task/TodoList',
  urge: '/flowable/task/TodoList',
  deadline: '/flowable/task/TodoList',
  copy: '/flowable/extension/FlowCopyList',
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
  return [detail, (n.createTime ?? '').slice(0, 16).replace('T', ' ')].filter(Boolean).join(' · ');
}
