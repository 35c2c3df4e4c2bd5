/** What the dry-run form needs from the diagram: user tasks with their buttons, the variables the
 * conditions read, and the request body built from the diagram as it is now (unsaved). */
import type Modeler from 'bpmn-js/lib/Modeler';
import { exportXml } from '../../modeler';
import { processOf, services, type Bo } from '../../model/access';
import { collectNodeData } from '../../save/extensions';
import { variablesOf, SYSTEM_VARIABLES, type LintContext, dynamicFormKey, conditionOf, extensions, is, value, type El } from '../checks/api';

export interface TaskChoice {
  id: string;
  name: string;
  buttons: Array<{ code: string; name: string }>;
}

function elements(modeler: Modeler): Bo[] {
  const seen = new Map<string, Bo>();
  for (const e of services(modeler).elementRegistry.getAll()) {
    if (e.type !== 'label' && e.businessObject?.id) seen.set(e.businessObject.id, e.businessObject);
  }
  return [...seen.values()];
}

export function userTasks(modeler: Modeler): TaskChoice[] {
  return elements(modeler)
    .filter((bo) => is(bo as El, 'bpmn:UserTask'))
    .map((bo) => ({
      id: bo.id ?? '',
      name: bo.name || bo.id || '',
      buttons: extensions(bo as El, 'button').map((b) => ({ code: value(b, 'code'), name: value(b, 'name') })),
    }));
}

/** Variables the start form should fill: the form's fields and whatever the conditions read. */
export function startVariables(modeler: Modeler): string[] {
  const ctx = modeler.get<LintContext>('loomLintContext');
  const found = new Set<string>(ctx.formFields);
  for (const bo of elements(modeler)) {
    const el = bo as El;
    if (is(el, 'bpmn:StartEvent')) for (const p of extensions(el, 'formProperty')) found.add(value(p, 'id'));
    if (is(el, 'bpmn:SequenceFlow')) for (const v of variablesOf(conditionOf(el))) found.add(v);
  }
  const codes = new Set(userTasks(modeler).flatMap((t) => t.buttons.map((b) => b.code)));
  return [...found].filter((v) => v && !SYSTEM_VARIABLES.has(v) && !codes.has(v));
}

export async function requestBody(modeler: Modeler) {
  const key = processOf(services(modeler)).id ?? '';
  return { key, bpmnXml: await exportXml(modeler, { asPublished: true }), extensions: collectNodeData(key, elements(modeler)).extensions };
}

/** The dynamic form of the top-level start event, '' when it has none (or an external one). */
export function startFormKey(modeler: Modeler): string {
  const start = elements(modeler).find((bo) => is(bo as El, 'bpmn:StartEvent') && !is((bo as El).$parent, 'bpmn:SubProcess'));
  return start ? dynamicFormKey(start as El) : '';
}
