import { inSubProcess, is, type Bo } from '../model/access';

export type SectionKey = 'basic' | 'reviewer' | 'form' | 'timer' | 'buttons' | 'condition' | 'executionListener' | 'taskListener' | 'startable' | 'multiInstance';

const CONDITION_SOURCES = ['bpmn:Activity', 'bpmn:StartEvent', 'bpmn:ExclusiveGateway', 'bpmn:InclusiveGateway', 'bpmn:ComplexGateway'];
const EXEC_LISTENER_HOSTS = ['bpmn:Task', 'bpmn:SequenceFlow', 'bpmn:StartEvent', 'bpmn:EndEvent', 'bpmn:IntermediateThrowEvent', 'bpmn:IntermediateCatchEvent', 'bpmn:BoundaryEvent', 'bpmn:CallActivity', 'bpmn:SubProcess', 'bpmn:Process'];

function eventDefinition(bo: Bo, type: string): Bo | undefined {
  return ((bo.get?.('eventDefinitions') as Bo[] | undefined) ?? []).find((d) => is(d, type));
}

/** The product panel's sections for an element, in order (seed 001 §2.2 variant B visibility rules). */
export function sectionsFor(bo: Bo): SectionKey[] {
  const out: SectionKey[] = ['basic'];
  const userTask = is(bo, 'bpmn:UserTask');
  const topStart = is(bo, 'bpmn:StartEvent') && !inSubProcess(bo);
  if (userTask) out.push('reviewer');
  if (userTask || topStart) out.push('form');
  if (eventDefinition(bo, 'bpmn:TimerEventDefinition')) out.push('timer');
  if (userTask) out.push('buttons');
  if (is(bo, 'bpmn:SequenceFlow')) {
    const source = bo.get('sourceRef') as Bo | undefined;
    if (CONDITION_SOURCES.some((t) => is(source, t))) out.push('condition');
  } else if (eventDefinition(bo, 'bpmn:ConditionalEventDefinition')) out.push('condition');
  if (EXEC_LISTENER_HOSTS.some((t) => is(bo, t))) out.push('executionListener');
  if (userTask) out.push('taskListener');
  if (is(bo, 'bpmn:Process')) out.push('startable');
  if (userTask) out.push('multiInstance');
  return out;
}

export { eventDefinition };
