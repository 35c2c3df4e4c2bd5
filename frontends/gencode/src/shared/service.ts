import { http } from '@loom/ui';

/** The calls every reference resource answers (seed §7 "Reference-data resources"). */
export function refService<T>(resource: string) {
  const base = `/gencode/${resource}`;
  return {
    listUrl: `${base}/list`,
    deleteUrl: `${base}/delete`,
    queryById: (id: string) => http.get<T>(`${base}/queryById`, { id }),
    save: (v: Partial<T>) => http.post<string>(`${base}/save`, v),
    remove: (ids: string[]) => http.delete<string>(`${base}/delete`, { ids: ids.join(',') }),
  };
}
