import { Table } from 'antd';

/** Rows of a statement as a plain table (columns in the statement's order). */
export function ResultTable({ columns, rows }: { columns: string[]; rows: Array<Record<string, unknown>> }) {
  return (
    <Table
      className="loom-sql-result"
      size="small"
      rowKey={(_r, i) => String(i)}
      scroll={{ x: true, y: 360 }}
      pagination={{ pageSize: 50, showSizeChanger: false }}
      dataSource={rows.map((r, i) => ({ ...r, __row: i }))}
      columns={columns.map((c) => ({
        title: c,
        dataIndex: c,
        key: c,
        render: (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v)),
      }))}
    />
  );
}
