/** Instance migration's answers as workflow's OpenAPI declares them (`make clients`). */
import type { components } from '../../api/schema.gen';

type Schemas = components['schemas'];

export type MigrationPlan = Schemas['MigrationPlanPublic'];
export type NodeMapping = Schemas['NodeMappingPublic'];
export type MigrationNode = Schemas['MigrationNodePublic'];
export type MigrationRequest = Schemas['MigrationRequest'];
export type DryRun = Schemas['DryRunPublic'];
export type InstanceOutcome = Schemas['InstanceOutcome'];
export type MigrationBatch = Schemas['MigrationBatchPublic'];
export type TaskState = Schemas['TaskStatePublic'];
