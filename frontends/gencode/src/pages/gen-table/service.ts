import { http, saveBlob, type QueryObject } from '@loom/ui';
import type {
  CustomObjSave,
  Folder as FileNode,
  GenCodeForm,
  LicensedTables,
  PhysicalTables,
  RenderedFile,
  Resolution,
  SchemeSave as Scheme,
  SyncPreview,
  TableDetail,
  WizardConfig,
} from '../../api/types';
import type { GenTable } from './types';

/** The scheme the generate dialog edits and sends, and the answers the table screens read (the OpenAPI's). */
export type { SchemeSave as Scheme, SyncPreview, Folder as FileNode } from '../../api/types';

const base = '/gencode/table';
export const tableService = {
  list: (params: QueryObject) => http.get<LicensedTables>(`${base}/list`, params),
  queryById: (id: string) => http.get<TableDetail>(`${base}/queryById`, { id }),
  queryConfig: () => http.get<WizardConfig>(`${base}/queryConfig`),
  save: (t: GenTable) => http.post<string>(`${base}/save`, t, { loading: true }),
  remove: (ids: string[]) => http.delete<string>(`${base}/delete`, { ids: ids.join(',') }, { loading: true }),
  deleteDb: (id: string) => http.delete<string>(`${base}/deleteDb`, { id }, { loading: true }),
  synchDb: (id: string, isForce: string) => http.post<string>(`${base}/synchDb`, { id, isForce }, { form: true, loading: true }),
  syncPreview: (id: string, isForce: string) => http.get<SyncPreview>(`${base}/syncPreview`, { id, isForce }, { silent: true }),
  importTableData: (name: string, enName: string) => http.get<PhysicalTables>(`${base}/importTableData`, { name, 'dataSource.enName': enName }),
  saveTableFromDB: (names: string[], dataSourceId: string) =>
    http.post<string>(`${base}/saveTableFromDB`, { name: names.join(','), 'dataSource.id': dataSourceId }, { form: true, loading: true }),
  queryGenCodeForm: (tableId: string) => http.get<GenCodeForm>(`${base}/queryGenCodeForm`, { tableId }),
  genCode: (s: Scheme & { resolutions?: Record<string, Resolution> }) => http.post<string>(`${base}/genCode`, s, { loading: true }),
  previewCode: (s: Scheme) => http.post<RenderedFile[]>(`${base}/previewCode`, s, { loading: true }),
  async downloadCode(s: Scheme, fallbackName: string): Promise<void> {
    const blob = await http.request<Blob>(`${base}/downloadCode`, { method: 'POST', data: s, responseType: 'blob', loading: true });
    saveBlob(blob, `${fallbackName}.zip`);
  },
  getFormUrl: (tableId: string) => http.get<string>(`${base}/getFormUrl`, { tableId }),
  getFileTree: (parentNode: string) => http.get<FileNode[]>('/gencode/scheme/getFileTree', { parentNode }),
  createMenu: (data: Record<string, string>) => http.post<string>('/gencode/scheme/createMenu', data, { form: true, loading: true }),
  addCustomObj: (tableId: string, tableType: string) => http.post<string>('/gencode/customObj/add', { tableId, tableType }, { form: true, loading: true }),
  customObjByValue: (value: string) => http.get<CustomObjSave>('/gencode/customObj/getByValue', { value }),
};
