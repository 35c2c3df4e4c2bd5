/** The answers of gencode's HTTP API as its OpenAPI declares them (generated in `schema.gen.ts` by
 * `make clients`): pages name these instead of declaring an answer's shape by hand. */
import type { components } from './schema.gen';

type Schemas = components['schemas'];

export type DataSetSaved = Schemas['DataSetSaved'];
export type DataSetMeta = Schemas['DataSetMeta'];
export type DataSetRun = Schemas['DataSetRun'];
export type TablesPage = Schemas['TablesPage'];
export type TableChanged = Schemas['TableChanged'];
export type Statement = Schemas['Statement'];
export type SqlResult = Schemas['SqlResult'];
export type DataSourcePublic = Schemas['DataSourcePublic'];
export type DataSourceSave = Schemas['DataSourceSave'];
export type DataSourceNode = Schemas['DataSourceNode'];
