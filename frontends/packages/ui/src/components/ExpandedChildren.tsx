import { useEffect, useState } from 'react';
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { http } from '../core/http';

/** An expanded row that loads its parent with `queryById` and shows one of its nested lists. */
export function ExpandedChildren<R extends Record<string, unknown>>({ url, id, listKey, columns }: { url: string; id: string; listKey: string; columns: ColumnsType<R> }) {
  const [rows, setRows] = useState<R[] | null>(null);
  useEffect(() => {
    let alive = true;
    http
      .get<Record<string, unknown>>(url, { id })
      .then((d) => alive && setRows(((d?.[listKey] as R[]) ?? []).filter((r) => r.delFlag !== '1' && r.delFlag !== 1)))
      .catch(() => alive && setRows([]));
    return () => {
      alive = false;
    };
  }, [url, id, listKey]);
  return <Table<R> size="small" bordered loading={rows === null} rowKey={(r) => String(r.id)} dataSource={rows ?? []} columns={columns} pagination={false} className="loom-expanded-children" />;
}
