import { http } from '@loom/ui';

/** A definition of the list, as `/flowable/process/list` answers it. */
export type { DefinitionPublic } from '../../api/types';

/** The definition list's calls (seed 001 §7 "Process service"). */
export const definitionService = {
  listUrl: '/flowable/process/list',
  suspend: (procDefId: string) => http.put<string>('/flowable/process/update/suspend', { procDefId }),
  activate: (procDefId: string) => http.put<string>('/flowable/process/update/active', { procDefId }),
  /** Deletes definition versions with their deployment, instances and history; the model and the other versions stay. */
  delete: (procDefIds: string) => http.delete<string>('/flowable/process/delete', { ids: procDefIds }),
};
