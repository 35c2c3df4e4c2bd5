import {
  buttonCodeError, cleanListener, conditionToPercent, expressionToRows, formMemoryKey, formTypeOf, keptReviewers, newConditionRow,
  newReviewerRow, percentToCondition, pickButtons, rowsToExpression, type ConditionRow, type ReviewerRow,
} from '../src/designer/panel/rules';
import { nextZoom } from '../src/designer/toolbar';

const row = (field: string, compare: ConditionRow['compare'], value: string, logic: 'and' | 'or', sort: number): ConditionRow => ({ field, compare, value, logic, sort });

describe('condition rows and the expression', () => {
  it('joins and-rows with || and or-rows with &&, as the product does', () => {
    expect(rowsToExpression([row('days', '>', '3', 'and', 1), row('type', '=', 'sick', 'and', 2)])).toBe("${days>3||type=='sick'}");
    expect(rowsToExpression([row('days', '>', '3', 'or', 1), row('amount', '>=', '1000', 'or', 2)])).toBe('${days>3&&amount>=1000}');
  });

  it('puts the or-group in brackets before the and-group when both exist', () => {
    const rows = [row('days', '>', '3', 'and', 1), row('a', '<', '1', 'or', 2), row('b', '<=', '2', 'or', 3)];
    expect(rowsToExpression(rows)).toBe('${(a<1&&b<=2)&&days>3}');
  });

  it('reads the rows back from the expression it wrote', () => {
    const rows = [row('days', '>', '3', 'and', 1), row('a', '<', '1', 'or', 2), row('kind', '=', 'sick', 'or', 3)];
    const back = expressionToRows(rowsToExpression(rows)) ?? [];
    expect(rowsToExpression(back)).toBe(rowsToExpression(rows));
    expect(back.map((r) => [r.field, r.compare, r.value, r.logic])).toEqual([['a', '<', '1', 'or'], ['kind', '=', 'sick', 'or'], ['days', '>', '3', 'and']]);
  });

  it('skips rows without a field and answers null for an expression of another form', () => {
    expect(rowsToExpression([newConditionRow()])).toBe('');
    expect(expressionToRows('${execution.getVariable("x") == 1 ? true : false}')).toBeNull();
  });

  it('gives a new row compare <, logic and, sort 1', () => {
    expect(newConditionRow()).toEqual({ field: '', compare: '<', value: '', logic: 'and', sort: 1 });
  });
});

describe('countersign percentage and completion condition', () => {
  it('writes the fraction and reads the percentage back', () => {
    expect(percentToCondition(60)).toBe('${nrOfCompletedInstances/nrOfInstances>=0.6}');
    expect(conditionToPercent(percentToCondition(60))).toBe(60);
    expect(conditionToPercent('${nrOfCompletedInstances/nrOfInstances>=1}')).toBe(100);
  });

  it('keeps the percentage within 1..100 and defaults to 100', () => {
    expect(percentToCondition(0)).toBe('${nrOfCompletedInstances/nrOfInstances>=1}');
    expect(percentToCondition(250)).toBe('${nrOfCompletedInstances/nrOfInstances>=1}');
    expect(percentToCondition(0.4)).toBe('${nrOfCompletedInstances/nrOfInstances>=0.01}');
    expect(conditionToPercent(undefined)).toBe(100);
    expect(conditionToPercent('${pass == true}')).toBe(100);
  });
});

describe('reviewer rows', () => {
  const r = (type: ReviewerRow['type'], value: string, sort: number): ReviewerRow => ({ type, value, sort, condition: '0', operationType: '0' });

  it('keeps on confirm only rows with type and value, or a valueless type, sorted by sort', () => {
    const kept = keptReviewers([r('role', 'r1', 30), r('user', '', 10), r('', 'x', 5), r('applyUserId', '', 20), r('previousExecutor', '', 40), r('currentUserId', '', 1), r('depart', '  ', 2)]);
    expect(kept.map((x) => x.type)).toEqual(['currentUserId', 'applyUserId', 'role', 'previousExecutor']);
  });

  it('keeps the department-manager rules without a value: sys names the manager when the task is created', () => {
    const kept = keptReviewers([r('applyUserDeptManager', '', 20), r('previousExecutorDeptManager', '', 10), r('depart', '', 5)]);
    expect(kept.map((x) => x.type)).toEqual(['previousExecutorDeptManager', 'applyUserDeptManager']);
  });

  it('numbers new rows in steps of ten with condition and operation type 0', () => {
    const first = newReviewerRow([]);
    expect(first).toEqual({ type: '', value: '', condition: '0', operationType: '0', sort: 10 });
    expect(newReviewerRow([first, first]).sort).toBe(30);
  });
});

describe('button codes', () => {
  it('refuses an empty code, a system preset when adding, and any other _flow_ code', () => {
    expect(buttonCodeError('', { adding: true, otherCodes: [] })).toBe('codeRequired');
    expect(buttonCodeError('_flow_agree', { adding: true, otherCodes: [] })).toBe('systemCode');
    expect(buttonCodeError('_flow_mine', { adding: false, otherCodes: [] })).toBe('systemCode');
  });

  it('keeps a system code on an edited button and refuses a duplicate custom code', () => {
    expect(buttonCodeError('_flow_agree', { adding: false, otherCodes: [] })).toBeNull();
    expect(buttonCodeError('approve_more', { adding: true, otherCodes: ['approve_more'] })).toBe('codeTaken');
    expect(buttonCodeError('approve_more', { adding: true, otherCodes: [] })).toBeNull();
  });

  it('resets picked common buttons to shown, next 0, and sorts them in', () => {
    const rows = pickButtons([{ name: '驳回', code: '_flow_reject', isHide: '1', next: '0', sort: 30 }], [
      { name: '同意', code: '_flow_agree', sort: 20 },
      { name: '驳回', code: '_flow_reject', sort: 30 },
    ]);
    expect(rows.map((b) => [b.code, b.isHide, b.next])).toEqual([['_flow_agree', '0', '0'], ['_flow_reject', '1', '0']]);
  });
});

describe('form type from the form key', () => {
  it("is external ('2') when the key contains '/', else dynamic ('1'), unless stored", () => {
    expect(formTypeOf(undefined, '/test/leave/LeaveForm')).toBe('2');
    expect(formTypeOf(undefined, 'leave_form')).toBe('1');
    expect(formTypeOf(null, '')).toBe('1');
    expect(formTypeOf('1', '/a/b')).toBe('1');
  });

  it('remembers each type under its own local-storage key', () => {
    expect(formMemoryKey('task1', '1')).toBe('task1dyFormKey');
    expect(formMemoryKey('task1', '2')).toBe('task1outFormKey');
  });
});

describe('listener entries', () => {
  it('keep only the value of the chosen type when the type changes', () => {
    const entry = { event: 'start', type: 'Expression' as const, class: 'a.B', expression: '${x}', delegateExpression: '${bean}' };
    expect(cleanListener(entry)).toEqual({ event: 'start', type: 'Expression', expression: '${x}', fields: undefined });
    expect(cleanListener({ ...entry, type: 'DelegateExpression' })).toEqual({ event: 'start', type: 'DelegateExpression', delegateExpression: '${bean}', fields: undefined });
    expect(cleanListener({ ...entry, type: 'JavaClass' }).class).toBe('a.B');
  });
});

describe('zoom', () => {
  it('steps by 0.1 between 0.2 and 2', () => {
    expect(nextZoom(1, 1)).toBe(1.1);
    expect(nextZoom(2, 1)).toBe(2);
    expect(nextZoom(0.2, -1)).toBe(0.2);
    expect(nextZoom(0.3, -1)).toBe(0.2);
  });
});
