import { http, refreshDictMap } from '@loom/ui';
import type { DictType, DictValue } from './types';

export const dictService = {
  typeListUrl: '/sys/dict/type/list',
  queryById: (id: string) => http.get<DictType>('/sys/dict/queryById', { id }),
  save: async (d: Partial<DictType>) => {
    const msg = await http.post<string>('/sys/dict/save', d);
    void refreshDictMap().catch(() => undefined);
    return msg;
  },
  deleteTypes: async (ids: string[]) => {
    const msg = await http.delete<string>('/sys/dict/delete', { ids: ids.join(',') });
    void refreshDictMap().catch(() => undefined);
    return msg;
  },
  values: (dictTypeId: string) => http.get<DictValue[]>('/sys/dict/getDictValue', { dictTypeId }),
  queryValue: (dictValueId: string) => http.get<DictValue>('/sys/dict/queryDictValue', { dictValueId }),
  saveValue: async (v: Partial<DictValue>) => {
    const msg = await http.post<string>('/sys/dict/saveDictValue', v);
    void refreshDictMap().catch(() => undefined);
    return msg;
  },
  deleteValues: async (ids: string[]) => {
    const msg = await http.delete<string>('/sys/dict/deleteDictValue', { ids: ids.join(',') });
    void refreshDictMap().catch(() => undefined);
    return msg;
  },
};
