/**
 * Query-string serialisation compatible with the JeePlus client (qs with `allowDots` and
 * `arrayFormat: 'indices'`): nested objects use dots (`companyDTO.id=1`), arrays use indices
 * (`orders[0].column=login_name`). Empty strings and `null` are sent as `key=`; `undefined` is dropped.
 */
export type QueryValue = string | number | boolean | null | undefined | QueryObject | QueryValue[];
export interface QueryObject {
  [key: string]: QueryValue;
}

function enc(s: string): string {
  return encodeURIComponent(s);
}

function walk(prefix: string, value: QueryValue, out: string[]): void {
  if (value === undefined) return;
  if (value === null) {
    out.push(`${enc(prefix)}=`);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => walk(`${prefix}[${i}]`, item, out));
    return;
  }
  if (typeof value === 'object') {
    if (value instanceof Date) {
      out.push(`${enc(prefix)}=${enc(value.toISOString())}`);
      return;
    }
    for (const [k, v] of Object.entries(value)) walk(prefix ? `${prefix}.${k}` : k, v, out);
    return;
  }
  out.push(`${enc(prefix)}=${enc(String(value))}`);
}

export function stringifyQuery(params: QueryObject | undefined | null): string {
  if (!params) return '';
  const out: string[] = [];
  walk('', params, out);
  return out.join('&');
}

/** Appends serialised params to a URL (keeps an existing query). */
export function withQuery(url: string, params?: QueryObject | null): string {
  const q = stringifyQuery(params);
  if (!q) return url;
  return url + (url.includes('?') ? '&' : '?') + q;
}

/** camelCase / dotted property → snake_case column, as `$utils.toLine` does (`loginName` → `login_name`). */
export function toSnake(prop: string): string {
  return prop.replace(/([A-Z])/g, '_$1').toLowerCase();
}
