import { http, type Page } from '@loom/ui';
import type { DefinitionPublic, LabelledTree, VersionPublic } from '../../api/types';

/** A version of a process form, a process form with its primary version, and a category with
 * the categories below it: the OpenAPI's answers. */
export type FormVersion = VersionPublic;
export type FormDefinition = DefinitionPublic;
export type Category = LabelledTree;

/** Process forms (`/extension/formDefinition*`, `/extension/formCategory/*`). */
export const definitionService = {
  listUrl: '/extension/formDefinition/list',
  deleteUrl: '/extension/formDefinition/delete',
  queryById: (id: string) => http.get<FormDefinition>('/extension/formDefinition/queryById', { id }),
  save: (v: Partial<FormDefinition> & { json?: string }) => http.post<string>('/extension/formDefinition/save', v),
  versions: (id: string) => http.get<Page<FormVersion>>('/extension/formDefinitionJson/list', { 'formDefinition.id': id, current: 1, size: -1 }),
  version: (id: string) => http.get<FormVersion>('/extension/formDefinitionJson/queryById', { id }),
  /** Updates a version's JSON (`id`) or adds the next version (`formDefinition.id`). */
  saveVersion: (v: { id?: string; formDefinition?: { id: string }; json: string }) => http.post<FormVersion>('/extension/formDefinitionJson/save', v),
  setPrimary: (id: string) => http.put<string>('/extension/formDefinitionJson/updatePrimary', { id }),
};

/** The form categories (`/extension/formCategory/*`) as the category sidebar reads and changes them. */
export const categoryResource = {
  url: '/extension/formCategory/treeData',
  treeData: () => http.get<Category[]>('/extension/formCategory/treeData'),
  queryById: (id: string) => http.get<Category>('/extension/formCategory/queryById', { id }),
  save: (v: Partial<Category> & { parentId: string }) => http.post<string>('/extension/formCategory/save', v),
  remove: (id: string) => http.delete<string>('/extension/formCategory/delete', { ids: id }),
};
