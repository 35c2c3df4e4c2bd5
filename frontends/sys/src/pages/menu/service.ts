import { http } from '@loom/ui';
import type { MenuPublic } from '../../api/types';
import type { Menu } from './types';

export const menuService = {
  treeData: () => http.get<Menu[]>('/sys/menu/treeData'),
  queryById: (id: string) => http.get<MenuPublic>('/sys/menu/queryById', { id }),
  save: (m: Partial<MenuPublic>) => http.post<string>('/sys/menu/save', m),
  deleteUrl: '/sys/menu/delete',
};
