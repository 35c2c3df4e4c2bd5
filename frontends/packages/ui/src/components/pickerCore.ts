import { useCallback, useEffect, useRef, useState } from 'react';
import type { TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { http, type Page } from '../core/http';
import type { QueryObject } from '../core/qs';
import { toOrders, type Order } from './rules';

/** Paged loading shared by the picker dialogs. */
export function usePagedList<T>(url: string, sortKeys: Record<string, string>, open: boolean, size0 = 10) {
  const [rows, setRows] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState(size0);
  const [orders, setOrders] = useState<Order[]>([]);
  const [query, setQuery] = useState<QueryObject>({});
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);

  const load = useCallback(
    async (over: { current?: number; size?: number; orders?: Order[]; query?: QueryObject } = {}) => {
      const c = over.current ?? current;
      const s = over.size ?? size;
      const o = over.orders ?? orders;
      const q = over.query ?? query;
      const my = ++seq.current;
      setLoading(true);
      try {
        const page = await http.get<Page<T>>(url, { ...q, current: c, size: s, orders: o.map((x) => ({ column: x.column, asc: x.asc })) });
        if (my !== seq.current) return;
        setRows(page?.records ?? []);
        setTotal(page?.total ?? 0);
        setCurrent(page?.current ?? c);
      } catch {
        if (my === seq.current) setRows([]);
      } finally {
        if (my === seq.current) setLoading(false);
      }
    },
    [url, current, size, orders, query],
  );

  useEffect(() => {
    if (open) void load({ current: 1 });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const search = (q: QueryObject) => {
    setQuery(q);
    setCurrent(1);
    void load({ query: q, current: 1 });
  };

  const onTableChange = (p: TablePaginationConfig, _f: unknown, sorter: SorterResult<T> | SorterResult<T>[]) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = s?.field;
    const key = Array.isArray(field) ? field.join('.') : field != null ? String(field) : '';
    const o = key && s?.order ? toOrders({ [key]: s.order }, sortKeys) : [];
    const nc = p.current ?? 1;
    const ns = p.pageSize ?? size;
    setOrders(o);
    setCurrent(nc);
    setSize(ns);
    void load({ current: nc, size: ns, orders: o });
  };

  return { rows, total, current, size, loading, search, onTableChange, query, reload: () => load() };
}

/** Keeps the chosen items across pages (by id). */
export function useChosen<T extends { id: string }>(initial: T[], open: boolean) {
  const [chosen, setChosen] = useState<T[]>(initial);
  useEffect(() => {
    if (open) setChosen(initial);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  /** Applies the selection of the current page: rows ticked on it are added, unticked ones removed. */
  const applyPage = (pageRows: T[], tickedIds: string[], single: boolean) => {
    if (single) {
      const hit = pageRows.find((r) => tickedIds.includes(r.id));
      setChosen(hit ? [hit] : []);
      return;
    }
    setChosen((prev) => {
      const pageIds = new Set(pageRows.map((r) => r.id));
      const keep = prev.filter((p) => !pageIds.has(p.id) || tickedIds.includes(p.id));
      const add = pageRows.filter((r) => tickedIds.includes(r.id) && !keep.some((k) => k.id === r.id));
      return [...keep, ...add];
    });
  };
  const remove = (id: string) => setChosen((prev) => prev.filter((p) => p.id !== id));
  return { chosen, setChosen, applyPage, remove };
}
