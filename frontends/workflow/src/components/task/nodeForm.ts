import type { FieldPermission } from '@loom/ui';

/**
 * The readable/writable flags of a node's form fields, from the `flowable:formProperty` (or
 * `activiti:`) children of the node in the BPMN XML (seed 001 §3.1 "Form property": readable and
 * writable default to true when missing). Null when the node lists no properties (every field
 * readable and writable).
 */
export function nodeFormProperties(xml: string, nodeId: string | null | undefined): Record<string, FieldPermission> | null {
  if (!xml || !nodeId) return null;
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  const all = Array.from(doc.getElementsByTagName('*'));
  const node = all.find((el) => el.getAttribute('id') === nodeId && !el.localName.startsWith('BPMN'));
  if (!node) return null;
  const props = Array.from(node.getElementsByTagName('*')).filter((el) => el.localName === 'formProperty' && el.getAttribute('id'));
  if (!props.length) return null;
  const flag = (v: string | null) => v == null || v === '' || v === 'true' || v === '1';
  const out: Record<string, FieldPermission> = {};
  for (const p of props) {
    out[p.getAttribute('id') as string] = {
      readable: flag(p.getAttribute('readable')),
      writable: flag(p.getAttribute('writable')),
      // a sub-table's rows (its columns are listed as `<table>.<column>`)
      addable: flag(p.getAttribute('addable')),
      deletable: flag(p.getAttribute('deletable')),
    };
  }
  // a writable column makes its table writable when the table itself is not listed (as the server reads it)
  for (const id of Object.keys(out)) {
    const table = id.split('.')[0]!;
    if (id.includes('.') && !out[table] && out[id]!.writable) out[table] = { readable: true, writable: true, addable: true, deletable: true };
  }
  return out;
}

/** True when a form key names a dynamic form (a form version's id): no '/' (seed 001 §4.3). */
export function isDynamicKey(formType: string | null | undefined, formKey: string | null | undefined): boolean {
  return !!formKey && formKey !== '/404' && !formKey.includes('/') && formType !== '2';
}

/** The business key forms stores a process's data under: `table:id`, the id, or the instance id. */
export function businessKeyOf(def: { businessTable?: string | null; businessId?: string | null; procInsId?: string | null }): string | null {
  if (def.businessTable && def.businessId) return `${def.businessTable}:${def.businessId}`;
  return def.businessId || def.procInsId || null;
}

/** Only the values the node may write (all of them when the node lists no properties). */
export function writableValues(values: Record<string, unknown>, permissions: Record<string, FieldPermission> | null | undefined): Record<string, unknown> {
  if (!permissions) return values;
  const open = (v: unknown) => v === undefined || v === true || v === 'true' || v === '1';
  return Object.fromEntries(Object.entries(values).filter(([k]) => permissions[k] && open(permissions[k]?.writable)));
}
