/**
 * The list groups of the generic panel (seed 001 §2.2 variant A): Input/Output, Field injections,
 * Extensions (properties), Variables (call activity in/out mappings) and the listeners. Each item
 * reads and writes the `flowable:` extension elements a Flowable-modeler file carries, so opening
 * and saving keeps them.
 */
import { is, type Bo, type DiagramElement } from '../../model/access';
import {
  all, container, create, entry, execute, extensionsOf, noSpaces, pushTo, removeExtension, removeFrom, required, update, addExtension,
  type Cmd, type Entry, type Factory, type Problem,
} from './kit';

export interface Deps {
  factory: Factory;
  commandStack: { execute: (cmd: string, ctx: unknown) => void };
  translate: (s: string) => string;
}

export interface ListSpec {
  id: string;
  label: string;
  items: Bo[];
  itemLabel: (item: Bo) => string;
  entries: (item: Bo, prefix: string) => Entry[];
  add: () => Cmd[];
  remove: (item: Bo) => Cmd[];
}

// ---- Input/Output (flowable:InputOutput, or the connector's) ----

const PARAM_TYPES = [
  { value: 'text', label: 'String or expression' },
  { value: 'script', label: 'Script' },
  { value: 'list', label: 'List' },
  { value: 'map', label: 'Map' },
];

function paramType(p: Bo): string {
  const d: Bo | undefined = p.get('definition');
  if (is(d, 'flowable:Script')) return 'script';
  if (is(d, 'flowable:List')) return 'list';
  if (is(d, 'flowable:Map')) return 'map';
  return 'text';
}

const PARAM_NAME = all((v) => (v.trim() ? undefined : 'Parameter must have a name'), noSpaces('Name must not contain spaces'));

function parameterEntries(element: DiagramElement, p: Bo, prefix: string, factory: Factory): Entry[] {
  const out = [
    entry(`${prefix}-name`, { label: 'Name', get: () => p.get('name'), set: (v: string) => [update(element, p, { name: v })], validate: PARAM_NAME }),
    entry(`${prefix}-type`, {
      kind: 'select',
      label: 'Type',
      options: PARAM_TYPES,
      get: () => paramType(p),
      set: (t: string) => {
        const definition =
          t === 'script' ? create(factory, 'flowable:Script', { scriptFormat: '', value: '' }, p)
          : t === 'list' ? create(factory, 'flowable:List', { items: [] }, p)
          : t === 'map' ? create(factory, 'flowable:Map', { entries: [] }, p)
          : undefined;
        return [update(element, p, { definition, value: undefined })];
      },
    }),
  ];
  const type = paramType(p);
  if (type === 'text') out.push(entry(`${prefix}-value`, { kind: 'textarea', label: 'Value', get: () => p.get('value'), set: (v: string) => [update(element, p, { value: v || undefined })] }));
  if (type === 'script') {
    const s: Bo = p.get('definition');
    out.push(
      entry(`${prefix}-scriptFormat`, { label: 'Script format', get: () => s.get('scriptFormat'), set: (v: string) => [update(element, s, { scriptFormat: v })], validate: required }),
      entry(`${prefix}-script`, { kind: 'textarea', label: 'Script', get: () => s.get('value'), set: (v: string) => [update(element, s, { value: v })], validate: required }),
    );
  }
  if (type === 'list') {
    const list: Bo = p.get('definition');
    out.push(entry(`${prefix}-items`, {
      kind: 'textarea', label: 'List items (one per line)',
      get: () => texts(list.get('items')).join('\n'),
      // nested scripts, lists and maps stay after the text items
      set: (v: string) => [update(element, list, { items: [...lines(v).map((line) => create(factory, 'flowable:Value', { value: line }, list)), ...others(list.get('items'))] })],
    }));
  }
  if (type === 'map') {
    const map: Bo = p.get('definition');
    out.push(entry(`${prefix}-entries`, {
      kind: 'textarea', label: 'Map entries (key=value, one per line)',
      get: () => ((map.get('entries') as Bo[]) ?? []).map((e) => `${e.get('key') ?? ''}=${e.get('value') ?? ''}`).join('\n'),
      set: (v: string) => [update(element, map, { entries: pairs(v).map(([key, value]) => create(factory, 'flowable:Entry', { key, value }, map)) })],
      validate: keysGiven('Map entry must have a key'),
    }));
  }
  return out;
}

// ---- one-per-line editors (list items, map entries, enum values, listener fields) ----

const lines = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean);
/** `key=value` lines (split at the first '='); a line without '=' is a key with an empty value. */
export function pairs(text: string): Array<[string, string]> {
  return lines(text).map((l) => {
    const i = l.indexOf('=');
    return i < 0 ? [l, ''] : [l.slice(0, i).trim(), l.slice(i + 1).trim()];
  });
}
const keysGiven = (message: string) => (text: string): Problem => (pairs(text).some(([k]) => !k) ? message : undefined);
const texts = (items: Bo[] | undefined) => (items ?? []).filter((i) => is(i, 'flowable:Value')).map((i) => String(i.get('value') ?? ''));
const others = (items: Bo[] | undefined) => (items ?? []).filter((i) => !is(i, 'flowable:Value'));

/** Inputs or outputs of `flowable:InputOutput` on the element (or inside `owner`, e.g. the connector). */
export function inputOutputSpec(element: DiagramElement, bo: Bo, which: 'input' | 'output', deps: Deps, opts: { idPrefix?: string; holderOf?: () => { holder: Bo; cmds: Cmd[]; existing?: Bo } } = {}): ListSpec {
  const property = which === 'input' ? 'inputParameters' : 'outputParameters';
  const holderOf = opts.holderOf ?? (() => container(deps.factory, element, bo, 'flowable:InputOutput', { inputParameters: [], outputParameters: [] }));
  const existing = opts.holderOf ? opts.holderOf().existing : extensionsOf(bo, 'flowable:InputOutput')[0];
  const type = which === 'input' ? 'flowable:InputParameter' : 'flowable:OutputParameter';
  return {
    id: `${opts.idPrefix ?? 'flowable-io'}-${which}`,
    label: which === 'input' ? 'Input parameters' : 'Output parameters',
    items: (existing?.get(property) as Bo[] | undefined) ?? [],
    itemLabel: (p) => p.get('name'),
    entries: (p, prefix) => parameterEntries(element, p, prefix, deps.factory),
    add: () => {
      const { holder, cmds } = holderOf();
      const name = `${which === 'input' ? 'Input' : 'Output'}_${Math.random().toString(36).slice(2, 9)}`;
      return [...cmds, pushTo(element, holder, property, create(deps.factory, type, { name }, holder))];
    },
    remove: (p) => {
      const holder = p.$parent as Bo;
      const inConnector = is(holder.$parent, 'flowable:Connector');
      return removeFrom(element, bo, holder, property, p, inConnector ? { of: holder.$parent as Bo, name: 'inputOutput' } : undefined);
    },
  };
}

// ---- Field injections (flowable:Field on service-like tasks) ----

function fieldType(f: Bo): 'string' | 'expression' {
  return f.get('expression') != null ? 'expression' : 'string';
}

export function fieldInjectionSpec(element: DiagramElement, bo: Bo, deps: Deps): ListSpec {
  return {
    id: 'flowable-fields',
    label: 'Field injections',
    items: extensionsOf(bo, 'flowable:Field'),
    itemLabel: (f) => f.get('name'),
    entries: (f, prefix) => [
      entry(`${prefix}-name`, { label: 'Name', get: () => f.get('name'), set: (v: string) => [update(element, f, { name: v })], validate: all(required, noSpaces('Name must not contain spaces')) }),
      entry(`${prefix}-type`, {
        kind: 'select',
        label: 'Type',
        options: [{ value: 'string', label: 'String' }, { value: 'expression', label: 'Expression' }],
        get: () => fieldType(f),
        set: (t: string) => {
          const text = f.get('expression') ?? f.get('string') ?? f.get('stringValue') ?? '';
          return [update(element, f, t === 'expression' ? { expression: text, string: undefined, stringValue: undefined } : { string: text, expression: undefined, stringValue: undefined })];
        },
      }),
      entry(`${prefix}-value`, {
        kind: 'textarea',
        label: 'Value',
        get: () => f.get('expression') ?? f.get('string') ?? f.get('stringValue'),
        // written where the file had it: an expression, the stringValue attribute or a <flowable:string> child
        set: (v: string) => [update(element, f, fieldType(f) === 'expression' ? { expression: v } : f.get('stringValue') != null ? { stringValue: v } : { string: v })],
      }),
    ],
    add: () => addExtension(deps.factory, element, bo, create(deps.factory, 'flowable:Field', { name: '', string: '' }, bo)),
    remove: (f) => removeExtension(element, bo, [f]),
  };
}

// ---- Extensions: properties (flowable:Properties) ----

export function propertiesSpec(element: DiagramElement, bo: Bo, deps: Deps): ListSpec {
  const holderNow = extensionsOf(bo, 'flowable:Properties')[0];
  const siblings = (p: Bo) => ((p.$parent?.get('values') as Bo[]) ?? []).filter((o) => o !== p);
  return {
    id: 'flowable-properties',
    label: 'Extension properties',
    items: (holderNow?.get('values') as Bo[] | undefined) ?? [],
    itemLabel: (p) => p.get('name') ?? p.get('id'),
    entries: (p, prefix) => [
      entry(`${prefix}-name`, { label: 'Name', get: () => p.get('name'), set: (v: string) => [update(element, p, { name: v || undefined })] }),
      entry(`${prefix}-value`, { label: 'Value', get: () => p.get('value'), set: (v: string) => [update(element, p, { value: v || undefined })] }),
      entry(`${prefix}-id`, {
        label: 'ID',
        get: () => p.get('id'),
        set: (v: string) => [update(element, p, { id: v || undefined })],
        // a property id, when given, is an identifier unique among its siblings (seed §5.1)
        validate: (v: string): Problem =>
          !v ? undefined
          : /\s/.test(v) ? 'Id must not contain spaces.'
          : !/^[A-Za-z_][\w.-]*$/.test(v) ? 'Id must be a valid QName.'
          : siblings(p).some((o) => o.get('id') === v) ? 'Element must have an unique id.'
          : undefined,
      }),
    ],
    add: () => {
      const { holder, cmds } = container(deps.factory, element, bo, 'flowable:Properties', { values: [] });
      return [...cmds, pushTo(element, holder, 'values', create(deps.factory, 'flowable:Property', { name: '', value: '' }, holder))];
    },
    remove: (p) => removeFrom(element, bo, p.$parent as Bo, 'values', p),
  };
}

// ---- Forms: form fields (flowable:FormProperty, as the Flowable modeler writes them) ----

const FIELD_TYPES = ['string', 'long', 'boolean', 'date', 'enum'].map((v) => ({ value: v, label: v }));

export function formFieldSpec(element: DiagramElement, bo: Bo, deps: Deps): ListSpec {
  const fields = extensionsOf(bo, 'flowable:FormProperty');
  const flag = (f: Bo, name: string, prefix: string, label: string, fallback: boolean) =>
    entry(`${prefix}-${name}`, { kind: 'checkbox', label, get: () => f.get(name) ?? fallback, set: (v: boolean) => [update(element, f, { [name]: v })] });
  return {
    id: 'flowable-form-fields',
    label: 'Form fields',
    items: fields,
    itemLabel: (f) => f.get('name') || f.get('id'),
    entries: (f, prefix) => [
      entry(`${prefix}-id`, {
        label: 'ID',
        get: () => f.get('id'),
        set: (v: string) => [update(element, f, { id: v })],
        validate: (v: string): Problem =>
          !v.trim() ? 'Form field id must not be empty'
          : fields.some((o) => o !== f && o.get('id') === v) ? 'Form field id already used in form data.'
          : undefined,
      }),
      entry(`${prefix}-name`, { label: 'Label', get: () => f.get('name'), set: (v: string) => [update(element, f, { name: v || undefined })] }),
      entry(`${prefix}-type`, {
        kind: 'select', label: 'Type', options: FIELD_TYPES, get: () => f.get('type') ?? 'string',
        // away from enum the values go (seed §4.3)
        set: (v: string) => [update(element, f, v === 'enum' ? { type: v } : { type: v, values: [] })],
      }),
      entry(`${prefix}-default`, { label: 'Default value', get: () => f.get('default'), set: (v: string) => [update(element, f, { default: v || undefined })] }),
      ...(f.get('type') === 'enum'
        ? [entry(`${prefix}-values`, {
            kind: 'textarea' as const, label: 'Enum values (id=name, one per line)',
            get: () => ((f.get('values') as Bo[]) ?? []).map((o) => `${o.get('id') ?? ''}=${o.get('name') ?? ''}`).join('\n'),
            set: (v: string) => [update(element, f, { values: pairs(v).map(([id, name]) => create(deps.factory, 'flowable:Value', { id, name: name || id }, f)) })],
            validate: keysGiven('Enum value must have an id'),
          })]
        : []),
      entry(`${prefix}-constraints`, {
        kind: 'textarea', label: 'Validation constraints (name=config, one per line)',
        get: () => ((f.get('validation')?.get('constraints') as Bo[]) ?? []).map((c) => (c.get('config') ? `${c.get('name')}=${c.get('config')}` : c.get('name'))).join('\n'),
        set: (v: string) => {
          const rows = pairs(v);
          if (!rows.length) return [update(element, f, { validation: undefined })];
          const validation = create(deps.factory, 'flowable:Validation', {}, f);
          validation.set('constraints', rows.map(([name, config]) => create(deps.factory, 'flowable:Constraint', config ? { name, config } : { name }, validation)));
          return [update(element, f, { validation })];
        },
        validate: keysGiven('Constraint must have a name'),
      }),
      flag(f, 'readable', prefix, 'Readable', true),
      flag(f, 'writable', prefix, 'Writable', true),
      flag(f, 'required', prefix, 'Required', false),
    ],
    add: () => addExtension(deps.factory, element, bo, create(deps.factory, 'flowable:FormProperty', { id: `FormProperty_${Math.random().toString(36).slice(2, 9)}`, type: 'string' }, bo)),
    remove: (f) => removeExtension(element, bo, [f]),
  };
}

// ---- Buttons Settings: the product's task buttons (flowable:Button) ----

export function buttonSpec(element: DiagramElement, bo: Bo, deps: Deps): ListSpec {
  const buttons = extensionsOf(bo, 'flowable:Button');
  const text = (b: Bo, name: string, prefix: string, label: string, validate?: (v: string) => Problem) =>
    entry(`${prefix}-${name}`, { label, get: () => b.get(name), set: (v: string) => [update(element, b, { [name]: v })], validate });
  return {
    id: 'flowable-buttons',
    label: 'Buttons',
    items: buttons,
    itemLabel: (b) => `${b.get('name') ?? ''} (${b.get('code') ?? ''})`,
    entries: (b, prefix) => [
      text(b, 'name', prefix, 'Name', (v) => (v.trim() ? undefined : 'Button name must not be empty')),
      text(b, 'code', prefix, 'Code', (v) =>
        !v.trim() ? 'Button code must not be empty' : buttons.some((o) => o !== b && o.get('code') === v) ? 'Button code already used' : undefined),
      entry(`${prefix}-isHide`, { kind: 'checkbox', label: 'Hidden', get: () => b.get('isHide') === '1', set: (v: boolean) => [update(element, b, { isHide: v ? '1' : '0' })] }),
      text(b, 'next', prefix, 'Next'),
      text(b, 'sort', prefix, 'Sort', (v) => (/^\d*$/.test(v.trim()) ? undefined : 'Sort must be a number')),
    ],
    add: () => addExtension(deps.factory, element, bo, create(deps.factory, 'flowable:Button', { name: '', code: '', isHide: '0', next: '0', sort: String((buttons.length + 1) * 10) }, bo)),
    remove: (b) => removeExtension(element, bo, [b]),
  };
}

// ---- Variables: call activity in/out mappings ----

type MappingKind = 'source' | 'sourceExpression' | 'variables';

function mappingKind(m: Bo): MappingKind {
  if (m.get('variables') === 'all') return 'variables';
  return m.get('sourceExpression') != null ? 'sourceExpression' : 'source';
}

function mappingEntries(element: DiagramElement, m: Bo, prefix: string): Entry[] {
  const kind = mappingKind(m);
  const out = [
    entry(`${prefix}-kind`, {
      kind: 'select',
      label: 'Type',
      options: [{ value: 'source', label: 'Source' }, { value: 'sourceExpression', label: 'Source expression' }, { value: 'variables', label: 'All variables' }],
      get: () => kind,
      set: (k: MappingKind) => [update(element, m, { source: k === 'source' ? '' : undefined, sourceExpression: k === 'sourceExpression' ? '' : undefined, variables: k === 'variables' ? 'all' : undefined, target: k === 'variables' ? undefined : m.get('target') })],
    }),
  ];
  if (kind === 'source') {
    out.push(entry(`${prefix}-source`, { label: 'Source', get: () => m.get('source'), set: (v: string) => [update(element, m, { source: v })], validate: all((v) => (v ? undefined : ['Mapping must have a {value}', { value: 'source' }]), noSpaces('Source must not contain spaces')) }));
  }
  if (kind === 'sourceExpression') {
    out.push(entry(`${prefix}-sourceExpression`, { label: 'Source expression', get: () => m.get('sourceExpression'), set: (v: string) => [update(element, m, { sourceExpression: v })], validate: (v) => (v ? undefined : ['Mapping must have a {value}', { value: 'sourceExpression' }]) }));
  }
  if (kind !== 'variables') {
    out.push(entry(`${prefix}-target`, { label: 'Target', get: () => m.get('target'), set: (v: string) => [update(element, m, { target: v })], validate: all((v) => (v ? undefined : ['Mapping must have a {value}', { value: 'target' }]), noSpaces('Target must not contain spaces')) }));
  }
  out.push(entry(`${prefix}-local`, { kind: 'checkbox', label: 'Local', get: () => m.get('local') === true, set: (v: boolean) => [update(element, m, { local: v || undefined })] }));
  return out;
}

export function mappingSpec(element: DiagramElement, bo: Bo, which: 'in' | 'out', deps: Deps): ListSpec {
  const type = which === 'in' ? 'flowable:In' : 'flowable:Out';
  return {
    id: `flowable-mapping-${which}`,
    label: which === 'in' ? 'In mappings' : 'Out mappings',
    items: extensionsOf(bo, type).filter((m) => m.get('businessKey') == null),
    itemLabel: (m) => (mappingKind(m) === 'variables' ? deps.translate('All variables') : `${m.get('source') ?? m.get('sourceExpression') ?? ''} → ${m.get('target') ?? ''}`),
    entries: (m, prefix) => mappingEntries(element, m, prefix),
    add: () => addExtension(deps.factory, element, bo, create(deps.factory, type, { source: '', target: '' }, bo)),
    remove: (m) => removeExtension(element, bo, [m]),
  };
}

/** Whether the element shows the Variables tab (call activities). */
export const hasVariables = (bo: Bo) => is(bo, 'bpmn:CallActivity');
/** Whether the element shows Input/Output (activities and throwing events, not sub-processes). */
export const hasInputOutput = (bo: Bo) => (is(bo, 'bpmn:Activity') && !is(bo, 'bpmn:SubProcess')) || is(bo, 'bpmn:IntermediateThrowEvent') || is(bo, 'bpmn:EndEvent');
/** Whether the element shows Field injections (service-like tasks). */
export const hasFields = (bo: Bo) => is(bo, 'bpmn:ServiceTask') || is(bo, 'bpmn:SendTask') || is(bo, 'bpmn:BusinessRuleTask') || is(bo, 'bpmn:ScriptTask');
/** Whether the element shows form fields (start events and user tasks, seed §3.1). */
export const hasFormFields = (bo: Bo) => is(bo, 'bpmn:StartEvent') || is(bo, 'bpmn:UserTask');
