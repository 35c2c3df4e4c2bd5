/**
 * A node's rights on its dynamic form's fields (seed 001 §3.1 form properties): each field readable
 * and writable; a sub-table also whether rows may be added or deleted, and each of its columns
 * readable and writable as `<table>.<column>` (the ids the server and the renderer read).
 */

/** One row of the rights table: a field, a sub-table (with its columns as children) or a column. */
export interface FieldRight {
  id: string;
  name: string;
  kind: 'field' | 'table' | 'column';
  readable: boolean;
  writable: boolean;
  addable?: boolean;
  deletable?: boolean;
  children?: FieldRight[];
}

export type RightFlag = 'readable' | 'writable' | 'addable' | 'deletable';

/** A `flowable:FormProperty` as far as rights go (attributes absent mean true). */
export interface PropertyLike {
  get: (name: string) => unknown;
}

const CONTAINERS = ['grid', 'tabs', 'report', 'col', 'td', 'divider'];

/** The form's fields and sub-tables in layout order, walking grid, tabs and report containers. */
export function fieldTree(json: string | undefined): FieldRight[] {
  let root: unknown;
  try {
    root = JSON.parse(json || '{}');
  } catch {
    return [];
  }
  const out: FieldRight[] = [];
  const blank = { readable: true, writable: true };
  const walk = (n: unknown) => {
    if (Array.isArray(n)) return n.forEach(walk);
    if (!n || typeof n !== 'object') return;
    const o = n as Record<string, unknown>;
    const model = typeof o.model === 'string' ? o.model : '';
    if (o.type === 'table' && model) {
      const columns = Array.isArray(o.tableColumns) ? (o.tableColumns as Record<string, unknown>[]) : [];
      const children: FieldRight[] = columns
        .filter((c) => typeof c.model === 'string' && c.model)
        .map((c) => ({ id: `${model}.${String(c.model)}`, name: String(c.name ?? c.model), kind: 'column', ...blank }));
      out.push({ id: model, name: String(o.name ?? model), kind: 'table', ...blank, addable: true, deletable: true, children });
      return;
    }
    if (model && typeof o.type === 'string' && !CONTAINERS.includes(o.type)) out.push({ id: model, name: String(o.name ?? model), kind: 'field', ...blank });
    for (const k of ['list', 'columns', 'tabs', 'rows']) if (k in o) walk(o[k]);
  };
  walk(root);
  return out;
}

const on = (p: PropertyLike | undefined, flag: RightFlag) => (p ? p.get(flag) !== false && p.get(flag) !== 'false' : true);

/** The tree with each row's flags as the node's properties set them. */
export function withRights(tree: FieldRight[], props: PropertyLike[]): FieldRight[] {
  const byId = new Map(props.map((p) => [String(p.get('id')), p]));
  const read = (f: FieldRight): FieldRight => {
    const p = byId.get(f.id);
    const flags = { readable: on(p, 'readable'), writable: on(p, 'writable') };
    if (f.kind !== 'table') return { ...f, ...flags };
    return { ...f, ...flags, addable: on(p, 'addable'), deletable: on(p, 'deletable'), children: f.children?.map(read) };
  };
  return tree.map(read);
}

/** The tree with one row's flag changed. */
export function setRight(tree: FieldRight[], id: string, flag: RightFlag, value: boolean): FieldRight[] {
  return tree.map((f) => (f.id === id ? { ...f, [flag]: value } : f.children ? { ...f, children: setRight(f.children, id, flag, value) } : f));
}

/** The attributes of the node's form properties: one per field, sub-table and column. */
export function propertiesOf(tree: FieldRight[]): Array<Record<string, string | boolean>> {
  return tree.flatMap((f) => {
    const own = { id: f.id, name: f.name, readable: f.readable, writable: f.writable };
    if (f.kind !== 'table') return [own];
    return [{ ...own, addable: f.addable !== false, deletable: f.deletable !== false }, ...propertiesOf(f.children ?? [])];
  });
}
