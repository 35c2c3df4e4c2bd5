import { extensions, inSubProcess, is, plain, type Bo } from '../model/access';

export interface NodeExtension {
  processDefId: string;
  taskDefId: string;
  flowButtonList: Array<{ id?: string; name: string; code: string; isHide: string; next: string; sort: number }>;
  flowConditionList: Array<{ id?: string; field: string; compare: string; value: string; logic: string; sort: number }>;
  flowAssigneeList: Array<{ id?: string; type: string; value: string; condition: string; operationType: string; sort: number }>;
}

export interface NodeSetting {
  processDefId: string;
  taskDefId: string;
  key: string;
  value: string;
}

const num = (v: unknown) => Number(v) || 0;

/** User-task settings of the approver policy and the deadline (workflow's extension/approver_policy.py,
 * task/returns.py, task/deadlines.py). */
export const POLICY_SETTINGS = [
  'emptyApprover', 'autoApprove', 'backReturn', 'dueDuration', 'dueCalendar', 'dueAction', 'dueTransferTo',
] as const;

/**
 * What the designer sends on save (seed 001 §3.1): one node extension per user task and
 * sequence flow (buttons, conditions, reviewers; empty lists clear the server's), and the node
 * settings formReadOnly/formType (start events outside a sub-process, user tasks), the approver
 * policy emptyApprover/autoApprove/backReturn (user tasks) and conditionType (sequence flows).
 */
export function collectNodeData(processKey: string, elements: Bo[]): { extensions: NodeExtension[]; settings: NodeSetting[] } {
  const exts: NodeExtension[] = [];
  const settings: NodeSetting[] = [];
  const setting = (bo: Bo, key: string, value: unknown) => settings.push({ processDefId: processKey, taskDefId: bo.id as string, key, value: value == null ? '' : String(value) });
  for (const bo of elements) {
    const userTask = is(bo, 'bpmn:UserTask');
    const flow = is(bo, 'bpmn:SequenceFlow');
    if (userTask || flow) {
      exts.push({
        processDefId: processKey,
        taskDefId: bo.id as string,
        flowButtonList: extensions(bo, 'flowable:Button').map((b) => ({ ...plain<any>(b, ['id', 'name', 'code', 'isHide', 'next']), sort: num(b.get('sort')) })),
        flowConditionList: extensions(bo, 'flowable:Condition').map((c) => ({ ...plain<any>(c, ['id', 'field', 'compare', 'value', 'logic']), sort: num(c.get('sort')) })),
        flowAssigneeList: extensions(bo, 'flowable:Assignee').map((a) => ({ ...plain<any>(a, ['id', 'type', 'value', 'condition', 'operationType']), sort: num(a.get('sort')) })),
      });
    }
    if (userTask || (is(bo, 'bpmn:StartEvent') && !inSubProcess(bo))) {
      const key = bo.get('flowable:formKey') ?? '';
      setting(bo, 'formType', bo.get('flowable:formType') || (String(key).includes('/') ? '2' : '1'));
      setting(bo, 'formReadOnly', bo.get('flowable:formReadOnly') ? 'true' : 'false');
    }
    if (userTask) {
      // the approver policy: nobody (skip, admin, error), automatic approval, resubmission straight back
      for (const key of POLICY_SETTINGS) setting(bo, key, bo.get(`flowable:${key}`) ?? '');
    }
    if (flow) {
      const stored = bo.get('flowable:conditionType');
      setting(bo, 'conditionType', stored || (extensions(bo, 'flowable:Condition').length ? '1' : '2'));
    }
  }
  return { extensions: exts, settings };
}
