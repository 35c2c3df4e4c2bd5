import { http } from '@loom/ui';

export interface DataSource extends Record<string, unknown> {
  id: string;
  enName: string;
  name: string;
  dbType: string;
  host?: string;
  port?: number;
  dbName?: string;
  username?: string;
  password?: string;
  options?: string;
  remarks?: string;
}

/** A node of `/database/datalink/dataSource/treeData`: a root `{type:'db'}` with data sources as children. */
export interface DataSourceNode {
  id: string;
  label: string;
  name?: string;
  enName?: string;
  dbType?: string;
  type?: string;
  children?: DataSourceNode[];
}

const base = '/database/datalink/dataSource';
export const dataSourceService = {
  listUrl: `${base}/list`,
  deleteUrl: `${base}/delete`,
  queryById: (id: string) => http.get<DataSource>(`${base}/queryById`, { id }),
  save: (v: Partial<DataSource>) => http.post<string>(`${base}/save`, v),
  test: (v: Partial<DataSource>) => http.post<string>(`${base}/test`, v, { loading: true }),
  checkEnName: (enName: string, oldEnName: string) => http.get<boolean>(`${base}/checkEnName`, { enName, oldEnName }, { silent: true }),
  treeData: () => http.get<DataSourceNode[]>(`${base}/treeData`),
};
