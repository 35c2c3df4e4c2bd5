import { describe, expect, it } from 'vitest';
import { completionOf, customButtonVars, isSystemCode, visibleButtons } from '../src/components/task/buttons';
import { byCategory } from '../src/pages/start';
import { taskUrl } from '../src/components/task/nav';
import { businessKeyOf, isDynamicKey, writableValues } from '../src/components/task/nodeForm';
import type { DefinitionPublic, TaskButton } from '../src/api/types';

const b = (code: string, name: string, sort: number, isHide = '0'): TaskButton => ({ id: '', code, name, sort, isHide, next: '0' });

describe('the buttons of a task page', () => {
  it('shows the visible buttons in their sort order, keeping ties in their configured order', () => {
    // given buttons configured out of order, one hidden
    const list = [b('_flow_print', '打印', 70), b('_flow_agree', '同意', 10), b('reapply', '退回修改', 20, '1'), b('_flow_back', '驳回', 20), b('x', 'X', 20)];
    // then
    expect(visibleButtons(list).map((x) => x.code)).toEqual(['_flow_agree', '_flow_back', 'x', '_flow_print']);
  });

  it('lets the handler agree when the node has no buttons', () => {
    expect(visibleButtons([]).map((x) => x.code)).toEqual(['_flow_agree']);
    expect(visibleButtons([b('_flow_agree', '同意', 1, '1')]).map((x) => x.code)).toEqual(['_flow_agree']);
  });

  it('completes a custom button through agree with its code true and the other custom codes false', () => {
    // given a node with two custom buttons and system ones
    const all = [b('_flow_agree', '同意', 10), b('reapply', '退回修改', 20), b('escalate', '上报', 30), b('_flow_stop', '终止', 40)];
    // when the handler clicks 退回修改
    const c = completionOf(all, all[1] as TaskButton);
    // then
    expect(c).toEqual({ vars: { reapply: true, escalate: false }, type: 'reapply', status: '退回修改' });
  });

  it('sets every custom code false on agree, so a condition on a custom code never takes the wrong path', () => {
    const all = [b('_flow_agree', '同意', 10), b('reapply', '退回修改', 20)];
    expect(completionOf(all, all[0] as TaskButton)).toEqual({ vars: { reapply: false }, type: '_flow_agree', status: '同意' });
    expect(customButtonVars([b('_flow_agree', '同意', 1)], '_flow_agree')).toEqual({});
  });

  it('knows the ten system preset codes of the seed', () => {
    for (const code of ['_flow_save', '_flow_agree', '_flow_reject', '_flow_back', '_flow_add_multi_instance', '_flow_del_multi_instance', '_flow_transfer', '_flow_delegate', '_flow_stop', '_flow_print'])
      expect(isSystemCode(code)).toBe(true);
    expect(isSystemCode('reapply')).toBe(false);
  });
});

describe('the start page', () => {
  const d = (name: string, category: string | null): DefinitionPublic => ({
    id: name,
    key: name,
    name,
    version: 1,
    category,
    suspended: false,
    deploymentId: '',
    resourceName: null,
    description: null,
    deploymentTime: null,
  });

  it('groups definitions by category, uncategorised last, each group by name', () => {
    const groups = byCategory([d('请假', '办公'), d('报销', '财务'), d('出差', '办公'), d('杂项', null)], '未分类');
    expect(groups.map(([c, list]) => [c, list.map((x) => x.name)])).toEqual([
      ['办公', ['出差', '请假']],
      ['财务', ['报销']],
      ['未分类', ['杂项']],
    ]);
  });
});

describe('opening a task', () => {
  it('carries the ids getTaskDef needs and the row status (claim or handle)', () => {
    const url = taskUrl({
      status: 'claim',
      vars: { title: '年假' },
      task: { id: 't1', taskDefinitionKey: 'dept', processInstanceId: 'p1', processDefinitionId: 'd1', processDefKey: 'leave' },
    });
    const q = new URL(url, 'http://x').searchParams;
    expect(url.startsWith('/flowable/task/TaskForm?')).toBe(true);
    expect([q.get('taskId'), q.get('taskDefKey'), q.get('procInsId'), q.get('procDefId'), q.get('status'), q.get('title')]).toEqual(['t1', 'dept', 'p1', 'd1', 'claim', '年假']);
  });
});

describe('a node form', () => {
  // the node's rights as the server sends them with the task (fieldRights)
  const open = { readable: true, writable: true, addable: true, deletable: true };
  const rights = { days: { ...open, writable: false }, opinion: open, secret: { ...open, readable: false, writable: false } };

  it('sends only the values the node may write', () => {
    expect(writableValues({ days: 1, opinion: 'ok', secret: 's', other: 'x' }, rights)).toEqual({ opinion: 'ok' });
    expect(writableValues({ days: 1 }, null)).toEqual({ days: 1 });
  });

  it("sends a sub-table's rows when the server opened the table for a writable column", () => {
    const rows = { lines: { ...open, addable: false }, 'lines.price': { ...open, writable: false }, 'costs.qty': open, costs: open };
    expect(writableValues({ lines: [], costs: [{ qty: 1 }], other: 'x' }, rows)).toEqual({ lines: [], costs: [{ qty: 1 }] });
  });

  it('tells a dynamic form key (no /) from an external page, and finds the business key', () => {
    expect(isDynamicKey('1', 'a1b2')).toBe(true);
    expect(isDynamicKey('2', '/leave/LeaveForm')).toBe(false);
    expect(isDynamicKey('1', '/404')).toBe(false);
    expect(businessKeyOf({ businessTable: 'oa_leave', businessId: '7', procInsId: 'p' })).toBe('oa_leave:7');
    expect(businessKeyOf({ businessId: '7', procInsId: 'p' })).toBe('7');
    expect(businessKeyOf({ procInsId: 'p' })).toBe('p');
  });
});
