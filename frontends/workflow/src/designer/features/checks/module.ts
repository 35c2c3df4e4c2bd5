/**
 * The live checks as a bpmn-js DI module: bpmn-js-bpmnlint with our configuration, active from the
 * start, and `loomLintContext` (one per modeler) that the designer fills as it learns things.
 */
import lintingModule from 'bpmn-js-bpmnlint';
import 'bpmn-js-bpmnlint/dist/assets/css/bpmn-js-bpmnlint.css';
import './checks.css';
import { http } from '@loom/ui';
import { lintConfig } from './config';
import { createLintContext, type LintContext } from './context';
import { dynamicFormKey, loadForm } from './forms';
import type { El } from './model';
import type { AllowedHosts, DecisionPage, DefinitionPage } from '../../../api/types';

interface Linting {
  setLinterConfig: (config: unknown) => void;
  toggle: (active?: boolean) => boolean;
  update: () => void;
}

interface Registry {
  getAll: () => Array<{ type: string; businessObject?: El }>;
}
interface Bus {
  on: (events: string | string[], fn: () => void) => void;
}

function LoomChecks(linting: Linting, ctx: LintContext, eventBus: Bus, registry: Registry): void {
  linting.setLinterConfig(lintConfig(ctx));
  linting.toggle(true);
  // the fields of the dynamic forms bound to the diagram are variables conditions may read
  const seen = new Set<string>();
  eventBus.on(['import.done', 'elements.changed'], () => {
    const keys = registry
      .getAll()
      .map((e) => (e.type !== 'label' && e.businessObject ? dynamicFormKey(e.businessObject) : ''))
      .filter((k) => k && !seen.has(k));
    if (!keys.length) return;
    keys.forEach((k) => seen.add(k));
    void Promise.all(keys.map(loadForm)).then((forms) => {
      for (const form of forms) form.fields.forEach((f) => ctx.formFields.add(f));
      if (forms.some((f) => f.fields.length)) linting.update();
    });
  });
  // the call-activity check needs the deployed keys; lint again once they are known
  void loadDeployedKeys()
    .then((keys) => {
      ctx.deployedKeys = keys;
      linting.update();
    })
    .catch(() => undefined);
  // the business-rule and HTTP task checks need the deployed decisions and the allowed hosts
  void Promise.all([loadDecisionKeys(), loadAllowedHosts()])
    .then(([decisions, hosts]) => {
      ctx.deployedDecisions = decisions;
      ctx.allowedHosts = hosts;
      linting.update();
    })
    .catch(() => undefined);
}
LoomChecks.$inject = ['linting', 'loomLintContext', 'eventBus', 'elementRegistry'];

interface Flow {
  $type: string;
  sourceRef?: { outgoing?: Flow[] };
  targetRef?: { incoming?: Flow[] };
  flowElements?: Flow[];
}

/**
 * Files from the Flowable modeler (and JeePlus) do not list a node's `<incoming>`/`<outgoing>`;
 * bpmnlint's rules read them, so every node would look disconnected. Fill them in on import, as
 * bpmn-js does for every connection drawn.
 */
function ConnectedNodes(eventBus: { on: (e: string, fn: (e: { definitions?: { rootElements?: Flow[] } }) => void) => void }): void {
  eventBus.on('import.parse.complete', (event) => {
    const visit = (container: Flow) => {
      for (const el of container.flowElements ?? []) {
        if (el.$type === 'bpmn:SequenceFlow') {
          const { sourceRef: source, targetRef: target } = el;
          if (source && !(source.outgoing ??= []).includes(el)) source.outgoing.push(el);
          if (target && !(target.incoming ??= []).includes(el)) target.incoming.push(el);
        }
        visit(el);
      }
    };
    for (const root of event.definitions?.rootElements ?? []) visit(root);
  });
}
ConnectedNodes.$inject = ['eventBus'];

/** Keys of the deployed process definitions (every version, all categories). */
export async function loadDeployedKeys(): Promise<Set<string>> {
  const page = await http.get<DefinitionPage>('/flowable/process/list', { current: 1, size: -1 }, { silent: true });
  return new Set(page.records.map((r) => r.key));
}

/** Keys of the deployed decisions (every version). */
export async function loadDecisionKeys(): Promise<Set<string>> {
  const page = await http.get<DecisionPage>('/dmn-api/dmn-repository/decisions', { current: 1, size: -1, latest: true }, { silent: true });
  return new Set(page.records.map((r) => r.key));
}

/** The hosts an administrator allows HTTP tasks to call. */
export async function loadAllowedHosts(): Promise<string[]> {
  return (await http.get<AllowedHosts>('/flowable/connector/allowedHosts', {}, { silent: true })).hosts;
}

export const checksModule = {
  __depends__: [lintingModule],
  __init__: ['loomConnectedNodes', 'loomChecks'],
  loomConnectedNodes: ['type', ConnectedNodes],
  loomChecks: ['type', LoomChecks],
  loomLintContext: ['factory', createLintContext],
};
