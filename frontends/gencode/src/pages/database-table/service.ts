import { http } from '@loom/ui';
import type { ColumnDescribed, SqlResult, Statement, TableChanged, TableDescribed, TableForm, TablesPage } from '../../api/types';

/** The create and alter forms and their table, as the OpenAPI declares them. */
export type { TableDescribed as PhysicalTable, TableForm };
/** A column the table dialog edits: the database's column, or a new one without its old name. */
export type PhysicalColumn = Omit<ColumnDescribed, 'oldName'> & { oldName?: string };

/** What a change of a table and a statement answer: the OpenAPI's answers. */
export type { Statement };
export type Changed = TableChanged;
export type SqlAnswer = SqlResult;

const base = '/database/table';
/** `/database/table/...` (数据库管理): a data source's physical tables and its SQL. */
export const dbTableService = {
  list: (dataSourceId: string, name?: string) =>
    http.get<TablesPage>(`${base}/list`, { dataSourceId, name: name ?? '', size: -1 }),
  createForm: (dataSourceId: string) => http.get<TableForm>(`${base}/create`, { dataSourceId }),
  alterForm: (dataSourceId: string, name: string) => http.get<TableForm>(`${base}/alter`, { dataSourceId, name }),
  change: (create: boolean, body: Record<string, unknown>, opts?: { silent?: boolean }) =>
    http.post<Changed>(`${base}/${create ? 'create' : 'alter'}/do`, body, { loading: true, ...opts }),
  drop: (dataSourceId: string, tableName: string) => http.delete<string>(`${base}/drop`, { dataSourceId, tableName }),
  rows: (dataSourceId: string, name: string) => http.get<SqlAnswer>(`${base}/executeSql/${encodeURIComponent(name)}`, { dataSourceId }),
  execute: (dataSourceId: string, sql: string) =>
    http.post<SqlAnswer>(`${base}/executeSql/${encodeURIComponent(dataSourceId)}`, { sql }, { loading: true }),
};
