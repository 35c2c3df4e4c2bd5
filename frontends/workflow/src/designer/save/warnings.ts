import { extensions, inSubProcess, is, type Bo } from '../model/access';

export interface SaveWarning {
  key: 'noAssignee' | 'noButtons' | 'noForm';
  name: string;
}

/**
 * The three save warnings of seed 001 §4.2: a user task without assignee, without buttons;
 * a start event (not in a sub-process) or user task without form key.
 */
export function saveWarnings(elements: Bo[]): SaveWarning[] {
  const out: SaveWarning[] = [];
  for (const bo of elements) {
    const name = bo.name || bo.id || '';
    const userTask = is(bo, 'bpmn:UserTask');
    if (userTask) {
      const hasAssignee = extensions(bo, 'flowable:Assignee').length > 0 || !!bo.get('flowable:assignee') || !!bo.get('flowable:candidateUsers') || !!bo.get('flowable:candidateGroups');
      if (!hasAssignee) out.push({ key: 'noAssignee', name });
      if (!extensions(bo, 'flowable:Button').length) out.push({ key: 'noButtons', name });
    }
    if (userTask || (is(bo, 'bpmn:StartEvent') && !inSubProcess(bo))) {
      if (!bo.get('flowable:formKey')) out.push({ key: 'noForm', name });
    }
  }
  return out;
}
