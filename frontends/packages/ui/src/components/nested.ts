/**
 * Nested rows (column types, Java fields, template files) are edited in memory and sent with the
 * parent on save (seed §4): a new unsaved row (empty id) is removed outright; a saved row is only
 * flagged with delFlag and stays in the payload.
 */
export interface NestedRow {
  id?: string | null;
  delFlag?: string | number | null;
  [k: string]: unknown;
}

export function isDeleted(row: NestedRow): boolean {
  return row.delFlag === '1' || row.delFlag === 1;
}

/** Rows still shown (not flagged deleted). */
export function liveRows<R extends NestedRow>(rows: R[]): R[] {
  return rows.filter((r) => !isDeleted(r));
}

/** Removes `target`: unsaved rows disappear, saved rows get `delFlag = flag`. */
export function removeNested<R extends NestedRow>(rows: R[], target: R, flag: string | number = '1'): R[] {
  if (!target.id) return rows.filter((r) => r !== target);
  return rows.map((r) => (r === target ? { ...r, delFlag: flag } : r));
}

/** Replaces `target` in place (edit), or appends `row` when `target` is null (add). */
export function upsertNested<R extends NestedRow>(rows: R[], target: R | null, row: R): R[] {
  if (!target) return [...rows, row];
  return rows.map((r) => (r === target ? { ...r, ...row } : r));
}
