/**
 * Nested rows (column types, Java fields, template files) are edited in memory and sent with the
 * parent on save (seed §4): a new unsaved row (empty id) is removed outright; a saved row is only
 * flagged with delFlag and stays in the payload.
 */
export interface NestedRowBase {
  id?: string | null;
  delFlag?: string | number | null;
}

export interface NestedRow extends NestedRowBase {
  [k: string]: unknown;
}

export function isDeleted(row: NestedRowBase): boolean {
  return row.delFlag === '1' || row.delFlag === 1;
}

/** Rows still shown (not flagged deleted). */
export function liveRows<R extends NestedRowBase>(rows: R[]): R[] {
  return rows.filter((r) => !isDeleted(r));
}

/**
 * Removes `target`: unsaved rows disappear, saved rows get `delFlag = flag`. With `flag` null every
 * row disappears (rows kept in a document rather than a table, such as a diagram's extensions).
 */
export function removeNested<R extends NestedRowBase>(rows: R[], target: R, flag: string | number | null = '1'): R[] {
  if (!target.id || flag === null) return rows.filter((r) => r !== target);
  return rows.map((r) => (r === target ? { ...r, delFlag: flag } : r));
}

/** Replaces `target` in place (edit), or appends `row` when `target` is null (add). */
export function upsertNested<R extends NestedRowBase>(rows: R[], target: R | null, row: R): R[] {
  if (!target) return [...rows, row];
  return rows.map((r) => (r === target ? { ...r, ...row } : r));
}
