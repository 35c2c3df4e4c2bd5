import type { LogPublic } from '../../api/types';

/** A log row as the log list reads it (the OpenAPI's answer). */
export type LogRow = LogPublic;

export interface FieldChange {
  /** The record the field belongs to (`"<table> <id>"`), empty for a request body. */
  record: string;
  field: string;
  before: string;
  after: string;
  /** The field as the user knows it (金额, not `amount`), when anyone says. */
  label?: string;
}

/** How the log detail names a field and shows a value: the labels the log row carries (a
 * generated module's or an online form's), else the words the page knows for common columns; a
 * dictionary column's values by their labels. */
export interface FieldWords {
  labelOf: (table: string, field: string) => string | undefined;
  valueOf: (table: string, field: string, value: string) => string;
}

/** The labels a log row carries, by table and field. */
export function rowLabels(labels: string | null | undefined): Record<string, Record<string, string>> {
  const found = parsed(labels);
  const out: Record<string, Record<string, string>> = {};
  for (const [table, fields] of Object.entries(found)) {
    if (!isObject(fields)) continue;
    out[table] = Object.fromEntries(Object.entries(fields).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  }
  return out;
}

/** The changes with each field's label and values in words. */
export function inWords(changes: FieldChange[], words: FieldWords): FieldChange[] {
  return changes.map((c) => {
    const table = c.record.split(' ')[0] ?? '';
    const label = words.labelOf(table, c.field);
    return {
      ...c,
      ...(label ? { label } : {}),
      before: c.before && words.valueOf(table, c.field, c.before),
      after: c.after && words.valueOf(table, c.field, c.after),
    };
  });
}

function parsed(text: string | null | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function shown(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

const RECORD_KEY = /^\S+ \S+$/;

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Whether a log's before/after are keyed by record (`{"sys_post 12": {name: …}}`, as services
 * write them from their flushes) rather than a request body. */
function byRecord(...sides: Record<string, unknown>[]): boolean {
  const entries = sides.flatMap((side) => Object.entries(side));
  return entries.length > 0 && entries.every(([key, value]) => RECORD_KEY.test(key) && isObject(value));
}

function diff(record: string, old: Record<string, unknown>, next: Record<string, unknown>): FieldChange[] {
  const keys = [...new Set([...Object.keys(old), ...Object.keys(next)])];
  return keys
    .map((field) => ({ record, field, before: shown(old[field]), after: shown(next[field]) }))
    .filter((c) => c.before !== c.after);
}

/** The fields whose value differs between a log row's before and after (JSON objects), in order,
 * record by record when they are keyed by record. */
export function changedFields(before: string | null | undefined, after: string | null | undefined): FieldChange[] {
  const old = parsed(before);
  const next = parsed(after);
  if (!byRecord(old, next)) return diff('', old, next);
  const records = [...new Set([...Object.keys(old), ...Object.keys(next)])];
  return records.flatMap((record) =>
    diff(record, (old[record] as Record<string, unknown> | undefined) ?? {}, (next[record] as Record<string, unknown> | undefined) ?? {}),
  );
}
