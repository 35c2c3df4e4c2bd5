/** The answers of sys's HTTP API as its OpenAPI declares them (generated in `schema.gen.ts` by
 * `make clients`): pages name these instead of declaring an answer's shape by hand. */
import type { components } from './schema.gen';

type Schemas = components['schemas'];

export type PostPublic = Schemas['PostPublic'];
export type AreaNode = Schemas['AreaNode'];
export type AreaPublic = Schemas['AreaPublic'];
export type DictTypePublic = Schemas['DictTypePublic'];
export type DictValuePublic = Schemas['DictValuePublic'];
export type LogPublic = Schemas['LogPublic'];
export type OfficeNode = Schemas['OfficeNode'];
export type OfficePublic = Schemas['OfficePublic'];
export type PersonName = Schemas['PersonName'];
export type MenuNode = Schemas['MenuNode'];
export type MenuPublic = Schemas['MenuPublic'];
export type RolePublic = Schemas['RolePublic'];
export type RoleDetail = Schemas['RoleDetail'];
export type MenuGrantNode = Schemas['MenuGrantNode'];
export type DataRuleNode = Schemas['DataRuleNode'];
export type UserPublic = Schemas['UserPublic'];
export type UserDetail = Schemas['UserDetail'];
export type FileNode = Schemas['FileNode'];
export type FileItem = Schemas['FileItem'];
export type SysConfigSave = Schemas['SysConfigSave'];
export type ImportResult = Schemas['ImportResult'];
export type DataRulePublic = Schemas['DataRulePublic'];
export type CallerInfo = Schemas['CallerInfo'];
