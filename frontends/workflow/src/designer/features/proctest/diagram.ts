/** What the case editor offers from the diagram as it is now: its nodes, user tasks with their buttons, end events. */
import type Modeler from 'bpmn-js/lib/Modeler';
import { services, type Bo } from '../../model/access';
import { is, type El } from '../checks/api';

// the diagram as a run takes it (XML as published, node extensions unsaved), read as the dry run reads it
export { requestBody, startVariables, userTasks, type TaskChoice } from '../dryrun/diagram';

export interface NodeChoice {
  id: string;
  label: string;
  end: boolean;
}

/** The flow nodes a path passes (events, tasks, gateways), named as the service's messages name them: 名称(id). */
export function flowNodes(modeler: Modeler): NodeChoice[] {
  const seen = new Map<string, NodeChoice>();
  for (const e of services(modeler).elementRegistry.getAll()) {
    const bo = e.businessObject as Bo | undefined;
    if (e.type === 'label' || !bo?.id || seen.has(bo.id) || !is(bo as El, 'bpmn:FlowNode')) continue;
    seen.set(bo.id, { id: bo.id, label: bo.name ? `${bo.name}(${bo.id})` : bo.id, end: is(bo as El, 'bpmn:EndEvent') });
  }
  return [...seen.values()];
}
