/** The answers of gencode's HTTP API as its OpenAPI declares them (generated in `schema.gen.ts` by
 * `make clients`): pages name these instead of declaring an answer's shape by hand. */
import type { components } from './schema.gen';

type Schemas = components['schemas'];

export type DataSetSaved = Schemas['DataSetSaved'];
export type DataSetMeta = Schemas['DataSetMeta'];
export type DataSetRun = Schemas['DataSetRun'];
export type TablesPage = Schemas['TablesPage'];
export type TableName = Schemas['TableName'];
export type TableChanged = Schemas['TableChanged'];
export type Statement = Schemas['Statement'];
export type SqlResult = Schemas['SqlResult'];
export type DataSourcePublic = Schemas['DataSourcePublic'];
export type DataSourceSave = Schemas['DataSourceSave'];
export type DataSourceNode = Schemas['DataSourceNode'];
export type LicensedTables = Schemas['LicensedTables'];
export type TablePublic = Schemas['TablePublic'];
export type TableDetail = Schemas['TableDetail'];
export type ColumnPublic = Schemas['ColumnPublic'];
export type TableSave = Schemas['TableSave'];
export type WizardConfig = Schemas['WizardConfig'];
export type Choice = Schemas['Choice'];
export type GenCodeForm = Schemas['GenCodeForm'];
export type SchemeSave = Schemas['SchemeSave'];
export type SyncPreview = Schemas['SyncPreview'];
export type Folder = Schemas['Folder'];
export type PhysicalTables = Schemas['PhysicalTables'];
export type CustomObjSave = Schemas['CustomObjSave'];
export type TableForm = Schemas['TableForm'];
export type DataSetPublic = Schemas['DataSetPublic'];
export type TableDescribed = Schemas['TableDescribed'];
export type ColumnDescribed = Schemas['ColumnDescribed'];
export type PhysicalTable = Schemas['PhysicalTable'];
export type LabelValuePublic = Schemas['LabelValuePublic'];
export type ShowTypePublic = Schemas['ShowTypePublic'];
export type DataBaseTypePublic = Schemas['DataBaseTypePublic'];
export type TableFieldTypePublic = Schemas['TableFieldTypePublic'];
export type CustomObjPublic = Schemas['CustomObjPublic'];
export type CustomFieldPublic = Schemas['CustomFieldPublic'];
export type CodeParamPublic = Schemas['CodeParamPublic'];
export type TemplateGroupPublic = Schemas['TemplateGroupPublic'];
export type TemplateObjPublic = Schemas['TemplateObjPublic'];
export type RenderedFile = Schemas['RenderedFile'];
export type FileStatus = Schemas['FileStatus'];
export type Resolution = Schemas['Resolution'];
