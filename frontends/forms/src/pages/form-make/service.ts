import { http } from '@loom/ui';
import type { MakeBasicSaved, MakePublic, TableRows } from '../../api/types';

/** A form of the form maker (`/form/make/*`): the OpenAPI's answer. */
export type FormMake = MakePublic;

export const formMakeService = {
  listUrl: '/form/make/list',
  deleteUrl: '/form/make/delete',
  queryById: (id: string) => http.get<FormMake>('/form/make/queryById', { id }),
  saveBasicInfo: (v: Partial<FormMake>) => http.post<MakeBasicSaved>('/form/make/saveBasicInfo', v),
  save: (v: Partial<FormMake> & { source: string }) => http.post<FormMake>('/form/make/save', v),
  saveFormSource: (v: { id: string; tableName: string; autoCreate: '0' | '1'; dataSource?: { id: string } }) => http.post<string>('/form/make/saveFormSource', v),
  tables: (dataSourceName = 'master') => http.get<TableRows>('/form/make/getTableList', { dataSourceName }),
  tableFree: (tableName: string, dataSourceName = 'master') => http.get<boolean>('/form/make/validateTableNoExist', { tableName, dataSourceName }, { silent: true }),
  codeFree: (code: string, oldCode = '') => http.get<boolean>('/form/make/validateKeyNoExist', { code, oldCode }, { silent: true }),
  createMenu: (v: { formId: string; 'parent.id': string; name: string; icon?: string }) => http.post<string>('/form/make/createMenu', v, { form: true }),
};
