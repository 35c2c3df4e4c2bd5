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
  categories: () => http.get<Category[]>('/extension/formCategory/treeData'),
  saveCategory: (v: { name: string; parent?: { id: string } }) => http.post<string>('/extension/formCategory/save', v),
  queryById: (id: string) => http.get<FormDefinition>('/extension/formDefinition/queryById', { id }),
  save: (v: Partial<FormDefinition> & { json?: string }) => http.post<string>('/extension/formDefinition/save', v),
  versions: (id: string) => http.get<Page<FormVersion>>('/extension/formDefinitionJson/list', { 'formDefinition.id': id, current: 1, size: -1 }),
  version: (id: string) => http.get<FormVersion>('/extension/formDefinitionJson/queryById', { id }),
  /** Updates a version's JSON (`id`) or adds the next version (`formDefinition.id`). */
  saveVersion: (v: { id?: string; formDefinition?: { id: string }; json: string }) => http.post<FormVersion>('/extension/formDefinitionJson/save', v),
  setPrimary: (id: string) => http.put<string>('/extension/formDefinitionJson/updatePrimary', { id }),
};
