import { BpmnModdle } from 'bpmn-moddle';
import { flowableDescriptor } from '../src/designer/moddle/flowable';
import { approvalMode, modeToLoop, percentToCondition } from '../src/designer/panel/rules';
import { collectNodeData } from '../src/designer/save/extensions';

describe('approval modes of the countersign section (会签, 或签, 依次审批)', () => {
  it('writes each mode as a loop and reads it back', () => {
    for (const mode of ['countersign', 'anyOne', 'inTurn'] as const) {
      const loop = modeToLoop(mode, 60);
      expect(approvalMode(loop.kind, loop.condition)).toBe(mode);
    }
    expect(modeToLoop('anyOne', 60)).toEqual({ kind: 'Parallel', condition: '${nrOfCompletedInstances>=1}' });
    expect(modeToLoop('countersign', 60).condition).toBe(percentToCondition(60));
    expect(modeToLoop('inTurn', 60)).toEqual({ kind: 'Sequential', condition: percentToCondition(100) });
  });

  it('reads no mode without a loop, and a ratio as 会签', () => {
    expect(approvalMode('None', undefined)).toBeUndefined();
    expect(approvalMode('Parallel', '${nrOfCompletedInstances/nrOfInstances>=1}')).toBe('countersign');
  });
});

describe('the approver policy is saved as node settings of the user task', () => {
  it('sends emptyApprover, autoApprove, backReturn and the deadline, empty when unset', async () => {
    const moddle = new BpmnModdle({ flowable: flowableDescriptor });
    const xml =
      '<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t">' +
      '<process id="p"><userTask id="a" flowable:emptyApprover="skip" flowable:autoApprove="initiator,approved" flowable:backReturn="1" flowable:dueDuration="P2D" flowable:dueCalendar="workday" flowable:dueAction="transfer" flowable:dueTransferTo="u9"/>' +
      '<userTask id="b"/></process></definitions>';
    const { rootElement } = await moddle.fromXML(xml);
    const tasks = (rootElement as any).rootElements[0].flowElements;
    const { settings } = collectNodeData('p', tasks);
    const of = (node: string, key: string) => settings.find((s) => s.taskDefId === node && s.key === key)?.value;
    expect([of('a', 'emptyApprover'), of('a', 'autoApprove'), of('a', 'backReturn')]).toEqual(['skip', 'initiator,approved', '1']);
    expect([of('b', 'emptyApprover'), of('b', 'autoApprove'), of('b', 'backReturn')]).toEqual(['', '', '']);
    expect(['dueDuration', 'dueCalendar', 'dueAction', 'dueTransferTo'].map((k) => of('a', k))).toEqual(['P2D', 'workday', 'transfer', 'u9']);
    expect(of('b', 'dueDuration')).toBe('');
  });
});
