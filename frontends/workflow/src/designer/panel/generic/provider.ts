/**
 * Flowable groups for bpmn-js-properties-panel (variant A): the attribute groups of ./attributes (user assignment,
 * forms, async continuations, job configuration, candidate starters…), the implementation,
 * called element, timer and list groups of ./implementation and ./lists, with the §5.1 messages.
 * Entries are Preact components (the panel renders with Preact).
 */
import { is, type Bo, type DiagramElement } from '../../model/access';
import { joinGroup, relevant, type Entry } from './kit';
import { buttonSpec, fieldInjectionSpec, formFieldSpec, hasFields, hasFormFields, hasInputOutput, hasVariables, inputOutputSpec, mappingSpec, propertiesSpec, type Deps, type ListSpec } from './lists';
import { listGroup, toEntry } from './render';
import { attributeGroups } from './attributes';
import {
  businessKeyEntries, calledElementEntries, connectorSpecs, hasExecutionListeners, hasImplementation, implementationEntries, listenerSpec, multiInstanceEntries, timerEntries, timerOf,
} from './implementation';

type Group = { id: string; label: string; entries?: Array<Record<string, unknown>> };

const loop = (bo: Bo) => bo.get?.('loopCharacteristics') as Bo | undefined;


/**
 * Adds the Flowable groups after bpmn-js-properties-panel's own (priority below the BPMN
 * provider's), in the order of the seed's variant A tabs: General's groups (implementation,
 * called element, timer, multi instance, …), Variables, Connector, Forms, Listeners,
 * Input/Output, Field injections, Extensions.
 */
export class FlowablePropertiesProvider {
  static $inject = ['propertiesPanel', 'translate', 'bpmnFactory', 'commandStack'];
  private readonly deps: Deps;
  constructor(propertiesPanel: { registerProvider: (priority: number, provider: unknown) => void }, translate: Deps['translate'], bpmnFactory: Deps['factory'], commandStack: Deps['commandStack']) {
    this.deps = { translate, factory: bpmnFactory, commandStack };
    propertiesPanel.registerProvider(400, this);
  }

  private group(id: string, label: string, entries: Entry[]) {
    return entries.length ? [{ id, label: this.deps.translate(label), entries: entries.map((e) => toEntry(e, this.deps.translate)) }] : [];
  }

  getGroups(element: DiagramElement) {
    return (groups: Group[]) => {
      const bo = relevant(element);
      if (!bo || element.type === 'label') return groups;
      const { deps } = this;
      const mi = loop(bo);
      const timer = timerOf(bo);
      // ours replaces bpmn-js-properties-panel's timer group (it keeps the text when the type changes, seed §4.3)
      if (timer) groups.splice(0, groups.length, ...groups.filter((g) => g.id !== 'timer'));
      groups.push(
        ...(hasImplementation(bo) ? this.group('flowable-implementation', 'Implementation', implementationEntries(element, bo, deps)) : []),
        ...(is(bo, 'bpmn:CallActivity') ? this.group('flowable-called-element', 'Called element', [...calledElementEntries(element, bo), ...businessKeyEntries(element, bo, deps)]) : []),
        ...(timer ? this.group('flowable-timer', 'Timer', timerEntries(element, timer, deps)) : []),
      );
      if (is(mi, 'bpmn:MultiInstanceLoopCharacteristics')) {
        // collection and element variable join the panel's own multi-instance group (cardinality,
        // completion condition): one group for one concept
        joinGroup(groups, 'multiInstance', this.group('flowable-multi-instance', 'Multi Instance', multiInstanceEntries(element, mi as Bo)));
      }
      for (const g of attributeGroups(element, bo)) groups.push(...this.group(g.id, g.label, g.entries));
      const lists: ListSpec[] = [
        ...(hasVariables(bo) ? [mappingSpec(element, bo, 'in', deps), mappingSpec(element, bo, 'out', deps)] : []),
        ...(hasImplementation(bo) ? connectorSpecs(element, bo, deps) : []),
        ...(hasFormFields(bo) ? [formFieldSpec(element, bo, deps)] : []),
        ...(hasExecutionListeners(bo) ? [listenerSpec(element, bo, 'execution', deps)] : []),
        ...(is(bo, 'bpmn:UserTask') ? [listenerSpec(element, bo, 'task', deps)] : []),
        ...(hasInputOutput(bo) ? [inputOutputSpec(element, bo, 'input', deps), inputOutputSpec(element, bo, 'output', deps)] : []),
        ...(is(bo, 'bpmn:UserTask') ? [buttonSpec(element, bo, deps)] : []),
        ...(hasFields(bo) ? [fieldInjectionSpec(element, bo, deps)] : []),
        propertiesSpec(element, bo, deps),
      ];
      groups.push(...(lists.map((spec) => listGroup(element, spec, deps)) as unknown as Group[]));
      return groups;
    };
  }
}
