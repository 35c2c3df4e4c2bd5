/**
 * The difference between two versions of a process: bpmn-js-differ's element changes, plus the
 * node extensions a designer cares about (reviewers, buttons, conditions, forms) compared as text,
 * as rows for the table and as marker lists for the two canvases.
 */
import { BpmnModdle } from 'bpmn-moddle';
import { diff } from 'bpmn-js-differ';
import { flowableDescriptor } from '../../moddle/flowable';
import { prepareForImport } from '../../moddle/namespaces';
import { attr, conditionOf, extensions, value, type El } from '../checks/api';

export type ChangeKind = 'added' | 'removed' | 'changed' | 'layout';

export interface DiffRow {
  key: string;
  id: string;
  name: string;
  kind: ChangeKind;
  property: string;
  before: string;
  after: string;
}

export interface Comparison {
  rows: DiffRow[];
  added: string[];
  removed: string[];
  changed: string[];
  layout: string[];
}

/** Node extensions and settings, each as one comparable text. */
const EXTENSIONS: Record<string, (el: El) => string> = {
  assignees: (el) => extensions(el, 'assignee').map((a) => `${value(a, 'type')}:${value(a, 'value')}${value(a, 'operationType') === '1' ? '(-)' : ''}`).join(', '),
  buttons: (el) => extensions(el, 'button').map((b) => `${value(b, 'name')}(${value(b, 'code')})`).join(', '),
  conditions: (el) => extensions(el, 'condition').map((c) => `${value(c, 'field')}${value(c, 'compare')}${value(c, 'value')} ${value(c, 'logic')}`).join(', '),
  formKey: (el) => attr(el, 'formKey'),
  condition: (el) => conditionOf(el),
  timer: (el) =>
    ((el.eventDefinitions as El[] | undefined) ?? [])
      .map((d) => ['timeDate', 'timeDuration', 'timeCycle'].map((k) => ((d[k] as El | undefined)?.body ? `${k}=${String((d[k] as El).body)}` : '')).join(''))
      .join(''),
};

/** Attributes bpmn-js-differ reports that say nothing to a designer. */
const NOISE = new Set(['extensionElements', 'di', 'incoming', 'outgoing', 'flowElements', '$parent']);

export async function parse(xml: string): Promise<El> {
  const moddle = new BpmnModdle({ flowable: flowableDescriptor });
  const { rootElement } = await moddle.fromXML(prepareForImport(xml), 'bpmn:Definitions');
  return rootElement as unknown as El;
}

function flowElements(definitions: El): Map<string, El> {
  const found = new Map<string, El>();
  const visit = (el: El) => {
    for (const child of (el.flowElements as El[] | undefined) ?? []) {
      if (child.id) found.set(child.id, child);
      visit(child);
    }
  };
  for (const root of (definitions.rootElements as El[] | undefined) ?? []) visit(root);
  return found;
}

function text(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'object') {
    const o = v as El;
    return typeof o.body === 'string' ? o.body : o.id ? String(o.id) : o.$type ? String(o.$type) : JSON.stringify(v);
  }
  return String(v).replace(/^#ref:/, '');
}

/** Compares two versions (old, new). */
export async function compare(oldXml: string, newXml: string): Promise<Comparison> {
  const [before, after] = await Promise.all([parse(oldXml), parse(newXml)]);
  const result = diff(before, after) as {
    _added: Record<string, El>;
    _removed: Record<string, El>;
    _changed: Record<string, { model: El; attrs: Record<string, { oldValue: unknown; newValue: unknown }> }>;
    _layoutChanged: Record<string, El>;
  };
  const oldEls = flowElements(before);
  const newEls = flowElements(after);
  const rows: DiffRow[] = [];
  const nameOf = (id: string) => newEls.get(id)?.name || oldEls.get(id)?.name || id;
  const add = (id: string, kind: ChangeKind, property = '', b = '', a = '') =>
    rows.push({ key: `${id}:${kind}:${property}`, id, name: String(nameOf(id)), kind, property, before: b, after: a });
  for (const id of Object.keys(result._added)) add(id, 'added');
  for (const id of Object.keys(result._removed)) add(id, 'removed');
  const changed = new Set<string>();
  for (const [id, change] of Object.entries(result._changed)) {
    // the values are read from the two elements: bpmn-js-differ's own are in jsondiffpatch's
    // order, and a change deep inside (a condition's body) is one of EXTENSIONS' texts instead
    for (const property of Object.keys(change.attrs)) {
      const [was, is] = [oldEls.get(id), newEls.get(id)];
      if (NOISE.has(property) || !was || !is || !(property in is || property in was)) continue;
      const [b, a] = [text(was[property]), text(is[property])];
      if (b === a) continue;
      changed.add(id);
      add(id, 'changed', property, b, a);
    }
  }
  for (const [id, el] of newEls) {
    const old = oldEls.get(id);
    if (!old) continue;
    for (const [property, read] of Object.entries(EXTENSIONS)) {
      const [b, a] = [read(old), read(el)];
      if (b !== a && !rows.some((r) => r.id === id && r.property === property)) {
        changed.add(id);
        add(id, 'changed', property, b, a);
      }
    }
  }
  const layout = Object.keys(result._layoutChanged).filter((id) => !changed.has(id) && !(id in result._added));
  for (const id of layout) add(id, 'layout');
  return { rows, added: Object.keys(result._added), removed: Object.keys(result._removed), changed: [...changed], layout };
}
