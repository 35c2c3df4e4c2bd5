import { http } from '@loom/ui';
import type { DataSourceNode, DataSourcePublic as DataSource, DataSourceSave } from '../../api/types';

/** A data source as its list and form read it, the tree's node, and what a save sends (the OpenAPI's). */
export type { DataSourcePublic as DataSource, DataSourceNode } from '../../api/types';

const base = '/database/datalink/dataSource';
export const dataSourceService = {
  listUrl: `${base}/list`,
  deleteUrl: `${base}/delete`,
  queryById: (id: string) => http.get<DataSource>(`${base}/queryById`, { id }),
  save: (v: DataSourceSave) => http.post<string>(`${base}/save`, v),
  test: (v: DataSourceSave) => http.post<string>(`${base}/test`, v, { loading: true }),
  checkEnName: (enName: string, oldEnName: string) => http.get<boolean>(`${base}/checkEnName`, { enName, oldEnName }, { silent: true }),
  treeData: () => http.get<DataSourceNode[]>(`${base}/treeData`),
};
