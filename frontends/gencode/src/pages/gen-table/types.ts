import type { ModulePublic } from '@loom/ui';
import type { ColumnPublic, TablePublic, TableSave } from '../../api/types';
/** A column the wizard edits: a design's column as `queryById` answers it (flags are '0'/'1'
 * strings, seed §3), a new one without its id yet, with the browser's row key (never sent). */
export type GenColumn = Omit<ColumnPublic, 'id'> & { id?: string | null; _key?: string };

/** A design as the wizard sends it to `save` (the OpenAPI's TableSave), with the wizard's columns. */
export type GenTable = Omit<TableSave, 'columnList'> & { columnList: GenColumn[] };

/** A design as the list shows it (the OpenAPI's), with its generated module at the app host (added
 * by the list, not gencode's answer). */
export type GenTableRow = TablePublic & { module?: ModulePublic };

/** A choice of the wizard's lists, and the lists themselves (`GET /gencode/table/queryConfig`). */
export type { Choice as LabelValue, WizardConfig as QueryConfig } from '../../api/types';
