import { http } from '@loom/ui';
import type { Menu } from './types';

export const menuService = {
  treeData: () => http.get<Menu[]>('/sys/menu/treeData'),
  queryById: (id: string) => http.get<Menu>('/sys/menu/queryById', { id }),
  save: (m: Partial<Menu>) => http.post<string>('/sys/menu/save', m),
  deleteUrl: '/sys/menu/delete',
};
