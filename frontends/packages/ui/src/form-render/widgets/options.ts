import { useEffect, useState } from 'react';
import { getDictList } from '../../core/dict';
import { http } from '../../core/http';
import type { FormWidget, OptionItem } from '../types';

export interface Choice {
  value: string | number | boolean;
  label: string;
  children?: Choice[];
}

function mapTree(items: unknown[], props: FormWidget['options']['props']): Choice[] {
  const v = props?.value || 'value';
  const l = props?.label || 'label';
  const c = props?.children || 'children';
  return items.map((raw) => {
    const x = raw as Record<string, unknown>;
    const kids = Array.isArray(x[c]) ? mapTree(x[c] as unknown[], props) : undefined;
    const value = (x[v] ?? x.value) as Choice['value'];
    return { value, label: String(x[l] ?? x.label ?? value), ...(kids && kids.length ? { children: kids } : {}) };
  });
}

/** The list inside a remote answer: an array, or the `records` / `list` / `rows` / `data` of an object. */
export function listOf(answer: unknown): unknown[] {
  if (Array.isArray(answer)) return answer;
  const a = (answer ?? {}) as Record<string, unknown>;
  for (const k of ['records', 'list', 'rows', 'data']) if (Array.isArray(a[k])) return a[k] as unknown[];
  return [];
}

/**
 * The choices a remote data source answers, mapped with the widget's `props` (which field is the
 * value, the label and the children): `/sys/role/list` with props {value: 'id', label: 'name'}.
 */
export function remoteChoices(answer: unknown, props: FormWidget['options']['props']): Choice[] {
  return mapTree(listOf(answer), props);
}

/**
 * The URL a remote (2) widget loads its choices from: `remoteFunc` for the function type, else
 * `remoteOption` (or `dataUrl`). Only a URL is called (the designer's placeholder names
 * `func_…` / `option_…` are not).
 */
export function remoteUrl(o: FormWidget['options']): string | null {
  const url = String((o.remoteType === 'func' ? o.remoteFunc : o.remoteOption || o.dataUrl || o.remoteFunc) || '').trim();
  return /^(\/|https?:\/\/)/.test(url) ? url : null;
}

/**
 * The choices of a radio / checkbox / select / cascader: static (1), remote (2: a GET of the
 * configured URL through the portal's HTTP client, mapped with `props`) or dictionary (3).
 */
export function useChoices(w: FormWidget): Choice[] {
  const o = w.options ?? {};
  const remote = Number(o.remote ?? 1);
  const url = remote === 2 ? remoteUrl(o) : null;
  const propsKey = JSON.stringify(o.props ?? {});
  const [remoteItems, setRemoteItems] = useState<Choice[]>([]);
  useEffect(() => {
    if (!url) return;
    let alive = true;
    http
      .get<unknown>(url, undefined, { silent: true })
      .then((d) => alive && setRemoteItems(remoteChoices(d, o.props)))
      .catch(() => alive && setRemoteItems([]));
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url, propsKey]);
  if (remote === 3 || w.type === 'dict') return getDictList(String(o.dictType ?? '')).map((d) => ({ value: d.value, label: d.label }));
  if (remote === 2) return url ? remoteItems : [];
  return mapTree((o.options ?? []) as OptionItem[], { value: 'value', label: 'label', children: 'children' }).map((c) => (o.showLabel === false ? { ...c, label: String(c.value) } : c));
}
