import { http } from '@loom/ui';

export interface ModelRow extends Record<string, unknown> {
  id: string;
  key: string;
  name: string;
  category?: string;
  version?: number;
  lastUpdated?: string;
  procDef?: { id?: string; version?: number; suspended?: boolean };
}

/** The model list's calls (seed 001 §7 "Model service"). */
export const modelService = {
  listUrl: '/flowable/model/list',
  copy: (id: string) => http.get<string>('/flowable/model/copy', { id }),
  deploy: (id: string, category?: string) => http.put<string>('/flowable/model/deploy', { id, category: category ?? '' }),
  updateCategory: (id: string, category: string) => http.put<string>('/flowable/model/updateCategory', { id, category }),
  delete: (ids: string) => http.delete<string>('/flowable/model/delete', { ids }),
};
