/**
 * The validator engine of the renderer: the same table (libs/form-rules validators.json) and the
 * same semantics as the forms service's `loom_form_rules` (check.py, record.py), so a value the
 * browser accepts the server accepts, with the same message.
 */
import table from '../../../../../libs/form-rules/src/loom_form_rules/validators.json';
import type { FormJson, FormWidget, Rule, WidgetOptions } from './types';

type Lang = 'zh-CN' | 'en-US';
type Texts = Record<Lang, string>;

interface RawValidator {
  name: string;
  kind: string;
  label: Texts;
  pattern: string | null;
  message: Texts;
}
interface RawDataType {
  name: string;
  json: string[];
  pattern: string | null;
}

export interface FixedValidator {
  name: string;
  label: Texts;
  pattern: RegExp | null;
  message: Texts;
}

const raw = table as unknown as {
  validError: Texts;
  required: Texts;
  dataTypeMessage: Texts;
  patternMessage: Texts;
  rangeMessage: Texts;
  minMessage: Texts;
  maxMessage: Texts;
  fileLimitMessage: Texts;
  validators: RawValidator[];
  dataTypes: RawDataType[];
  bounds: Record<string, { min: number; max: number; step?: number }>;
  widgetDefaults: Record<string, Partial<Record<'min' | 'max' | 'step' | 'limit', number>>>;
  rangeWidgets: string[];
  fileWidgets: string[];
};

function compile(pattern: string | null): RegExp | null {
  if (!pattern) return null;
  try {
    return new RegExp(`^(?:${pattern})$`, 'u');
  } catch {
    return new RegExp(`^(?:${pattern})$`);
  }
}

/** The fixed validators (mobile phone … licence plate), in the table's order. */
export const FIXED_VALIDATORS: FixedValidator[] = raw.validators.map((v) => ({ name: v.name, label: v.label, pattern: compile(v.pattern), message: v.message }));
const byName = new Map(FIXED_VALIDATORS.map((v) => [v.name, v]));
const dataTypes = new Map(raw.dataTypes.map((d) => [d.name, { json: d.json, pattern: compile(d.pattern) }]));

/** The data types of the `dataType` option (string, object, array, number, …). */
export const DATA_TYPES: string[] = raw.dataTypes.map((d) => d.name);
/** Numeric bounds of the designer's panels (§5.2). */
export const BOUNDS = raw.bounds;
/** Type defaults (number 0..9, slider 0..100, rate 5, file limit 9, image limit 8, user 1). */
export const WIDGET_DEFAULTS = raw.widgetDefaults;

export function language(lang?: string | null): Lang {
  return lang && lang.toLowerCase().startsWith('en') ? 'en-US' : 'zh-CN';
}

/** A message of the table with `{name}`-style values filled in. */
export function tableText(key: 'validError' | 'required' | 'dataTypeMessage' | 'patternMessage' | 'rangeMessage' | 'minMessage' | 'maxMessage' | 'fileLimitMessage', lang: string, values: Record<string, unknown> = {}): string {
  const text = raw[key][language(lang)];
  return text.replace(/\{(\w+)\}/g, (_m, k: string) => String(values[k] ?? ''));
}

/** Null, '', [] and {}: what every fixed validator lets pass. */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value as object).length === 0;
  return false;
}

function asText(value: unknown): string | null {
  if (typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string') return String(value);
  return null;
}

function matches(re: RegExp, value: unknown): boolean {
  if (Array.isArray(value)) return value.every((v) => matches(re, v));
  const text = asText(value);
  return text !== null && re.test(text);
}

/** A fixed validator by name: empty values pass, anything else must match its pattern. */
export function passesValidator(name: string, value: unknown): boolean {
  const v = byName.get(name);
  if (!v) return true;
  if (isEmpty(value)) return true;
  return v.pattern !== null && matches(v.pattern, value);
}

function jsonKinds(value: unknown): string[] {
  if (typeof value === 'boolean') return ['boolean'];
  if (typeof value === 'number') return Number.isInteger(value) ? ['number', 'integer'] : ['number'];
  if (typeof value === 'string') return ['string'];
  if (Array.isArray(value)) return ['array'];
  if (value && typeof value === 'object') return ['object'];
  return [];
}

/** A data type: empty values pass; otherwise its JSON kind is accepted or its text matches. */
export function passesDataType(name: string, value: unknown): boolean {
  const d = dataTypes.get(name);
  if (!d) return true;
  if (isEmpty(value)) return true;
  if (jsonKinds(value).some((k) => d.json.includes(k))) return true;
  return typeof value === 'string' && d.pattern !== null && d.pattern.test(value);
}

function own(message: unknown, lang: Lang): string | null {
  if (message && typeof message === 'object') {
    const m = message as Record<string, string>;
    return m[lang] ?? Object.values(m)[0] ?? null;
  }
  return message ? String(message) : null;
}

/** A designer's own pattern (`/x/` or `x`), matched against the whole text; null when unreadable. */
export function compileOwn(pattern: string): RegExp | null {
  let p = pattern;
  if (p.length > 1 && p.startsWith('/') && p.lastIndexOf('/') > 0) p = p.slice(1, p.lastIndexOf('/'));
  try {
    return new RegExp(`^(?:${p})$`);
  } catch {
    return null;
  }
}

function num(value: unknown): number | null {
  if (typeof value === 'boolean' || value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

function rulesRequire(w: FormWidget): boolean {
  return (w.rules ?? []).some((r) => r && r.required);
}

/** Whether a field must be filled (its own flag or a `required` rule). */
export function isRequired(w: FormWidget): boolean {
  return !!w.options?.required || rulesRequire(w);
}

function oneRule(w: FormWidget, rule: Rule, value: unknown, lang: Lang): string | null {
  const name = w.name || w.model;
  if (rule.validator && byName.has(rule.validator) && !passesValidator(rule.validator, value)) {
    return own(rule.message, lang) ?? byName.get(rule.validator)!.message[lang];
  }
  if (rule.type && dataTypes.has(rule.type) && !passesDataType(rule.type, value)) {
    return own(rule.message, lang) ?? tableText('dataTypeMessage', lang, { name });
  }
  if (rule.pattern) {
    const re = compileOwn(String(rule.pattern));
    if (re && !matches(re, value)) return own(rule.message, lang) ?? tableText('patternMessage', lang, { name });
  }
  return null;
}

/** The first message a value earns in a field, or null when it is valid (record.py `check_field`). */
export function checkField(w: FormWidget, value: unknown, lang?: string): string | null {
  const l = language(lang);
  const o: WidgetOptions = w.options ?? {};
  const name = w.name || w.model;
  if (isRequired(w) && isEmpty(value)) return own(o.requiredMessage, l) ?? tableText('required', l, { name });
  if (isEmpty(value)) return null;
  if (o.dataTypeCheck && o.dataType && dataTypes.has(o.dataType) && !passesDataType(o.dataType, value)) {
    return own(o.dataTypeMessage, l) ?? tableText('dataTypeMessage', l, { name });
  }
  if (o.patternCheck && o.pattern) {
    const re = compileOwn(String(o.pattern));
    if (re && !matches(re, value)) return own(o.patternMessage, l) ?? tableText('patternMessage', l, { name });
  }
  const rules: Rule[] = [...(o.validator ? [{ validator: o.validator }] : []), ...(w.rules ?? [])];
  for (const r of rules) {
    const m = r && typeof r === 'object' ? oneRule(w, r, value, l) : null;
    if (m) return m;
  }
  if (raw.rangeWidgets.includes(w.type) && !Array.isArray(value)) {
    const d = raw.widgetDefaults[w.type] ?? {};
    // absent: the widget's default; set but emptied ('' or null): no bound (record.py `_option`)
    const low = num('min' in o ? o.min : d.min);
    const high = num('max' in o ? o.max : d.max);
    const n = num(value);
    if (n === null) return tableText('dataTypeMessage', l, { name });
    if ((low !== null && n < low) || (high !== null && n > high)) {
      const key = low !== null && high !== null ? 'rangeMessage' : high === null ? 'minMessage' : 'maxMessage';
      return tableText(key, l, { name, min: low ?? '', max: high ?? '' });
    }
  }
  if (raw.fileWidgets.includes(w.type)) {
    const d = raw.widgetDefaults[w.type] ?? {};
    const limit = num(o.limit ?? d.limit);
    const count = Array.isArray(value) ? value.length : String(value).split(',').filter(Boolean).length;
    if (limit !== null && limit > 0 && count > limit) return tableText('fileLimitMessage', l, { name, limit });
  }
  return null;
}

const CONTAINERS: Record<string, [string, string]> = { grid: ['columns', 'list'], tabs: ['tabs', 'list'] };
const DISPLAY = new Set(['blank', 'text', 'html', 'divider', 'button', 'alert', 'link']);

/** Every field (a widget holding a value) of a widget list, depth first through grids, tabs and reports. */
export function fieldsOf(list: FormWidget[]): FormWidget[] {
  const out: FormWidget[] = [];
  const walk = (ws: FormWidget[]) => {
    for (const w of ws ?? []) {
      if (!w || typeof w !== 'object') continue;
      const c = CONTAINERS[w.type];
      if (c) {
        for (const part of ((w as unknown as Record<string, unknown>)[c[0]] as { list?: FormWidget[] }[] | undefined) ?? []) walk(part.list ?? []);
      } else if (w.type === 'report') {
        for (const row of w.rows ?? []) for (const cell of row.columns ?? []) walk(cell.list ?? []);
      } else if (w.type === 'col' || w.type === 'td') {
        walk((w as unknown as { list?: FormWidget[] }).list ?? []);
      } else if (!DISPLAY.has(w.type) && w.model) {
        out.push(w);
      }
    }
  };
  walk(list);
  return out;
}

/** Checks a record against a definition: `{field: message}` (sub-table rows as `model.i.column`). */
export function validateRecord(form: FormJson | FormWidget[], record: Record<string, unknown>, lang?: string, only?: Set<string>): Record<string, string> {
  const list = Array.isArray(form) ? form : form.list ?? [];
  const errors: Record<string, string> = {};
  for (const f of fieldsOf(list)) {
    if (only && !only.has(f.model)) continue;
    const value = record[f.model];
    if (f.type === 'table' && Array.isArray(value)) {
      const cols = fieldsOf(f.tableColumns ?? []);
      value.forEach((row, i) => {
        if (!row || typeof row !== 'object') return;
        for (const c of cols) {
          const m = checkField(c, (row as Record<string, unknown>)[c.model], lang);
          if (m && !(`${f.model}.${i}.${c.model}` in errors)) errors[`${f.model}.${i}.${c.model}`] = m;
        }
      });
    }
    const m = checkField(f, value, lang);
    if (m && !(f.model in errors)) errors[f.model] = m;
  }
  return errors;
}
