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

/** The choices of a radio / checkbox / select / cascader: static (1), remote URL (2) or dictionary (3). */
export function useChoices(w: FormWidget): Choice[] {
  const o = w.options ?? {};
  const remote = Number(o.remote ?? 1);
  const url = String(o.remoteOption || o.dataUrl || o.remoteFunc || '');
  const [remoteItems, setRemoteItems] = useState<Choice[]>([]);
  useEffect(() => {
    if (remote !== 2 || !url || !url.startsWith('/')) return;
    let alive = true;
    http
      .get<unknown>(url, undefined, { silent: true })
      .then((d) => {
        const list = Array.isArray(d) ? d : ((d as { records?: unknown[] })?.records ?? []);
        if (alive) setRemoteItems(mapTree(list, o.props));
      })
      .catch(() => alive && setRemoteItems([]));
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [remote, url]);
  if (remote === 3 || w.type === 'dict') return getDictList(String(o.dictType ?? '')).map((d) => ({ value: d.value, label: d.label }));
  if (remote === 2) return remoteItems;
  return mapTree((o.options ?? []) as OptionItem[], { value: 'value', label: 'label', children: 'children' }).map((c) => (o.showLabel === false ? { ...c, label: String(c.value) } : c));
}
