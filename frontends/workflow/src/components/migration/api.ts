import { http } from '@loom/ui';
import { definitionVersions } from '../../api/definitions';
import type { DefinitionPublic } from '../../api/types';
import type { DryRun, MigrationBatch, MigrationPlan, MigrationRequest } from './types';

export type Version = DefinitionPublic;

/** Instance migration's calls (`/flowable/migration/...`) and the versions of a process key. */
export const migrationApi = {
  versions: (key: string): Promise<Version[]> => definitionVersions(key),
  plan: (sourceDefinitionId: string, targetDefinitionId: string) =>
    http.get<MigrationPlan>('/flowable/migration/plan', { sourceDefinitionId, targetDefinitionId }),
  dryRun: (body: MigrationRequest) => http.post<DryRun>('/flowable/migration/dryRun', body),
  migrate: (body: MigrationRequest) => http.post<MigrationBatch>('/flowable/migration/migrate', body),
  batch: (id: string) => http.get<MigrationBatch>('/flowable/migration/batch', { id }),
};
