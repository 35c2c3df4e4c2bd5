import { http, type Page } from '@loom/ui';
import type { DryRun, MigrationBatch, MigrationPlan, MigrationRequest } from './types';

export interface Version {
  id: string;
  key: string;
  version: number;
}

/** Instance migration's calls (`/flowable/migration/...`) and the versions of a process key. */
export const migrationApi = {
  versions: async (key: string): Promise<Version[]> => {
    const page = await http.get<Page<Version>>('/flowable/process/list', { name: key, allVersions: '1', current: 1, size: -1 });
    return page.records.filter((r) => r.key === key).sort((a, b) => b.version - a.version);
  },
  plan: (sourceDefinitionId: string, targetDefinitionId: string) =>
    http.get<MigrationPlan>('/flowable/migration/plan', { sourceDefinitionId, targetDefinitionId }),
  dryRun: (body: MigrationRequest) => http.post<DryRun>('/flowable/migration/dryRun', body),
  migrate: (body: MigrationRequest) => http.post<MigrationBatch>('/flowable/migration/migrate', body),
  batch: (id: string) => http.get<MigrationBatch>('/flowable/migration/batch', { id }),
};
