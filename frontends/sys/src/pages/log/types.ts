export interface LogRow extends Record<string, unknown> {
  id: string;
  type: string;
  title?: string;
  service?: string;
  requestUri?: string;
  requestType?: string;
  params?: string;
  recordIds?: string;
  before?: string | null;
  after?: string | null;
  result?: string;
  exception?: string | null;
  recordTime?: number;
  remoteAddr?: string;
  createDate?: string;
  createBy?: { id?: string; name?: string; loginName?: string };
}

export interface FieldChange {
  field: string;
  before: string;
  after: string;
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

/** The fields whose value differs between a log row's before and after (JSON objects), in order. */
export function changedFields(before: string | null | undefined, after: string | null | undefined): FieldChange[] {
  const old = parsed(before);
  const next = parsed(after);
  const keys = [...new Set([...Object.keys(old), ...Object.keys(next)])];
  return keys
    .map((field) => ({ field, before: shown(old[field]), after: shown(next[field]) }))
    .filter((c) => c.before !== c.after);
}
