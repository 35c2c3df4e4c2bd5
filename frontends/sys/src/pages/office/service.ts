import { http } from '@loom/ui';
import type { OfficePublic } from '../../api/types';
import type { Office } from './types';

export const officeService = {
  treeData: () => http.get<Office[]>('/sys/office/treeData', { showAll: '1' }),
  queryById: (id: string) => http.get<OfficePublic>('/sys/office/queryById', { id }),
  save: (o: Partial<OfficePublic>) => http.post<string>('/sys/office/save', o),
  deleteUrl: '/sys/office/delete',
};
