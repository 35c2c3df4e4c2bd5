/** The answers of forms' HTTP API as its OpenAPI declares them (generated in `schema.gen.ts` by
 * `make clients`): pages name these instead of declaring an answer's shape by hand. */
import type { components } from './schema.gen';

type Schemas = components['schemas'];

export type DefinitionPublic = Schemas['DefinitionPublic'];
export type VersionPublic = Schemas['VersionPublic'];
export type LabelledTree = Schemas['LabelledTree'];
export type MakePublic = Schemas['MakePublic'];
export type MakeBasicSaved = Schemas['MakeBasicSaved'];
export type TableRows = Schemas['TableRows'];
