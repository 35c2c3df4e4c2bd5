import { http, saveBlob, type Page, type QueryObject } from '@loom/ui';
import type { GenTable, QueryConfig } from './types';
import type { RenderedFile } from './components/CodePreview';

/** The list answers an envelope (docs/wire.md): `{code:200, result}` or `{code:700|710, msg, serial}`. */
export interface ListEnvelope<T> {
  code: number;
  result?: Page<T>;
  msg?: string;
  serial?: string;
}

export interface Scheme {
  id?: string;
  table?: { id: string };
  projectPath?: string;
  frontProjectPath?: string;
  category?: string;
  packageName?: string;
  moduleName?: string;
  subModuleName?: string;
  functionName?: string;
  functionNameSimple?: string;
  functionAuthor?: string;
}

export interface GenCodeForm {
  scheme: Scheme;
  templateGroupList: Array<{ id: string; name: string }>;
  tableList: Array<{ name: string; nameAndComments?: string }>;
}

export interface SyncPreview {
  statements: Array<{ sql: string; lossy: boolean; note?: string }>;
  lossy: boolean;
}

export interface FileNode {
  id: string;
  value?: string;
  label: string;
  name?: string;
  relative?: string;
  isLeaf?: boolean;
  [extra: string]: unknown;
}

const base = '/gencode/table';
export const tableService = {
  list: <T>(params: QueryObject) => http.get<ListEnvelope<T>>(`${base}/list`, params),
  queryById: (id: string) => http.get<GenTable>(`${base}/queryById`, { id }),
  queryConfig: () => http.get<QueryConfig>(`${base}/queryConfig`),
  save: (t: GenTable) => http.post<string>(`${base}/save`, t, { loading: true }),
  remove: (ids: string[]) => http.delete<string>(`${base}/delete`, { ids: ids.join(',') }, { loading: true }),
  deleteDb: (id: string) => http.delete<string>(`${base}/deleteDb`, { id }, { loading: true }),
  synchDb: (id: string, isForce: string) => http.post<string>(`${base}/synchDb`, { id, isForce }, { form: true, loading: true }),
  syncPreview: (id: string, isForce: string) => http.get<SyncPreview>(`${base}/syncPreview`, { id, isForce }, { silent: true }),
  importTableData: (name: string, enName: string) => http.get<{ rows: Array<{ name: string; comments?: string }> }>(`${base}/importTableData`, { name, 'dataSource.enName': enName }),
  saveTableFromDB: (names: string[], dataSourceId: string) =>
    http.post<string>(`${base}/saveTableFromDB`, { name: names.join(','), 'dataSource.id': dataSourceId }, { form: true, loading: true }),
  queryGenCodeForm: (tableId: string) => http.get<GenCodeForm>(`${base}/queryGenCodeForm`, { tableId }),
  genCode: (s: Scheme & { resolutions?: Record<string, 'mine' | 'generated'> }) => http.post<string>(`${base}/genCode`, s, { loading: true }),
  previewCode: (s: Scheme) => http.post<RenderedFile[]>(`${base}/previewCode`, s, { loading: true }),
  async downloadCode(s: Scheme, fallbackName: string): Promise<void> {
    const blob = await http.request<Blob>(`${base}/downloadCode`, { method: 'POST', data: s, responseType: 'blob', loading: true });
    saveBlob(blob, `${fallbackName}.zip`);
  },
  getFormUrl: (tableId: string) => http.get<string>(`${base}/getFormUrl`, { tableId }),
  getFileTree: (parentNode: string) => http.get<FileNode[]>('/gencode/scheme/getFileTree', { parentNode }),
  createMenu: (data: Record<string, string>) => http.post<string>('/gencode/scheme/createMenu', data, { form: true, loading: true }),
  addCustomObj: (tableId: string, tableType: string) => http.post<string>('/gencode/customObj/add', { tableId, tableType }, { form: true, loading: true }),
  customObjByValue: (value: string) => http.get<{ customFieldDTOList?: Array<{ name: string; remarks?: string }> }>('/gencode/customObj/getByValue', { value }),
};
