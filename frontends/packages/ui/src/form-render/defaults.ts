/**
 * Default values of the runtime form (seed 001 §4.4): '${new Date()}' becomes the current time as
 * YYYY-MM-DD HH:mm:ss; any other '${a.b}' is read at that path of the application state (the
 * signed-in user: `${user.name}`, `${user.officeDTO.id}`, …).
 */
import { session } from '../core/session';
import type { FormWidget } from './types';
import { fieldsOf } from './validators';

const pad = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD HH:mm:ss of a date. */
export function formatDateTime(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** The application state default-value expressions read from. */
export function appState(): Record<string, unknown> {
  const s = session.get();
  return { user: s.user ?? {}, userInfo: s.user ?? {} };
}

function at(state: unknown, path: string): unknown {
  let cur: unknown = state;
  for (const part of path.split('.').filter(Boolean)) {
    if (cur === null || cur === undefined || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

/** Resolves one default value; anything that is not a `${…}` expression is kept as it is. */
export function resolveDefault(value: unknown, state: Record<string, unknown> = appState(), now: () => Date = () => new Date()): unknown {
  if (typeof value !== 'string') return value;
  const m = /^\$\{\s*(.+?)\s*\}$/.exec(value.trim());
  if (!m) return value;
  const expr = m[1]!;
  if (/^new\s+Date\(\s*\)$/.test(expr)) return formatDateTime(now());
  const v = at(state, expr.replace(/^(this\.)?(\$store\.)?(state\.)?/, ''));
  return v === undefined || v === null ? '' : v;
}

/** The initial record of a form: each field's resolved default, sub-tables empty. */
export function initialValues(list: FormWidget[], state?: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fieldsOf(list)) {
    const d = f.options?.defaultValue;
    if (f.type === 'table') out[f.model] = [];
    else if (d !== undefined) out[f.model] = resolveDefault(d, state);
  }
  return out;
}
