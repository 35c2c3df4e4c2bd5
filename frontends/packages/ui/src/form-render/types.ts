/**
 * The form designer's JSON (seed 001 §3.2), the shape JeePlus's designer exports: a `list` of
 * widgets and a `config`. Containers keep their children where JeePlus keeps them: grid
 * `columns[].list`, tabs `tabs[].list`, report `rows[].columns[].list`, sub-table `tableColumns`.
 */

export type WidgetType =
  | 'input' | 'textarea' | 'number' | 'radio' | 'checkbox' | 'time' | 'date' | 'rate' | 'color' | 'select'
  | 'switch' | 'slider' | 'imgupload' | 'cascader' | 'selectTree' | 'editor' | 'blank' | 'component' | 'custom'
  | 'text' | 'html' | 'fileupload' | 'user' | 'role' | 'office' | 'area' | 'dict' | 'table' | 'grid' | 'col'
  | 'td' | 'tabs' | 'report' | 'divider';

/** A static option of radio, checkbox, select and cascader (`props` may rename value/label/children). */
export interface OptionItem {
  value: string | number | boolean;
  label?: string;
  children?: OptionItem[];
}

/** Options of a widget: the common ones of §3.2 plus the type-specific ones; unknown keys are kept. */
export interface WidgetOptions {
  width?: string;
  height?: string | number;
  size?: string | { width: number; height: number };
  labelWidth?: number;
  isLabelWidth?: boolean;
  hideLabel?: boolean;
  placeholder?: string;
  defaultValue?: unknown;
  defaultType?: string;
  min?: number;
  max?: number;
  step?: number;
  multiple?: boolean;
  filterable?: boolean;
  clearable?: boolean;
  /** 1 static, 2 remote (a URL), 3 dictionary. */
  remote?: number | string | boolean;
  remoteType?: 'option' | 'func';
  remoteOption?: string;
  remoteFunc?: string;
  options?: OptionItem[];
  props?: { value?: string; label?: string; children?: string };
  dictType?: string;
  showLabel?: boolean;
  limit?: number;
  tip?: string;
  action?: string;
  headers?: { key: string; value: string }[];
  format?: string;
  type?: string;
  timestamp?: boolean;
  isRange?: boolean;
  gutter?: number;
  justify?: string;
  align?: string;
  span?: number;
  xs?: number;
  sm?: number;
  md?: number;
  lg?: number;
  xl?: number;
  offset?: number;
  push?: number;
  pull?: number;
  customClass?: string;
  dataBind?: boolean;
  hidden?: boolean;
  readonly?: boolean;
  disabled?: boolean;
  editable?: boolean;
  required?: boolean;
  requiredMessage?: string;
  dataType?: string;
  dataTypeCheck?: boolean;
  dataTypeMessage?: string;
  pattern?: string;
  patternCheck?: boolean;
  patternMessage?: string;
  /** A fixed validator of the shared table (libs/form-rules validators.json), by name. */
  validator?: string;
  isShow?: boolean;
  isSort?: boolean;
  isSearch?: boolean;
  dataUrl?: string;
  isOnlySelectLeaf?: boolean;
  showPassword?: boolean;
  allowHalf?: boolean;
  showAlpha?: boolean;
  activeValue?: string;
  inactiveValue?: string;
  activeText?: string;
  inactiveText?: string;
  showInput?: boolean;
  range?: boolean;
  contentPosition?: 'left' | 'center' | 'right';
  tabPosition?: 'top' | 'left' | 'right' | 'bottom';
  rows?: number;
  // report cells and report tables
  colspan?: number;
  rowspan?: number;
  invisible?: boolean;
  markCol?: boolean;
  markRow?: boolean;
  valign?: string;
  borderWidth?: number;
  borderColor?: string;
  [key: string]: unknown;
}

export interface Rule {
  required?: boolean;
  validator?: string;
  type?: string;
  pattern?: string;
  message?: string | Record<string, string>;
}

export interface FormWidget {
  type: WidgetType;
  key: string;
  model: string;
  name: string;
  icon?: string;
  options: WidgetOptions;
  rules?: Rule[];
  novalid?: Record<string, unknown>;
  remoteFunc?: string;
  remoteOption?: string;
  tableName?: string;
  primaryKey?: string;
  foreignKey?: string;
  dsId?: string;
  enName?: string;
  /** custom: the name of the registered component that draws it (`registerFormComponent`) */
  el?: string;
  /** grid */
  columns?: GridColumn[];
  /** tabs */
  tabs?: TabPane[];
  /** table (sub-table) */
  tableColumns?: FormWidget[];
  /** report */
  rows?: ReportRow[];
}

export interface GridColumn {
  type: 'col';
  key: string;
  list: FormWidget[];
  options: WidgetOptions;
}

export interface TabPane {
  name: string;
  label: string;
  list: FormWidget[];
}

export interface ReportCell {
  type: 'td';
  key: string;
  list: FormWidget[];
  options: WidgetOptions;
}

export interface ReportRow {
  columns: ReportCell[];
}

/** A jump link of the online list (§3.2 "Action"). */
export interface FormAction {
  name: string;
  link: string;
  paramKey?: string;
  paramValue?: string;
  /** 1 toolbar, 2 operation column. */
  position?: string[];
  auth?: string;
}

export interface FormConfig {
  labelWidth: number;
  labelPosition: 'left' | 'right' | 'top';
  size: 'medium' | 'small' | 'mini';
  customClass?: string;
  customJs?: string;
  eventType?: string;
  ui?: string;
  layout?: 'horizontal' | 'vertical';
  labelCol?: number;
  actions?: FormAction[];
  width?: string;
  hideLabel?: boolean;
  hideErrorMessage?: boolean;
  styleSheets?: string;
  [key: string]: unknown;
}

export interface FormJson {
  list: FormWidget[];
  config: FormConfig;
}

/** Per-field flags of a process node (seed 001 §3.1 "Form property"). */
export interface FieldPermission {
  readable?: boolean | string;
  writable?: boolean | string;
  /** A sub-table's rows: whether the node may add rows / delete rows (default true). */
  addable?: boolean | string;
  deletable?: boolean | string;
}

export const DEFAULT_CONFIG: FormConfig = {
  labelWidth: 100,
  labelPosition: 'right',
  size: 'small',
  customClass: '',
  customJs: '',
  eventType: '1',
  ui: 'antd',
  layout: 'horizontal',
  labelCol: 3,
  actions: [],
  width: '100%',
  hideLabel: false,
  hideErrorMessage: false,
  styleSheets: '',
};

export function emptyForm(): FormJson {
  return { list: [], config: { ...DEFAULT_CONFIG, actions: [] } };
}
