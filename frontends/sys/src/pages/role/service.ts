import { http, type Page, type PickedUser } from '@loom/ui';
import type { MenuGrantNode, RoleDetail } from '../../api/types';

export const roleService = {
  listUrl: '/sys/role/list',
  deleteUrl: '/sys/role/delete',
  queryById: (id: string) => http.get<RoleDetail>('/sys/role/queryById', { id }),
  save: (r: Partial<RoleDetail>) => http.post<string>('/sys/role/save', r),
  authTree: () => http.get<MenuGrantNode[]>('/sys/menu/authTreeData'),
  members: (roleId: string, current: number, size: number) => http.get<Page<PickedUser>>('/sys/role/assign', { roleId, current, size }),
  addMembers: (roleId: string, userIds: string[]) => http.put<string>('/sys/role/addUserToRole', { roleId, userIds: userIds.join(',') }),
  removeMember: (roleId: string, userId: string) => http.delete<string>('/sys/role/removeUserFromRole', { roleId, userId }),
};
