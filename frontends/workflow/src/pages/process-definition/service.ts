import { http } from '@loom/ui';

export interface DefinitionRow extends Record<string, unknown> {
  id: string;
  key: string;
  name: string;
  version: number;
  category?: string;
  suspended: boolean;
  deploymentId?: string;
  deploymentTime?: string;
}

/** The definition list's calls (seed 001 §7 "Process service"). */
export const definitionService = {
  listUrl: '/flowable/process/list',
  suspend: (procDefId: string) => http.put<string>('/flowable/process/update/suspend', { procDefId }),
  activate: (procDefId: string) => http.put<string>('/flowable/process/update/active', { procDefId }),
  /** Deletes a process: its model with every deployed version, instance and history (the model service's delete). */
  async delete(key: string): Promise<string> {
    const page = await http.get<{ records: Array<{ id: string; key: string }> }>('/flowable/model/list', { filterText: key, size: -1 });
    const ids = page.records.filter((m) => m.key === key).map((m) => m.id);
    return http.delete<string>('/flowable/model/delete', { ids: ids.join(',') });
  },
};
