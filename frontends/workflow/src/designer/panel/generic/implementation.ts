/**
 * Implementation (with the Connector tab), called element, timer and listener groups of the
 * generic panel, with the behaviours of seed 001 §4.3 (an implementation change clears the old
 * fields and keeps the value among class / expression / delegate expression; a timer type change
 * keeps the text; a binding change resets version and version tag) and the messages of §5.1.
 */
import { is, type Bo, type DiagramElement } from '../../model/access';
import { addExtension, create, entry, extensionsOf, removeExtension, required, update, type Cmd, type Entry, type Problem } from './kit';
import { inputOutputSpec, pairs, type Deps, type ListSpec } from './lists';

export type Implementation = '' | 'class' | 'expression' | 'delegateExpression' | 'external' | 'connector' | 'dmn' | 'http';

const DELEGATES = ['class', 'expression', 'delegateExpression'] as const;

export const connectorOf = (bo: Bo): Bo | undefined => extensionsOf(bo, 'flowable:Connector')[0];

export function implementationOf(bo: Bo): Implementation {
  for (const d of DELEGATES) if (bo.get(`flowable:${d}`) != null) return d;
  const type = bo.get('flowable:type');
  if (type === 'external' || type === 'external-worker') return 'external';
  if (type === 'http') return 'http';
  if (connectorOf(bo)) return 'connector';
  if (bo.get('flowable:decisionRef') != null) return 'dmn';
  return '';
}

/** Service-task-like elements that have an implementation. */
export const hasImplementation = (bo: Bo) => is(bo, 'bpmn:ServiceTask') || is(bo, 'bpmn:SendTask') || is(bo, 'bpmn:BusinessRuleTask');

const CLEARED = {
  'flowable:class': undefined, 'flowable:expression': undefined, 'flowable:delegateExpression': undefined, 'flowable:resultVariable': undefined,
  'flowable:type': undefined, 'flowable:topic': undefined, 'flowable:decisionRef': undefined, 'flowable:decisionRefBinding': undefined,
  'flowable:decisionRefVersion': undefined, 'flowable:mapDecisionResult': undefined, 'flowable:decisionRefTenantId': undefined,
  'flowable:decisionRefVersionTag': undefined,
};

/** The fields of Flowable's http task (what the engine reads, behaviors/http.py). */
const HTTP_FIELDS = ['requestMethod', 'requestUrl', 'requestHeaders', 'requestBody', 'requestTimeout', 'responseVariableName', 'saveResponseParameters', 'saveResponseVariableAsJson', 'resultVariablePrefix', 'handleStatusCodes', 'failStatusCodes', 'ignoreException'];

const httpFieldOf = (bo: Bo, name: string): Bo | undefined => extensionsOf(bo, 'flowable:Field').find((f) => f.get('name') === name);

function httpField(element: DiagramElement, bo: Bo, name: string, label: string, deps: Deps, opts: { kind?: 'textarea' | 'checkbox' | 'select'; options?: { value: string; label: string }[]; validate?: (v: string) => Problem } = {}): Entry {
  const read = () => {
    const f = httpFieldOf(bo, name);
    return f ? (f.get('string') ?? f.get('stringValue') ?? f.get('expression') ?? '') : '';
  };
  const write = (text: string): Cmd[] => {
    const f = httpFieldOf(bo, name);
    if (f) return [update(element, f, { string: text, stringValue: undefined, expression: undefined })];
    return text ? addExtension(deps.factory, element, bo, create(deps.factory, 'flowable:Field', { name, string: text }, bo)) : [];
  };
  if (opts.kind === 'checkbox') {
    return entry(`flowable-http-${name}`, { kind: 'checkbox', label, get: () => read() === 'true', set: (on: boolean) => write(on ? 'true' : 'false') });
  }
  return entry(`flowable-http-${name}`, { kind: opts.kind, label, options: opts.options, get: read, set: (v: string) => write(v), validate: opts.validate });
}

function changeImplementation(element: DiagramElement, bo: Bo, to: Implementation, deps: Deps): Cmd[] {
  const from = implementationOf(bo);
  const kept = (DELEGATES as readonly string[]).includes(from) ? bo.get(`flowable:${from}`) : '';
  const props: Record<string, unknown> = { ...CLEARED };
  if ((DELEGATES as readonly string[]).includes(to)) props[`flowable:${to}`] = kept ?? '';
  if (to === 'external') Object.assign(props, { 'flowable:type': 'external', 'flowable:topic': '' });
  if (to === 'dmn') Object.assign(props, { 'flowable:decisionRef': '', 'flowable:mapDecisionResult': 'resultList' });
  if (to === 'http') props['flowable:type'] = 'http';
  const cmds: Cmd[] = [update(element, bo, props)];
  // the http task's fields go when another implementation is chosen
  const fields = extensionsOf(bo, 'flowable:Field').filter((f) => HTTP_FIELDS.includes(f.get('name')));
  if (from === 'http' && to !== 'http' && fields.length) cmds.push(...removeExtension(element, bo, fields));
  if (to === 'http' && !fields.length) {
    cmds.push(...addExtension(deps.factory, element, bo, create(deps.factory, 'flowable:Field', { name: 'requestMethod', string: 'GET' }, bo)));
  }
  const connector = connectorOf(bo);
  if (connector && to !== 'connector') cmds.push(...removeExtension(element, bo, [connector]));
  if (!connector && to === 'connector') {
    const c = create(deps.factory, 'flowable:Connector', {}, bo);
    c.set('connectorId', create(deps.factory, 'flowable:ConnectorId', { body: '' }, c));
    cmds.push(...addExtension(deps.factory, element, bo, c));
  }
  return cmds;
}

const attrField = (element: DiagramElement, bo: Bo, attr: string, label: string, validate?: (v: string) => Problem) =>
  entry(`flowable-impl-${attr}`, { label, get: () => bo.get(`flowable:${attr}`), set: (v: string) => [update(element, bo, { [`flowable:${attr}`]: v })], validate });

const BINDINGS = ['latest', 'deployment', 'version', 'versionTag'].map((b) => ({ value: b, label: b }));

export function implementationEntries(element: DiagramElement, bo: Bo, deps: Deps): Entry[] {
  const kind = implementationOf(bo);
  const options = [
    { value: '', label: '<none>' }, { value: 'class', label: 'Java class' }, { value: 'expression', label: 'Expression' },
    { value: 'delegateExpression', label: 'Delegate expression' }, { value: 'external', label: 'External' }, { value: 'connector', label: 'Connector' },
    { value: 'http', label: 'HTTP' },
    ...(is(bo, 'bpmn:BusinessRuleTask') ? [{ value: 'dmn', label: 'DMN' }] : []),
  ];
  const out = [entry('flowable-impl-type', { kind: 'select', label: 'Type', options, get: () => kind, set: (v: Implementation) => changeImplementation(element, bo, v, deps) })];
  if (kind === 'class') out.push(attrField(element, bo, 'class', 'Java class', required));
  if (kind === 'expression') out.push(attrField(element, bo, 'expression', 'Expression', required), attrField(element, bo, 'resultVariable', 'Result variable'));
  if (kind === 'delegateExpression') out.push(attrField(element, bo, 'delegateExpression', 'Delegate expression', required));
  if (kind === 'external') out.push(attrField(element, bo, 'topic', 'Topic', required));
  if (kind === 'http') {
    const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((m) => ({ value: m, label: m }));
    out.push(
      httpField(element, bo, 'requestMethod', 'Request method', deps, { kind: 'select', options: methods }),
      httpField(element, bo, 'requestUrl', 'Request URL', deps, { validate: required }),
      httpField(element, bo, 'requestHeaders', 'Request headers (Name: value, one per line)', deps, { kind: 'textarea' }),
      httpField(element, bo, 'requestBody', 'Request body', deps, { kind: 'textarea' }),
      httpField(element, bo, 'requestTimeout', 'Request timeout (ms)', deps, { validate: (v) => (v.trim() && !/^\d+$/.test(v.trim()) ? 'Must be a number of milliseconds' : undefined) }),
      httpField(element, bo, 'responseVariableName', 'Response variable', deps),
      httpField(element, bo, 'saveResponseVariableAsJson', 'Save the response as JSON', deps, { kind: 'checkbox' }),
      httpField(element, bo, 'saveResponseParameters', 'Save status, reason and headers', deps, { kind: 'checkbox' }),
      httpField(element, bo, 'resultVariablePrefix', 'Result variable prefix', deps),
      httpField(element, bo, 'handleStatusCodes', 'Status codes thrown as BPMN error HTTP<code> (e.g. 404, 5XX)', deps),
      httpField(element, bo, 'failStatusCodes', 'Status codes failing the task (retried, then an incident)', deps),
      httpField(element, bo, 'ignoreException', 'Go on when the call fails', deps, { kind: 'checkbox' }),
    );
  }
  if (kind === 'connector') {
    const id: Bo | undefined = connectorOf(bo)?.get('connectorId');
    const c = connectorOf(bo) as Bo;
    out.push(entry('flowable-impl-connectorId', {
      label: 'Connector ID',
      get: () => id?.get('body'),
      set: (v: string) => (id ? [update(element, id, { body: v })] : [update(element, c, { connectorId: create(deps.factory, 'flowable:ConnectorId', { body: v }, c) })]),
      validate: (v) => (v.trim() ? undefined : 'Must configure Connector'),
    }));
  }
  if (kind === 'dmn') {
    const binding = bo.get('flowable:decisionRefBinding') ?? 'latest';
    out.push(
      attrField(element, bo, 'decisionRef', 'Decision reference', required),
      entry('flowable-impl-decisionRefBinding', {
        kind: 'select', label: 'Binding', options: BINDINGS, get: () => binding,
        set: (v: string) => [update(element, bo, { 'flowable:decisionRefBinding': v === 'latest' ? undefined : v, 'flowable:decisionRefVersion': undefined, 'flowable:decisionRefVersionTag': undefined })],
      }),
    );
    if (binding === 'version') out.push(attrField(element, bo, 'decisionRefVersion', 'Version', required));
    if (binding === 'versionTag') out.push(attrField(element, bo, 'decisionRefVersionTag', 'Version tag', required));
    out.push(
      attrField(element, bo, 'decisionRefTenantId', 'Tenant ID'),
      attrField(element, bo, 'resultVariable', 'Result variable'),
      entry('flowable-impl-mapDecisionResult', {
        kind: 'select', label: 'Map decision result',
        options: ['singleEntry', 'singleResult', 'collectEntries', 'resultList'].map((v) => ({ value: v, label: v })),
        get: () => bo.get('flowable:mapDecisionResult') ?? 'resultList',
        set: (v: string) => [update(element, bo, { 'flowable:mapDecisionResult': v })],
      }),
    );
  }
  return out;
}

/** The Connector tab's input/output lists (only when the implementation is a connector). */
export function connectorSpecs(element: DiagramElement, bo: Bo, deps: Deps): ListSpec[] {
  const c = connectorOf(bo);
  if (!c) return [];
  const holderOf = () => {
    const existing: Bo | undefined = c.get('inputOutput');
    if (existing) return { holder: existing, cmds: [] as Cmd[], existing };
    const holder = create(deps.factory, 'flowable:InputOutput', { inputParameters: [], outputParameters: [] }, c);
    return { holder, cmds: [update(element, c, { inputOutput: holder })], existing };
  };
  return (['input', 'output'] as const).map((w) => {
    const spec = inputOutputSpec(element, bo, w, deps, { idPrefix: 'flowable-connector', holderOf });
    return { ...spec, label: w === 'input' ? 'Connector inputs' : 'Connector outputs' };
  });
}

// ---- called element (call activity) ----

export function calledElementEntries(element: DiagramElement, bo: Bo): Entry[] {
  const binding = bo.get('flowable:calledElementBinding') ?? 'latest';
  const out = [
    entry('flowable-call-calledElement', { label: 'Called element', get: () => bo.get('calledElement'), set: (v: string) => [update(element, bo, { calledElement: v })], validate: required }),
    entry('flowable-call-binding', {
      kind: 'select', label: 'Binding', options: BINDINGS, get: () => binding,
      set: (v: string) => [update(element, bo, { 'flowable:calledElementBinding': v === 'latest' ? undefined : v, 'flowable:calledElementVersion': undefined, 'flowable:calledElementVersionTag': undefined })],
    }),
  ];
  if (binding === 'version') out.push(entry('flowable-call-version', { label: 'Version', get: () => bo.get('flowable:calledElementVersion'), set: (v: string) => [update(element, bo, { 'flowable:calledElementVersion': v })], validate: required }));
  if (binding === 'versionTag') out.push(entry('flowable-call-versionTag', { label: 'Version tag', get: () => bo.get('flowable:calledElementVersionTag'), set: (v: string) => [update(element, bo, { 'flowable:calledElementVersionTag': v })], validate: required }));
  out.push(entry('flowable-call-tenant', { label: 'Tenant ID', get: () => bo.get('flowable:calledElementTenantId'), set: (v: string) => [update(element, bo, { 'flowable:calledElementTenantId': v || undefined })] }));
  return out;
}

/** The business key mapping of a call activity (`<flowable:in businessKey="…">`). */
export function businessKeyEntries(element: DiagramElement, bo: Bo, deps: Deps): Entry[] {
  const mapping = extensionsOf(bo, 'flowable:In').find((m) => m.get('businessKey') != null);
  const out = [entry('flowable-call-businessKey', {
    kind: 'checkbox', label: 'Business key', get: () => !!mapping,
    set: (on: boolean) =>
      on ? addExtension(deps.factory, element, bo, create(deps.factory, 'flowable:In', { businessKey: '${execution.processBusinessKey}' }, bo))
      : mapping ? removeExtension(element, bo, [mapping]) : [],
  })];
  if (mapping) out.push(entry('flowable-call-businessKeyExpression', { label: 'Business key expression', get: () => mapping.get('businessKey'), set: (v: string) => [update(element, mapping, { businessKey: v })], validate: required }));
  return out;
}

// ---- timer ----

const TIMER_TYPES = ['timeDate', 'timeDuration', 'timeCycle'] as const;

export function timerOf(bo: Bo): Bo | undefined {
  return ((bo.get('eventDefinitions') as Bo[] | undefined) ?? []).find((d) => is(d, 'bpmn:TimerEventDefinition'));
}

export function timerEntries(element: DiagramElement, timer: Bo, deps: Deps): Entry[] {
  const kind = TIMER_TYPES.find((t) => timer.get(t)) ?? '';
  const expression: Bo | undefined = kind ? timer.get(kind) : undefined;
  const out = [entry('flowable-timer-type', {
    kind: 'select', label: 'Type',
    options: [{ value: '', label: '<none>' }, { value: 'timeDate', label: 'Date' }, { value: 'timeDuration', label: 'Duration' }, { value: 'timeCycle', label: 'Cycle' }],
    get: () => kind,
    set: (to: string) => {
      const props: Record<string, unknown> = { timeDate: undefined, timeDuration: undefined, timeCycle: undefined };
      // the text is kept when the type changes (seed §4.3)
      if (to) props[to] = create(deps.factory, 'bpmn:FormalExpression', { body: expression?.get('body') ?? '' }, timer);
      return [update(element, timer, props)];
    },
  })];
  if (expression) out.push(entry('flowable-timer-value', { label: 'Value', get: () => expression.get('body'), set: (v: string) => [update(element, expression, { body: v })], validate: required }));
  return out;
}

// ---- listeners ----

const LISTENER_TYPES = [
  { value: 'class', label: 'Java class', message: 'class cannot be empty' },
  { value: 'expression', label: 'Expression', message: 'expression cannot be empty' },
  { value: 'delegateExpression', label: 'Delegate expression', message: 'delegate expression cannot be empty' },
  { value: 'script', label: 'Script', message: '' },
];

function listenerType(l: Bo): string {
  return LISTENER_TYPES.find((t) => l.get(t.value) != null)?.value ?? 'class';
}

const NO_IMPLEMENTATION = { class: undefined, expression: undefined, delegateExpression: undefined, script: undefined };

/** The listener's injected fields of one kind (string or expression) as `name=value` lines. */
function listenerFields(element: DiagramElement, l: Bo, prefix: string, kind: 'string' | 'expression', deps: Deps): Entry {
  const fields = (): Bo[] => (l.get('fields') as Bo[]) ?? [];
  const ofKind = (f: Bo) => (kind === 'expression' ? f.get('expression') != null : f.get('expression') == null);
  return entry(`${prefix}-fields-${kind}`, {
    kind: 'textarea',
    label: kind === 'string' ? 'String fields (name=value, one per line)' : 'Expression fields (name=expression, one per line)',
    get: () => fields().filter(ofKind).map((f) => `${f.get('name') ?? ''}=${f.get(kind) ?? f.get('stringValue') ?? ''}`).join('\n'),
    set: (v: string) => [update(element, l, {
      fields: [...fields().filter((f) => !ofKind(f)), ...pairs(v).map(([name, value]) => create(deps.factory, 'flowable:Field', { name, [kind]: value }, l))],
    })],
    validate: (v) => (pairs(v).some(([name]) => !name || /\s/.test(name)) ? 'Field name must not be empty or contain spaces' : undefined),
  });
}

export function listenerSpec(element: DiagramElement, bo: Bo, which: 'execution' | 'task', deps: Deps): ListSpec {
  const type = which === 'execution' ? 'flowable:ExecutionListener' : 'flowable:TaskListener';
  const events = which === 'execution' ? ['start', 'take', 'end'] : ['create', 'assignment', 'complete', 'delete'];
  return {
    id: `flowable-${which}-listeners`,
    label: which === 'execution' ? 'Execution listeners' : 'Task listeners',
    items: extensionsOf(bo, type),
    itemLabel: (l) => {
      const kind = listenerType(l);
      return `${deps.translate(l.get('event') ?? '')} · ${kind === 'script' ? (l.get('script')?.get('scriptFormat') ?? '') : (l.get(kind) ?? '')}`;
    },
    entries: (l, prefix) => {
      const kind = listenerType(l);
      const t = LISTENER_TYPES.find((x) => x.value === kind)!;
      const out = [
        entry(`${prefix}-event`, { kind: 'select', label: 'Event type', options: events.map((e) => ({ value: e, label: e })), get: () => l.get('event'), set: (v: string) => [update(element, l, { event: v })] }),
        entry(`${prefix}-type`, {
          kind: 'select', label: 'Listener type', options: LISTENER_TYPES, get: () => kind,
          // saving keeps one of class / expression / delegateExpression / script (seed §3.1)
          set: (v: string) => {
            const text = kind === 'script' ? '' : (l.get(kind) ?? '');
            const value = v === 'script' ? create(deps.factory, 'flowable:Script', { scriptFormat: 'groovy', value: '' }, l) : text;
            return [update(element, l, { ...NO_IMPLEMENTATION, [v]: value })];
          },
        }),
      ];
      if (kind === 'script') {
        const script: Bo = l.get('script');
        out.push(
          entry(`${prefix}-scriptFormat`, { label: 'Script format', get: () => script.get('scriptFormat'), set: (v: string) => [update(element, script, { scriptFormat: v })], validate: required }),
          entry(`${prefix}-script`, { kind: 'textarea', label: 'Script', get: () => script.get('value'), set: (v: string) => [update(element, script, { value: v })], validate: required }),
        );
      } else {
        out.push(entry(`${prefix}-value`, { label: t.label, get: () => l.get(kind), set: (v: string) => [update(element, l, { [kind]: v })], validate: (v) => (v.trim() ? undefined : t.message) }));
        out.push(listenerFields(element, l, prefix, 'string', deps), listenerFields(element, l, prefix, 'expression', deps));
      }
      return out;
    },
    add: () => addExtension(deps.factory, element, bo, create(deps.factory, type, { event: events[0], class: '' }, bo)),
    remove: (l) => removeExtension(element, bo, [l]),
  };
}

/** Listeners show for flow nodes, flows and the process, not for link-throw events (seed §2.2). */
export function hasExecutionListeners(bo: Bo): boolean {
  if (is(bo, 'bpmn:IntermediateThrowEvent') && ((bo.get('eventDefinitions') as Bo[] | undefined) ?? []).some((d) => is(d, 'bpmn:LinkEventDefinition'))) return false;
  return is(bo, 'bpmn:FlowNode') || is(bo, 'bpmn:SequenceFlow') || is(bo, 'bpmn:Process');
}

/** Flowable's collection and element variable of a multi-instance task (a countersign's signers). */
export function multiInstanceEntries(element: DiagramElement, mi: Bo) {
  const attr = (name: string) => mi.get(`flowable:${name}`) as string | undefined;
  return [
    entry('flowable-mi-collection', {
      label: 'Collection',
      get: () => attr('collection'),
      set: (v: string) => [update(element, mi, { 'flowable:collection': v || undefined })],
      validate: (v) => {
        if (v.trim()) return undefined;
        if (!mi.get('loopCardinality')?.get('body')) return 'Must provide either loop cardinality or collection';
        return attr('elementVariable') ? 'Must provide a value' : undefined;
      },
    }),
    entry('flowable-mi-elementVariable', { label: 'Element variable', get: () => attr('elementVariable'), set: (v: string) => [update(element, mi, { 'flowable:elementVariable': v || undefined })] }),
  ];
}
