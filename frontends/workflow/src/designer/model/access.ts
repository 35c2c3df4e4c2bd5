/**
 * Reading and writing `flowable:` data on diagram elements. Writes go through `modeling` so
 * that every panel change is one undoable command.
 */
import type Modeler from 'bpmn-js/lib/Modeler';

/** A moddle element (business object) as the panels use it. */
export interface Bo {
  $type: string;
  $parent?: Bo;
  id?: string;
  name?: string;
  get: (name: string) => any;
  set: (name: string, value: unknown) => void;
  [key: string]: any;
}

/** A diagram element (shape or connection). */
export interface DiagramElement {
  id: string;
  type: string;
  businessObject: Bo;
  parent?: DiagramElement;
  source?: DiagramElement;
  target?: DiagramElement;
}

export interface Services {
  modeling: {
    updateProperties: (el: DiagramElement, props: Record<string, unknown>) => void;
    updateModdleProperties: (el: DiagramElement, bo: Bo, props: Record<string, unknown>) => void;
  };
  moddle: { create: (type: string, attrs?: Record<string, unknown>) => Bo };
  elementRegistry: { get: (id: string) => DiagramElement | undefined; filter: (fn: (e: DiagramElement) => boolean) => DiagramElement[]; getAll: () => DiagramElement[] };
  canvas: { getRootElement: () => DiagramElement; zoom: (level?: number | 'fit-viewport', center?: unknown) => number };
}

export function services(modeler: Modeler): Services {
  return {
    modeling: modeler.get('modeling'),
    moddle: modeler.get('moddle'),
    elementRegistry: modeler.get('elementRegistry'),
    canvas: modeler.get('canvas'),
  };
}

export function is(bo: Bo | undefined, type: string): boolean {
  if (!bo) return false;
  const b = bo as unknown as { $instanceOf?: (t: string) => boolean };
  return typeof b.$instanceOf === 'function' ? b.$instanceOf(type) : bo.$type === type;
}

/** Extension elements of a type (`flowable:Button`) on a business object. */
export function extensions<T = Bo>(bo: Bo, type: string): T[] {
  const values: Bo[] = bo.get('extensionElements')?.get('values') ?? [];
  return values.filter((v) => v.$type === type) as T[];
}

/** Replaces the extension elements of the given types by `items` (other extension elements stay). */
export function setExtensions(s: Services, element: DiagramElement, types: string[], items: Bo[]): void {
  const bo = element.businessObject;
  let ext: Bo | undefined = bo.get('extensionElements');
  if (!ext) {
    ext = s.moddle.create('bpmn:ExtensionElements', { values: [] });
    for (const item of items) item.$parent = ext;
    ext.set('values', items);
    s.modeling.updateProperties(element, { extensionElements: ext });
    return;
  }
  const kept = (ext.get('values') as Bo[]).filter((v) => !types.includes(v.$type));
  for (const item of items) item.$parent = ext;
  s.modeling.updateModdleProperties(element, ext, { values: [...kept, ...items] });
}

/** Plain attribute values of extension elements, for tables and the server. */
export function plain<T extends object>(bo: Bo, keys: Array<keyof T & string>): T {
  const out: Record<string, unknown> = {};
  for (const k of keys) out[k] = bo.get(k) ?? '';
  return out as T;
}

/** The process (root) business object of the diagram. */
export function processOf(s: Services): Bo {
  const root = s.canvas.getRootElement().businessObject;
  if (is(root, 'bpmn:Collaboration')) {
    const p = (root.get('participants') as Bo[]).find((x) => x.get('processRef'));
    return p?.get('processRef') ?? root;
  }
  return root;
}

/** True when the element's parent is a sub-process. */
export function inSubProcess(bo: Bo): boolean {
  return is(bo.$parent, 'bpmn:SubProcess');
}

export function documentation(bo: Bo): string {
  const docs: Bo[] = bo.get('documentation') ?? [];
  return docs.map((d) => d.get('text') ?? '').join('\n');
}
