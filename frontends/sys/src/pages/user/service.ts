import { http } from '@loom/ui';
import type { UserDetail } from './types';

export const userService = {
  listUrl: '/sys/user/list',
  deleteUrl: '/sys/user/delete',
  queryById: (id: string) => http.get<UserDetail>('/sys/user/queryById', { id }),
  save: (u: Record<string, unknown>) => http.post<string>('/sys/user/save', u),
  setLoginFlag: (ids: string[], loginFlag: '0' | '1') => http.put<string>('/sys/user/updateLoginFlag', { ids: ids.join(','), loginFlag }),
  resetPassword: (id: string, newPassword: string) => http.put<string>('/sys/user/resetPassword', { id, newPassword }),
  loginNameFree: (loginName: string, oldLoginName?: string) =>
    http.get<boolean>('/sys/user/validateLoginName', { loginName, oldLoginName: oldLoginName ?? '' }, { silent: true }),
};
