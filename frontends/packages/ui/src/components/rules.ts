import { toSnake } from '../core/qs';

/** Page sizes of every list: 10 (default), 20, 100, 1000 and "all data" (1,000,000). */
export const PAGE_SIZES = [10, 20, 100, 1000, 1000000] as const;
export const ALL_ROWS = 1000000;
export const DEFAULT_PAGE_SIZE = 10;
/** Page sizes of picker dialogs (seed 001 §9). */
export const PICKER_PAGE_SIZES = [5, 10, 50, 100] as const;
/** Default selection limit of the pickers. */
export const DEFAULT_PICK_LIMIT = 999999;

/** Batch buttons: edit needs exactly one ticked row, delete at least one. */
export function batchButtonState(selectedCount: number): { edit: boolean; delete: boolean } {
  return { edit: selectedCount === 1, delete: selectedCount >= 1 };
}

export type LabelLinkMode = 'edit' | 'view' | 'text';

/** A label opens edit if the user may edit, else view if the user may view, else it is plain text. */
export function labelLinkMode(canEdit: boolean, canView: boolean): LabelLinkMode {
  if (canEdit) return 'edit';
  if (canView) return 'view';
  return 'text';
}

/** Pickers use radio buttons (single choice) when the limit is 1 or less. */
export function isSingleSelect(limit: number): boolean {
  return limit <= 1;
}

/** The error key when too many items are chosen, or null (the check runs on confirm). */
export function pickLimitExceeded(count: number, limit: number): boolean {
  return count > limit;
}

export interface Order {
  column: string;
  asc: boolean;
}

/**
 * Converts a table sort (`{field: 'ascend' | 'descend'}`) to the wire's `orders`
 * (`orders[0].column` snake_case, `orders[0].asc`). `sortKeys` maps a field to its server
 * column when it is not the snake_case of the field (e.g. `companyDTO.name` → `c.name`).
 */
export function toOrders(sort: Record<string, 'ascend' | 'descend' | null | undefined> | undefined, sortKeys: Record<string, string> = {}): Order[] {
  const out: Order[] = [];
  for (const [field, dir] of Object.entries(sort ?? {})) {
    if (!dir) continue;
    const key = field.replace(/,/g, '.');
    out.push({ column: sortKeys[key] ?? sortKeys[field] ?? toSnake(key), asc: dir === 'ascend' });
  }
  return out;
}

/** Tree select: may this node be chosen? Returns false for disabled nodes and, with `onlyLeaf`, for nodes with children. */
export function treeNodeSelectable(node: { disabled?: boolean; children?: unknown[] | null }, onlyLeaf = false): boolean {
  if (node.disabled) return false;
  if (onlyLeaf && Array.isArray(node.children) && node.children.length > 0) return false;
  return true;
}
