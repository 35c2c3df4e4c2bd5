/**
 * The pieces every group of the generic panel (variant A) is built from, as plain data: a field
 * description (read, write as commands, validate with a §5.1 message) and the commands that add
 * or remove `flowable:` extension elements (./render.ts turns them into panel components). Writes go through the command
 * stack, so one edit (even one touching several objects) is one undo step.
 */
import { is, type Bo, type DiagramElement } from '../../model/access';

export type Translate = (text: string, replacements?: Record<string, string>) => string;

/** A command of the properties panel's multi-command executor. */
export interface Cmd {
  cmd: string;
  context: Record<string, unknown>;
}

/** A §5.1 message: the English text (the translate table holds its zh-CN) and its replacements. */
export type Problem = string | [string, Record<string, string>] | undefined;

export interface Field {
  kind?: 'text' | 'textarea' | 'select' | 'checkbox';
  label: string;
  get: () => unknown;
  /** The commands that store a new value (none: nothing to do). */
  set: (value: any) => Cmd[];
  options?: Array<{ value: string; label: string }>;
  validate?: (value: string) => Problem;
}

/** An entry described as data: its id and its field. */
export interface Entry {
  id: string;
  field: Field;
}

export const update = (element: DiagramElement, moddleElement: Bo, properties: Record<string, unknown>): Cmd => ({
  cmd: 'element.updateModdleProperties',
  context: { element, moddleElement, properties },
});

/** Runs commands as one undo step. */
export function execute(commandStack: { execute: (cmd: string, ctx: unknown) => void }, commands: Cmd[]): void {
  if (!commands.length) return;
  if (commands.length === 1) commandStack.execute(commands[0]!.cmd, commands[0]!.context);
  else commandStack.execute('properties-panel.multi-command-executor', commands);
}

/** An entry of a group or list item: a field the panel renders (./render.ts gives it its component). */
export function entry(id: string, field: Field): Entry {
  return { id, field };
}

// ---- validation (seed 001 §5.1) ----

export const required = (value: string): Problem => (value.trim() ? undefined : 'Must provide a value');
export const noSpaces = (message: string) => (value: string): Problem => (/\s/.test(value) ? message : undefined);
export const all = (...checks: Array<(v: string) => Problem>) => (value: string): Problem => {
  for (const check of checks) {
    const p = check(value);
    if (p) return p;
  }
  return undefined;
};

// ---- extension elements ----

/** The object the panel edits for a diagram element: the process of a pool, else the element's own. */
export function relevant(element: DiagramElement): Bo | undefined {
  const bo = element.businessObject;
  if (is(bo, 'bpmn:Participant')) return bo.get('processRef');
  return bo;
}

export function extensionValues(bo: Bo): Bo[] {
  return bo.get('extensionElements')?.get('values') ?? [];
}

export function extensionsOf(bo: Bo, type: string): Bo[] {
  return extensionValues(bo).filter((v) => is(v, type));
}

export interface Factory {
  create: (type: string, attrs?: Record<string, unknown>) => Bo;
}

/** Creates a moddle element below a parent. */
export function create(factory: Factory, type: string, attrs: Record<string, unknown>, parent: Bo): Bo {
  const bo = factory.create(type, attrs);
  bo.$parent = parent;
  return bo;
}

/** Commands adding `item` to the element's extension elements (created when missing). */
export function addExtension(factory: Factory, element: DiagramElement, bo: Bo, item: Bo): Cmd[] {
  let ext: Bo | undefined = bo.get('extensionElements');
  const cmds: Cmd[] = [];
  if (!ext) {
    ext = create(factory, 'bpmn:ExtensionElements', { values: [] }, bo);
    cmds.push(update(element, bo, { extensionElements: ext }));
  }
  item.$parent = ext;
  cmds.push(update(element, ext, { values: [...(ext.get('values') as Bo[]), item] }));
  return cmds;
}

/** Commands removing extension elements (the holder stays, as bpmn-js-properties-panel does). */
export function removeExtension(element: DiagramElement, bo: Bo, items: Bo[]): Cmd[] {
  const ext: Bo | undefined = bo.get('extensionElements');
  if (!ext) return [];
  return [update(element, ext, { values: (ext.get('values') as Bo[]).filter((v) => !items.includes(v)) })];
}

/** The single container extension element of a type (`flowable:InputOutput`…), with the commands creating it when missing. */
export function container(factory: Factory, element: DiagramElement, bo: Bo, type: string, attrs: Record<string, unknown>): { holder: Bo; cmds: Cmd[] } {
  const found = extensionsOf(bo, type)[0];
  if (found) return { holder: found, cmds: [] };
  const holder = create(factory, type, attrs, bo);
  return { holder, cmds: addExtension(factory, element, bo, holder) };
}

/** Adds `item` to a list property of a container (`values`, `inputParameters`…). */
export function pushTo(element: DiagramElement, holder: Bo, property: string, item: Bo): Cmd {
  item.$parent = holder;
  return update(element, holder, { [property]: [...((holder.get(property) as Bo[]) ?? []), item] });
}

/** Removes `item` from a list property; the container goes with its last item (seed §4.3). */
export function removeFrom(element: DiagramElement, owner: Bo, holder: Bo, property: string, item: Bo, containerProperty?: { of: Bo; name: string }): Cmd[] {
  const rest = ((holder.get(property) as Bo[]) ?? []).filter((v) => v !== item);
  if (rest.length || !holderEmptyOtherwise(holder, property)) return [update(element, holder, { [property]: rest })];
  if (containerProperty) return [update(element, containerProperty.of, { [containerProperty.name]: undefined })];
  return removeExtension(element, owner, [holder]);
}

/** True when a container holds nothing besides the list being emptied. */
function holderEmptyOtherwise(holder: Bo, property: string): boolean {
  const lists = ['values', 'inputParameters', 'outputParameters'].filter((p) => p !== property);
  return lists.every((p) => !((holder.get?.(p) as Bo[] | undefined) ?? []).length);
}

/** A properties-panel group as this module sees one: an id and its entries. */
export interface PanelGroup {
  id: string;
  entries?: unknown[];
}

/** Adds `ours` (zero or one group) to the panel's own group `ownId` when the panel shows it, else as a group of its own. */
export function joinGroup<G extends PanelGroup>(groups: G[], ownId: string, ours: G[]): void {
  const own = groups.find((g) => g.id === ownId);
  if (own?.entries) own.entries.push(...ours.flatMap((g) => g.entries ?? []));
  else groups.push(...ours);
}
