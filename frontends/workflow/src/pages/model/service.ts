import { http } from '@loom/ui';

/** A model of the list, as `/flowable/model/list` answers it. */
export type { ModelPublic } from '../../api/types';

/** The model list's calls (seed 001 §7 "Model service"). */
export const modelService = {
  listUrl: '/flowable/model/list',
  copy: (id: string) => http.get<string>('/flowable/model/copy', { id }),
  deploy: (id: string, category?: string) => http.put<string>('/flowable/model/deploy', { id, category: category ?? '' }),
  updateCategory: (id: string, category: string) => http.put<string>('/flowable/model/updateCategory', { id, category }),
  delete: (ids: string) => http.delete<string>('/flowable/model/delete', { ids }),
};
