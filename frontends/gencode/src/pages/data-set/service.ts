import { http } from '@loom/ui';
import type { DataSetMeta, DataSetPublic as DataSet, DataSetRun, DataSetSaved } from '../../api/types';

/** A parameter of the set as its editor edits it. */
export interface DataSetParam {
  field: string;
  type?: string;
  defaultValue?: string | null;
}

/** A column of the set as its editor edits it. */
export interface DataSetColumn {
  name: string;
  type?: string;
  label?: string | null;
  isNeed?: boolean;
}

/** A data set as its editor reads it (the OpenAPI's). */
export type { DataSetPublic as DataSet } from '../../api/types';

const base = '/database/datamodel';
/** The run fields of the editor's 解析 and 预览: the client's parallel `field` / `defaultValue` lists. */
function runBody(db: string, sql: string, params: DataSetParam[]) {
  return { db, sql, field: params.map((p) => p.field), defaultValue: params.map((p) => p.defaultValue ?? '') };
}

/** `/database/datamodel/...` (数据模型): data sets and their data. */
export const dataSetService = {
  listUrl: `${base}/dataSet/list`,
  deleteUrl: `${base}/dataSet/delete`,
  queryById: (id: string) => http.get<DataSet>(`${base}/dataSet/queryById`, { id }),
  save: (v: { id?: string | null; name: string; db: { id: string }; sqlcmd: string; params: DataSetParam[]; columnList: DataSetColumn[] }) => http.post<DataSetSaved>(`${base}/dataSet/save`, v),
  meta: (db: string, sql: string, params: DataSetParam[]) =>
    http.post<DataSetMeta>(`${base}/dataSet/getMeta`, runBody(db, sql, params), { loading: true }),
  exec: (db: string, sql: string, params: DataSetParam[]) =>
    http.post<DataSetRun>(`${base}/dataSet/exec`, runBody(db, sql, params), { loading: true }),
  /** The set's data URL for a report or another system (opens with the set's own token). */
  dataUrl: (id: string, format: 'json' | 'xml' | 'html', token: string) =>
    `${window.location.origin}/api${base}/dataSet/getData/${encodeURIComponent(id)}/${format}?token=${encodeURIComponent(token)}`,
};
