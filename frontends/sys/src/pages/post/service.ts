import { http } from '@loom/ui';
import type { Post } from './types';

export const postService = {
  queryById: (id: string) => http.get<Post>('/sys/post/queryById', { id }),
  save: (p: Partial<Post>) => http.post<string>('/sys/post/save', p),
  deleteUrl: '/sys/post/delete',
  listUrl: '/sys/post/list',
};
