import { Table } from 'antd';
import { getDictLabel } from '../core/dict';
import { i18n } from '../core/i18n';
import { NamedIds, type NamedKind } from '../components/PickerField';
import type { FormWidget, OptionItem } from './types';

/** Widgets whose value is the id of a user, role, post or office: shown by name. */
const NAMED: Partial<Record<string, NamedKind>> = { user: 'user', role: 'role', post: 'post', office: 'office' };

const TRUE = /^(true|1|yes|on)$/i;

/** The values of a stored value: an array as it is, a comma list of a multiple widget split. */
function valuesOf(w: FormWidget, v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  if (typeof v === 'string' && (w.options?.multiple || w.type === 'checkbox') && v.includes(',')) return v.split(',');
  return [v];
}

function optionLabel(options: OptionItem[] | undefined, v: unknown): string | null {
  const walk = (items: OptionItem[]): string | null => {
    for (const o of items) {
      if (String(o.value) === String(v)) return String(o.label ?? o.value);
      const kids = (o as { children?: OptionItem[] }).children;
      const hit = Array.isArray(kids) ? walk(kids) : null;
      if (hit) return hit;
    }
    return null;
  };
  return Array.isArray(options) ? walk(options) : null;
}

/** A switch's value as its text: the widget's own active/inactive text, else 是/否. */
function switchText(w: FormWidget, v: unknown): string {
  const o = w.options ?? {};
  const on = o.activeValue != null && o.activeValue !== '' ? String(v) === String(o.activeValue) : TRUE.test(String(v));
  const own = on ? o.activeText : o.inactiveText;
  return own ? String(own) : i18n.t(on ? 'yes' : 'no', { ns: 'ui' });
}

/**
 * A stored value as a person reads it, without asking the server: dictionary and option labels,
 * a switch's 是/否 (whatever spelling stored it: `1`, `true`, `True`), file names, lists joined with
 * "、". Ids of users and offices stay ids here (`FieldValue` names them); a sub-table is its row count.
 */
export function valueText(w: FormWidget, v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  const o = w.options ?? {};
  if (w.type === 'switch') return switchText(w, v);
  if (w.type === 'table') return Array.isArray(v) ? i18n.t('rows', { ns: 'formRender', count: v.length }) : String(v);
  const one = (x: unknown): string => {
    if (x === null || x === undefined) return '';
    if (typeof x === 'object') {
      const named = x as { name?: unknown; label?: unknown; url?: unknown };
      return String(named.name ?? named.label ?? named.url ?? JSON.stringify(x));
    }
    if (w.type === 'dict' || Number(o.remote) === 3) return getDictLabel(String(o.dictType ?? ''), x);
    if (['radio', 'checkbox', 'select', 'cascader'].includes(w.type)) return optionLabel(o.options as OptionItem[] | undefined, x) ?? String(x);
    if (typeof x === 'boolean') return i18n.t(x ? 'yes' : 'no', { ns: 'ui' });
    return String(x);
  };
  // a cascader's value is one path: its last label says it
  if (w.type === 'cascader' && Array.isArray(v)) return v.map(one).join(' / ');
  return valuesOf(w, v).map(one).filter((s) => s !== '').join('、');
}

/**
 * A stored value shown read-only wherever a form's data is listed (修改记录, the task page's data,
 * the online list): `valueText`, with users, roles, posts and offices named, and a sub-table's rows
 * as a small table of its columns.
 */
export function FieldValue({ widget, value }: { widget: FormWidget; value: unknown }) {
  if (value === null || value === undefined || value === '') return null;
  const kind = NAMED[widget.type];
  if (kind) return <NamedIds kind={kind} ids={Array.isArray(value) ? value.map(String) : String(value)} />;
  if (widget.type === 'table' && Array.isArray(value)) {
    const columns = (widget.tableColumns ?? []).filter((c) => c.model);
    return (
      <Table<Record<string, unknown> & { _i: number }>
        className="loom-field-value-table"
        size="small"
        bordered
        pagination={false}
        rowKey="_i"
        dataSource={(value as Array<Record<string, unknown>>).map((r, i) => ({ ...(r ?? {}), _i: i }))}
        columns={columns.map((c) => ({ title: c.name || c.model, key: c.model, render: (_v, r) => <FieldValue widget={c} value={r[c.model]} /> }))}
      />
    );
  }
  return <span className="loom-field-value">{valueText(widget, value)}</span>;
}
