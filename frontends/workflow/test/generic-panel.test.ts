import { BpmnModdle } from 'bpmn-moddle';
import { flowableDescriptor } from '../src/designer/moddle/flowable';
import { implementationEntries, implementationOf, listenerSpec, multiInstanceEntries, timerEntries } from '../src/designer/panel/generic/implementation';
import { buttonSpec, formFieldSpec, inputOutputSpec, type Deps } from '../src/designer/panel/generic/lists';
import { attributeGroups } from '../src/designer/panel/generic/attributes';
import { GenericPanelState, searchGroups } from '../src/designer/panel/generic/tabs';
import { joinGroup, type Cmd, type Entry, type Field } from '../src/designer/panel/generic/kit';
import type { Bo, DiagramElement } from '../src/designer/model/access';

const moddle = new BpmnModdle({ flowable: flowableDescriptor });
const deps: Deps = { factory: moddle, commandStack: { execute: () => undefined }, translate: (s) => s };
const element = (bo: Bo) => ({ id: bo.id ?? 'x', type: bo.$type, businessObject: bo }) as DiagramElement;
/** Runs the commands an entry answers the way the panel's command handlers would. */
const apply = (cmds: Cmd[]) => {
  for (const { context } of cmds) {
    const { moddleElement, properties } = context as { moddleElement: Bo; properties: Record<string, unknown> };
    for (const [k, v] of Object.entries(properties)) moddleElement.set(k, v);
  }
};
const field = (entries: Entry[], id: string): Field => entries.find((e) => e.id === id)!.field;

describe('the generic panel (variant A)', () => {
  it('shows a multi-instance task in one multi-instance group: the panel\'s own, with collection and element variable added', () => {
    // given a countersign task and the panel's own multi-instance group (cardinality, completion)
    const mi = moddle.create('bpmn:MultiInstanceLoopCharacteristics', { 'flowable:collection': 'signers', 'flowable:elementVariable': 'signer' });
    const task = moddle.create('bpmn:UserTask', { id: 'sign', loopCharacteristics: mi });
    const own = { id: 'multiInstance', entries: [{ id: 'loopCardinality' }, { id: 'completionCondition' }] as unknown[] };
    const groups = [{ id: 'general', entries: [] as unknown[] }, own];
    // when
    joinGroup(groups, 'multiInstance', [{ id: 'flowable-multi-instance', entries: multiInstanceEntries(element(task), mi) }]);
    // then: no second group, and the two Flowable fields read the task's values
    expect(groups.map((g) => g.id)).toEqual(['general', 'multiInstance']);
    const entries = own.entries as Entry[];
    expect(entries.map((e) => e.id)).toEqual(['loopCardinality', 'completionCondition', 'flowable-mi-collection', 'flowable-mi-elementVariable']);
    expect([field(entries, 'flowable-mi-collection').get(), field(entries, 'flowable-mi-elementVariable').get()]).toEqual(['signers', 'signer']);
  });

  it('keeps the Flowable multi-instance group of its own where the panel shows none', () => {
    const groups: Array<{ id: string; entries?: unknown[] }> = [{ id: 'general', entries: [] }];
    joinGroup(groups, 'multiInstance', [{ id: 'flowable-multi-instance', entries: [{ id: 'x' }] }]);
    expect(groups.map((g) => g.id)).toEqual(['general', 'flowable-multi-instance']);
  });

  it('keeps the value when the implementation changes among class, expression and delegate expression', () => {
    // given a service task implemented by a Java class
    const task = moddle.create('bpmn:ServiceTask', { id: 'mail', 'flowable:class': 'org.example.Notify' });
    // when its implementation becomes an expression, then external
    apply(field(implementationEntries(element(task), task, deps), 'flowable-impl-type').set('expression'));
    const asExpression = [implementationOf(task), task.get('flowable:expression'), task.get('flowable:class')];
    apply(field(implementationEntries(element(task), task, deps), 'flowable-impl-type').set('external'));
    // then the value moved, and leaving the delegates clears it (seed §4.3)
    expect(asExpression).toEqual(['expression', 'org.example.Notify', undefined]);
    expect([implementationOf(task), task.get('flowable:expression'), task.get('flowable:type')]).toEqual(['external', undefined, 'external']);
  });

  it('asks for a connector id, and a value for the chosen delegate', () => {
    const task = moddle.create('bpmn:ServiceTask', { id: 'call', 'flowable:class': '' });
    expect(field(implementationEntries(element(task), task, deps), 'flowable-impl-class').validate!('')).toBe('Must provide a value');
    apply(field(implementationEntries(element(task), task, deps), 'flowable-impl-type').set('connector'));
    expect(field(implementationEntries(element(task), task, deps), 'flowable-impl-connectorId').validate!('')).toBe('Must configure Connector');
  });

  it('writes an HTTP task as the engine reads it: flowable:type http and its fields, removed when another implementation is chosen', async () => {
    // given a service task
    const task = moddle.create('bpmn:ServiceTask', { id: 'price' });
    // when it becomes an HTTP task with a URL and a timeout
    apply(field(implementationEntries(element(task), task, deps), 'flowable-impl-type').set('http'));
    apply(field(implementationEntries(element(task), task, deps), 'flowable-http-requestUrl').set('http://127.0.0.1:18123/p/${sku}'));
    const entries = implementationEntries(element(task), task, deps);
    // then
    expect(implementationOf(task)).toBe('http');
    expect(field(entries, 'flowable-http-requestMethod').get()).toBe('GET');
    expect(field(entries, 'flowable-http-requestUrl').validate!('')).toBe('Must provide a value');
    expect(field(entries, 'flowable-http-requestTimeout').validate!('soon')).toBe('Must be a number of milliseconds');
    const { xml } = await moddle.toXML(task);
    expect(xml).toContain('flowable:type="http"');
    expect(xml).toContain('<flowable:field name="requestUrl"><flowable:string>http://127.0.0.1:18123/p/${sku}</flowable:string></flowable:field>');
    // when it becomes an external task, the HTTP fields go
    apply(field(implementationEntries(element(task), task, deps), 'flowable-impl-type').set('external'));
    expect((await moddle.toXML(task)).xml).not.toContain('requestUrl');
  });

  it('keeps the timer text when its type changes', () => {
    const timer = moddle.create('bpmn:TimerEventDefinition', { timeDuration: moddle.create('bpmn:FormalExpression', { body: 'PT1H' }) });
    const event = moddle.create('bpmn:IntermediateCatchEvent', { id: 't', eventDefinitions: [timer] });
    apply(field(timerEntries(element(event), timer, deps), 'flowable-timer-type').set('timeCycle'));
    expect([timer.get('timeDuration'), timer.get('timeCycle')?.get('body')]).toEqual([undefined, 'PT1H']);
  });

  it('names parameters without spaces and drops the container with its last parameter', () => {
    // given a task with one input parameter
    const param = moddle.create('flowable:InputParameter', { name: 'url' });
    const io = moddle.create('flowable:InputOutput', { inputParameters: [param] });
    param.$parent = io;
    const ext = moddle.create('bpmn:ExtensionElements', { values: [io] });
    io.$parent = ext;
    const task = moddle.create('bpmn:ServiceTask', { id: 's', extensionElements: ext });
    const spec = inputOutputSpec(element(task), task, 'input', deps);
    const name = field(spec.entries(param, 'p'), 'p-name');
    // then
    expect([name.validate!(''), name.validate!('a b'), name.validate!('url')]).toEqual(['Parameter must have a name', 'Name must not contain spaces', undefined]);
    apply(spec.remove(param));
    expect(ext.get('values')).toEqual([]);
  });
});

/** Saves the definitions holding `bo` as XML and reads them back (what saving and reopening does). */
async function roundTrip(bo: Bo): Promise<Bo> {
  const process = moddle.create('bpmn:Process', { id: 'p', flowElements: [bo] });
  const definitions = moddle.create('bpmn:Definitions', { targetNamespace: 'x', rootElements: [process] });
  const { xml } = await moddle.toXML(definitions);
  const { rootElement } = await moddle.fromXML(xml);
  return ((rootElement.get('rootElements') as Bo[])[0]!.get('flowElements') as Bo[])[0]!;
}
const extension = (bo: Bo, type: string) => ((bo.get('extensionElements')?.get('values') as Bo[]) ?? []).filter((v) => v.$type === type);

describe('the generic panel edits what saving keeps', () => {
  it('writes list items and map entries of an input parameter', async () => {
    // given a service task with one input parameter
    const task = moddle.create('bpmn:ServiceTask', { id: 's' });
    let spec = inputOutputSpec(element(task), task, 'input', deps);
    apply(spec.add());
    const [param] = inputOutputSpec(element(task), task, 'input', deps).items;
    // when it becomes a list of two items, and a second parameter a map
    apply(field(spec.entries(param!, 'p'), 'p-type').set('list'));
    apply(field(spec.entries(param!, 'p'), 'p-items').set('a\nb\n'));
    apply(spec.add());
    spec = inputOutputSpec(element(task), task, 'input', deps);
    const second = spec.items[1]!;
    apply(field(spec.entries(second, 'q'), 'q-type').set('map'));
    apply(field(spec.entries(second, 'q'), 'q-entries').set('to=${mail}\nsubject = Hi'));
    // then the saved XML keeps them
    const back = await roundTrip(task);
    const [list, map] = (extension(back, 'flowable:InputOutput')[0]!.get('inputParameters') as Bo[]).map((p) => p.get('definition'));
    expect((list.get('items') as Bo[]).map((i) => i.get('value'))).toEqual(['a', 'b']);
    expect((map.get('entries') as Bo[]).map((e) => [e.get('key'), e.get('value')])).toEqual([['to', '${mail}'], ['subject', 'Hi']]);
    expect(field(spec.entries(second, 'q'), 'q-entries').validate!('=x')).toBe('Map entry must have a key');
  });

  it('writes enum values of a form field, and drops them when the type is no longer enum', async () => {
    const task = moddle.create('bpmn:UserTask', { id: 'u' });
    const spec = formFieldSpec(element(task), task, deps);
    apply(spec.add());
    const [f] = formFieldSpec(element(task), task, deps).items;
    apply(field(spec.entries(f!, 'f'), 'f-type').set('enum'));
    apply(field(spec.entries(f!, 'f'), 'f-values').set('yes=同意\nno=驳回'));
    const back = await roundTrip(task);
    const values = extension(back, 'flowable:FormProperty')[0]!.get('values') as Bo[];
    expect(values.map((v) => [v.get('id'), v.get('name')])).toEqual([['yes', '同意'], ['no', '驳回']]);
    // validation constraints: `name=config` lines, a bare name without config
    apply(field(spec.entries(f!, 'f'), 'f-constraints').set('required\nmaxlength=20'));
    const constraints = (extension(await roundTrip(task), 'flowable:FormProperty')[0]!.get('validation').get('constraints') as Bo[]).map((c) => [c.get('name'), c.get('config')]);
    expect(constraints).toEqual([['required', undefined], ['maxlength', '20']]);
    expect(field(spec.entries(f!, 'f'), 'f-constraints').validate!('=3')).toBe('Constraint must have a name');
    apply(field(spec.entries(f!, 'f'), 'f-constraints').set(''));
    expect(f!.get('validation')).toBe(undefined);
    apply(field(spec.entries(f!, 'f'), 'f-type').set('string'));
    expect(spec.entries(f!, 'f').some((e) => e.id === 'f-values')).toBe(false);
    expect(f!.get('values')).toEqual([]);
  });

  it('writes listener fields of both kinds and script listeners', async () => {
    const task = moddle.create('bpmn:UserTask', { id: 'u' });
    const spec = listenerSpec(element(task), task, 'task', deps);
    apply(spec.add());
    apply(spec.add());
    const [first, second] = listenerSpec(element(task), task, 'task', deps).items;
    apply(field(spec.entries(first!, 'a'), 'a-value').set('org.example.Notify'));
    apply(field(spec.entries(first!, 'a'), 'a-fields-string').set('channel=mail'));
    apply(field(spec.entries(first!, 'a'), 'a-fields-expression').set('to=${applyUserId}'));
    apply(field(spec.entries(second!, 'b'), 'b-type').set('script'));
    apply(field(spec.entries(second!, 'b'), 'b-script').set('task.setVariable("x", 1)'));
    expect(field(spec.entries(first!, 'a'), 'a-fields-string').validate!('my field=1')).toBe('Field name must not be empty or contain spaces');
    const [l1, l2] = extension(await roundTrip(task), 'flowable:TaskListener');
    expect((l1!.get('fields') as Bo[]).map((f) => [f.get('name'), f.get('string'), f.get('expression')])).toEqual([['channel', 'mail', undefined], ['to', undefined, '${applyUserId}']]);
    expect([l2!.get('class'), l2!.get('script').get('scriptFormat'), l2!.get('script').get('value')]).toEqual([undefined, 'groovy', 'task.setVariable("x", 1)']);
  });

  it('shows Job Configuration for timers and async elements, External Task for external tasks, and keeps what is set', async () => {
    const timer = moddle.create('bpmn:TimerEventDefinition', { timeDuration: moddle.create('bpmn:FormalExpression', { body: 'PT1H' }) });
    const event = moddle.create('bpmn:IntermediateCatchEvent', { id: 't', eventDefinitions: [timer] });
    const job = attributeGroups(element(event), event).find((g) => g.id === 'flowable-job')!;
    apply(field(job.entries, 'flowable-job-jobPriority').set('5'));
    apply(field(job.entries, 'flowable-job-failedJobRetryTimeCycle').set('R3/PT10M'));
    const back = await roundTrip(event);
    expect([back.get('flowable:jobPriority'), back.get('flowable:failedJobRetryTimeCycle')]).toEqual(['5', 'R3/PT10M']);
    // a plain user task has none until it is asynchronous
    const task = moddle.create('bpmn:ServiceTask', { id: 's', 'flowable:type': 'external', 'flowable:topic': 'mail' });
    const ids = () => attributeGroups(element(task), task).map((g) => g.id);
    expect(ids()).toEqual(['flowable-async', 'flowable-external']);
    apply(field(attributeGroups(element(task), task)[0]!.entries, 'flowable-async-async').set(true));
    apply(field(attributeGroups(element(task), task)[2]!.entries, 'flowable-external-taskPriority').set('7'));
    expect(ids()).toEqual(['flowable-async', 'flowable-job', 'flowable-external']);
    expect((await roundTrip(task)).get('flowable:taskPriority')).toBe('7');
  });

  it('writes buttons with the §5.1 checks', async () => {
    const task = moddle.create('bpmn:UserTask', { id: 'u' });
    apply(buttonSpec(element(task), task, deps).add());
    const spec = buttonSpec(element(task), task, deps);
    const b = spec.items[0]!;
    apply(field(spec.entries(b, 'b'), 'b-name').set('同意'));
    apply(field(spec.entries(b, 'b'), 'b-code').set('_flow_agree'));
    expect(field(spec.entries(b, 'b'), 'b-name').validate!(' ')).toBe('Button name must not be empty');
    const [saved] = extension(await roundTrip(task), 'flowable:Button');
    expect([saved!.get('name'), saved!.get('code'), saved!.get('isHide'), saved!.get('sort')]).toEqual(['同意', '_flow_agree', '0', '10']);
  });
});

describe('the generic panel tabs and search', () => {
  const groups = (...ids: string[]) => ids.map((id) => ({ id, label: id === 'general' ? 'General' : id, entries: [{ id: `${id}-x`, label: `${id} field` }] }));

  it('shows the tabs the element has, and the first when the active one is hidden', () => {
    const state = new GenericPanelState({ fire: () => undefined });
    state.select('listeners');
    // a link-throw event has no listener group: its tab hides and General is chosen
    const shown = state.filter(groups('documentation', 'general', 'flowable-io-input'));
    expect([state.visible, state.tab, shown.map((g) => g.id)]).toEqual([['general', 'inputOutput'], 'general', ['general', 'documentation']]);
  });

  it('keeps the groups and entries matching the search', () => {
    expect(searchGroups(groups('general', 'flowable-job'), 'gen').map((g) => g.id)).toEqual(['general']);
    expect(searchGroups(groups('general', 'flowable-job'), 'JOB FIELD').map((g) => g.entries.map((e) => e.id))).toEqual([['flowable-job-x']]);
  });
});

describe('the process history level', () => {
  it('is a choice of Flowable\'s levels in History Configuration, written as flowable:historyLevel and removed for the default', async () => {
    // given a process
    const process = moddle.create('bpmn:Process', { id: 'p' });
    const group = () => attributeGroups(element(process), process).find((g) => g.id === 'flowable-history')!;
    const level = () => field(group().entries, 'flowable-history-historyLevel');
    expect(level().options!.map((o) => o.value)).toEqual(['', 'none', 'activity', 'audit', 'full']);
    expect(level().get()).toBe('');
    // when none is chosen, then it is saved on the process
    apply(level().set('none'));
    const definitions = moddle.create('bpmn:Definitions', { targetNamespace: 'x', rootElements: [process] });
    const { xml } = await moddle.toXML(definitions);
    expect(xml).toContain('flowable:historyLevel="none"');
    const { rootElement } = await moddle.fromXML(xml);
    expect((rootElement.get('rootElements') as Bo[])[0]!.get('flowable:historyLevel')).toBe('none');
    // and the default removes it
    apply(level().set(''));
    expect(process.get('flowable:historyLevel')).toBeUndefined();
  });
});
