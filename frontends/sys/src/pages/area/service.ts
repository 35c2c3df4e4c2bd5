import { http } from '@loom/ui';
import type { Area } from './types';

export const areaService = {
  treeData: () => http.get<Area[]>('/sys/area/treeData'),
  queryById: (id: string) => http.get<Area>('/sys/area/queryById', { id }),
  save: (a: Partial<Area>) => http.post<string>('/sys/area/save', a),
  deleteUrl: '/sys/area/delete',
};
