import { http } from '@loom/ui';

/** A process category (`/extension/actCategory/*`): a tree; models and definitions carry its name. */
export interface ActCategory {
  id: string;
  parentId?: string;
  name: string;
  sort?: number;
  remarks?: string;
  children?: ActCategory[];
}

export const categoryService = {
  treeData: () => http.get<ActCategory[]>('/extension/actCategory/treeData', undefined, { silent: true }),
  queryById: (id: string) => http.get<ActCategory>('/extension/actCategory/queryById', { id }),
  save: (c: Partial<ActCategory>) => http.post<string>('/extension/actCategory/save', c),
  delete: (ids: string) => http.delete<string>('/extension/actCategory/delete', { ids }),
};
