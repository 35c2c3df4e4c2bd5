import { http } from '@loom/ui';

export const logService = {
  listUrl: '/sys/log/list',
  mineUrl: '/sys/log/data/mine',
  deleteUrl: '/sys/log/delete',
  empty: () => http.delete<string>('/sys/log/empty'),
};
