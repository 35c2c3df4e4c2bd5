import { http } from '@loom/ui';
import type { AreaPublic } from '../../api/types';
import type { Area } from './types';

export const areaService = {
  treeData: () => http.get<Area[]>('/sys/area/treeData'),
  queryById: (id: string) => http.get<AreaPublic>('/sys/area/queryById', { id }),
  save: (a: Partial<AreaPublic>) => http.post<string>('/sys/area/save', a),
  deleteUrl: '/sys/area/delete',
};
