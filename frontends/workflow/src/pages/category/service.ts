import { http } from '@loom/ui';
import type { CategoryNode, CategoryRecord } from '../../api/types';

/** A process category (`/extension/actCategory/*`): a tree; models and definitions carry its name. */
export type ActCategory = CategoryNode;

export type ActCategoryRow = ActCategory & Record<string, unknown>;

/** Who may see, add, change (and move) and delete process categories. */
export const CATEGORY_P = { view: 'extension:actCategory:view', add: 'extension:actCategory:add', edit: 'extension:actCategory:edit', del: 'extension:actCategory:del' };

export const categoryService = {
  deleteUrl: '/extension/actCategory/delete',
  treeData: () => http.get<ActCategoryRow[]>('/extension/actCategory/treeData', undefined, { silent: true }).then((d) => (Array.isArray(d) ? d : [])),
  queryById: (id: string) => http.get<CategoryRecord & Record<string, unknown>>('/extension/actCategory/queryById', { id }),
  save: (c: Partial<ActCategory>) => http.post<string>('/extension/actCategory/save', c),
  remove: (id: string) => http.delete<string>('/extension/actCategory/delete', { ids: id }),
};
