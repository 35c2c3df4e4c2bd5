import { http, type Page } from '@loom/ui';

export type Row = Record<string, unknown> & { id: string };

/** Online data of a form bound to a table (`/form/generate/*`, permissions `form:<code>:<action>`). */
export const generateService = {
  list: (formId: string, p: { current: number; size: number; orders: { column: string; asc: boolean }[]; params: Record<string, unknown> }) =>
    http.get<Page<Row>>('/form/generate/list', { formId, current: p.current, size: p.size, orders: p.orders, params: JSON.stringify(p.params) }),
  queryById: (formId: string, id: string) => http.get<Row>('/form/generate/queryById', { formId, id }),
  save: (formId: string, data: Record<string, unknown>) => http.post<string>('/form/generate/save', { formId, data: JSON.stringify(data) }, { silent: true }),
  remove: (formId: string, ids: string[]) => http.delete<string>('/form/generate/delete', { formId, ids: ids.join(',') }),
  /** The server's XLSX export: the ticked records or all the search finds, in the list's order. */
  exportUrl: '/form/generate/export',
  template: (formId: string, name: string) => http.download('/form/generate/importTemplate', { formId }, `${name}.xlsx`),
  importXlsx: (formId: string, file: File) => {
    const fd = new FormData();
    fd.append('file', file);
    return http.request<{ success: boolean; msg: string; count: number }>('/form/generate/import', { method: 'POST', params: { formId }, data: fd, silent: true });
  },
};
