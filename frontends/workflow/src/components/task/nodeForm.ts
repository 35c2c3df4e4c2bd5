import type { FieldPermission } from '@loom/ui';

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
