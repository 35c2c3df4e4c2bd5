import type { TablePublic } from '../../api/types';
import type { ModuleInfo } from './components/ModuleState';
/** A column of a table design (flags are '0'/'1' strings, seed §3). */
export interface GenColumn {
  id?: string | null;
  sort: number;
  name: string;
  comments: string;
  jdbcType: string;
  isPk: string;
  isNull: string;
  isInsert: string;
  isEdit: string;
  javaType: string;
  javaField: string;
  isForm: string;
  showType: string;
  dictType?: string;
  fieldLabels?: string;
  fieldKeys?: string;
  searchLabel?: string;
  searchKey?: string;
  validateType?: string;
  minLength?: string | null;
  maxLength?: string | null;
  minValue?: string | null;
  maxValue?: string | null;
  isList: string;
  isQuery: string;
  queryType: string;
  delFlag?: string;
  /** Client-side row key (never read by the server). */
  _key?: string;
}

export interface DataSourceRef {
  id: string;
  name?: string;
  type?: string;
}

/** A table design (seed §3 "Generated table"). */
export interface GenTable {
  id?: string;
  isSync?: string;
  name: string;
  dataSource: DataSourceRef;
  comments: string;
  idType: string;
  tableType: string;
  className: string;
  parentTable?: string;
  parentTableFk?: string;
  columnList: GenColumn[];
}

/** A design as the list shows it (the OpenAPI's), with its generated module at the app host (added
 * by the list, not gencode's answer). */
export type GenTableRow = TablePublic & { module?: ModuleInfo };

/** A choice of the wizard's lists, and the lists themselves (`GET /gencode/table/queryConfig`). */
export type { Choice as LabelValue, WizardConfig as QueryConfig } from '../../api/types';
