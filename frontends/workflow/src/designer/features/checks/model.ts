/**
 * Reading a BPMN moddle tree inside lint rules. Rules see the business objects bpmn-js holds, with
 * the Flowable descriptor (`flowable:Assignee`) or without it (`flowable:assignee` as a generic
 * element), so every read here accepts both.
 */

/** A moddle element as lint rules read it. */
export interface El {
  $type: string;
  $parent?: El;
  id?: string;
  name?: string;
  $attrs?: Record<string, string>;
  $instanceOf?: (type: string) => boolean;
  get?: (name: string) => unknown;
  [key: string]: unknown;
}

export function is(el: El | undefined | null, type: string): boolean {
  if (!el) return false;
  return typeof el.$instanceOf === 'function' ? el.$instanceOf(type) : el.$type === type;
}

export function isAny(el: El | undefined | null, types: string[]): boolean {
  return types.some((t) => is(el, t));
}

/** A `flowable:`/`activiti:` attribute (`attr(task, 'assignee')`), or a plain property. */
export function attr(el: El | undefined, name: string): string {
  if (!el) return '';
  for (const prefix of ['flowable', 'activiti']) {
    const q = `${prefix}:${name}`;
    let value: unknown;
    try {
      value = el.get?.(q);
    } catch {
      value = undefined;
    }
    value ??= el.$attrs?.[q];
    if (value !== undefined && value !== null && value !== '') return String(value);
  }
  const own = el[name];
  return typeof own === 'string' || typeof own === 'number' || typeof own === 'boolean' ? String(own) : '';
}

/** Extension elements whose local name is `local` (case-insensitive: `Assignee`, `assignee`). */
export function extensions(el: El | undefined, local: string): El[] {
  const ext = el?.extensionElements as El | undefined;
  const values = (ext?.values as El[] | undefined) ?? [];
  const wanted = local.toLowerCase();
  return values.filter((v) => {
    const [, name = v.$type] = v.$type.split(':');
    return name.toLowerCase() === wanted;
  });
}

/** A value of an extension element (typed property, generic property or attribute). */
export function value(el: El, name: string): string {
  const own = el[name];
  if (typeof own === 'string' || typeof own === 'number') return String(own);
  const fromAttrs = el.$attrs?.[name];
  return fromAttrs === undefined ? '' : String(fromAttrs);
}

export function label(el: El): string {
  return el.name || el.id || '';
}

export function inSubProcess(el: El): boolean {
  return is(el.$parent, 'bpmn:SubProcess');
}

/** Flow elements of a process or sub-process. */
export function children(container: El | undefined): El[] {
  return ((container?.flowElements as El[] | undefined) ?? []).filter(Boolean);
}

/** A node's incoming or outgoing sequence flows, from the flows of its container (an imported file
 * need not list `<incoming>`/`<outgoing>`). */
export function refs(el: El, name: 'incoming' | 'outgoing'): El[] {
  const end = name === 'incoming' ? 'targetRef' : 'sourceRef';
  const flows = children(el.$parent).filter((f) => is(f, 'bpmn:SequenceFlow') && f[end] === el);
  return flows.length ? flows : ((el[name] as El[] | undefined) ?? []).filter(Boolean);
}

/** The condition text of a sequence flow (`${days > 3}`), or ''. */
export function conditionOf(flow: El): string {
  const cond = flow.conditionExpression as El | undefined;
  const body = cond?.body;
  return typeof body === 'string' ? body.trim() : '';
}

/** The multi-instance (countersign) settings of an activity, if any. */
export function loopOf(el: El): El | undefined {
  const loop = el.loopCharacteristics as El | undefined;
  return is(loop, 'bpmn:MultiInstanceLoopCharacteristics') ? loop : undefined;
}
