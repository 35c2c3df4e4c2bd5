/**
 * The palette: every widget type of seed 001 §3.2 in four groups, with the options a new widget
 * starts from (§3.2 type-specific defaults, §9 constants).
 */
import type { FormWidget, WidgetOptions, WidgetType } from '../render';

export type PaletteGroup = 'basic' | 'advanced' | 'layout' | 'custom';

export interface PaletteItem {
  type: WidgetType;
  group: PaletteGroup;
  icon: string;
}

export const PALETTE: PaletteItem[] = [
  { type: 'input', group: 'basic', icon: 'fa-solid fa-i-cursor' },
  { type: 'textarea', group: 'basic', icon: 'fa-solid fa-align-left' },
  { type: 'number', group: 'basic', icon: 'fa-solid fa-hashtag' },
  { type: 'radio', group: 'basic', icon: 'fa-regular fa-circle-dot' },
  { type: 'checkbox', group: 'basic', icon: 'fa-regular fa-square-check' },
  { type: 'time', group: 'basic', icon: 'fa-regular fa-clock' },
  { type: 'date', group: 'basic', icon: 'fa-regular fa-calendar' },
  { type: 'rate', group: 'basic', icon: 'fa-regular fa-star' },
  { type: 'color', group: 'basic', icon: 'fa-solid fa-palette' },
  { type: 'select', group: 'basic', icon: 'fa-solid fa-caret-down' },
  { type: 'switch', group: 'basic', icon: 'fa-solid fa-toggle-on' },
  { type: 'slider', group: 'basic', icon: 'fa-solid fa-sliders' },
  { type: 'text', group: 'basic', icon: 'fa-solid fa-font' },
  { type: 'html', group: 'basic', icon: 'fa-solid fa-code' },
  { type: 'imgupload', group: 'advanced', icon: 'fa-regular fa-image' },
  { type: 'fileupload', group: 'advanced', icon: 'fa-solid fa-upload' },
  { type: 'editor', group: 'advanced', icon: 'fa-solid fa-pen-to-square' },
  { type: 'cascader', group: 'advanced', icon: 'fa-solid fa-sitemap' },
  { type: 'selectTree', group: 'advanced', icon: 'fa-solid fa-folder-tree' },
  { type: 'user', group: 'advanced', icon: 'fa-solid fa-user' },
  { type: 'office', group: 'advanced', icon: 'fa-solid fa-building' },
  { type: 'role', group: 'advanced', icon: 'fa-solid fa-user-shield' },
  { type: 'area', group: 'advanced', icon: 'fa-solid fa-location-dot' },
  { type: 'dict', group: 'advanced', icon: 'fa-solid fa-book' },
  { type: 'table', group: 'layout', icon: 'fa-solid fa-table' },
  { type: 'grid', group: 'layout', icon: 'fa-solid fa-table-columns' },
  { type: 'tabs', group: 'layout', icon: 'fa-regular fa-folder' },
  { type: 'report', group: 'layout', icon: 'fa-solid fa-table-cells' },
  { type: 'divider', group: 'layout', icon: 'fa-solid fa-minus' },
  { type: 'blank', group: 'custom', icon: 'fa-regular fa-square' },
  { type: 'custom', group: 'custom', icon: 'fa-solid fa-puzzle-piece' },
  { type: 'component', group: 'custom', icon: 'fa-solid fa-cube' },
];

export const GROUPS: PaletteGroup[] = ['basic', 'advanced', 'layout', 'custom'];
export const CONTAINER_TYPES: WidgetType[] = ['grid', 'tabs', 'report', 'table'];
export const RANGE_DATE_TYPES = ['daterange', 'datetimerange', 'dates'];

const validation = (): WidgetOptions => ({
  required: false,
  requiredMessage: '',
  dataType: 'string',
  dataTypeCheck: false,
  dataTypeMessage: '',
  pattern: '',
  patternCheck: false,
  patternMessage: '',
  validator: '',
});
const common = (): WidgetOptions => ({
  width: '100%',
  span: 24,
  labelWidth: 100,
  isLabelWidth: false,
  hideLabel: false,
  hidden: false,
  readonly: false,
  disabled: false,
  customClass: '',
  dataBind: true,
  isShow: true,
  isSort: false,
  isSearch: false,
  ...validation(),
});
const choices = (): WidgetOptions => ({
  remote: 1,
  remoteType: 'option',
  remoteOption: '',
  remoteFunc: '',
  dictType: '',
  dataUrl: '',
  showLabel: true,
  props: { value: 'value', label: 'label', children: 'children' },
  options: [
    { value: '1', label: '选项1' },
    { value: '2', label: '选项2' },
    { value: '3', label: '选项3' },
  ],
});

/** The options a new widget of a type starts with. */
export function defaultOptions(type: WidgetType): WidgetOptions {
  switch (type) {
    case 'input':
      return { ...common(), defaultValue: '', placeholder: '', clearable: false, showPassword: false };
    case 'textarea':
      return { ...common(), defaultValue: '', placeholder: '', rows: 5 };
    case 'number':
      // no bound until the designer sets one (a count of 300 days is a number like any other)
      return { ...common(), defaultValue: 0, step: 1, controlsPosition: '', dataType: 'number' };
    case 'radio':
      return { ...common(), ...choices(), defaultValue: '', inline: true };
    case 'checkbox':
      return { ...common(), ...choices(), defaultValue: [], inline: true };
    case 'time':
      return { ...common(), defaultValue: '', placeholder: '', format: 'HH:mm:ss', arrowControl: true, isRange: false, clearable: true };
    case 'date':
      return { ...common(), defaultValue: '', placeholder: '', type: 'date', format: 'yyyy-MM-dd', timestamp: false, clearable: true };
    case 'rate':
      return { ...common(), defaultValue: 0, max: 5, allowHalf: false, showScore: false };
    case 'color':
      return { ...common(), defaultValue: '', showAlpha: false };
    case 'select':
      return { ...common(), ...choices(), defaultValue: '', multiple: false, clearable: true, filterable: false, placeholder: '' };
    case 'switch':
      return { ...common(), defaultValue: false, activeValue: 'true', inactiveValue: 'false', activeText: '', inactiveText: '' };
    case 'slider':
      return { ...common(), defaultValue: 0, min: 0, max: 100, step: 1, showInput: false, range: false };
    case 'text':
      return { ...common(), defaultValue: '文本', dataBind: false };
    case 'html':
      return { ...common(), defaultValue: '<b>HTML</b>', dataBind: false };
    case 'imgupload':
      return { ...common(), defaultValue: [], limit: 8, min: 0, size: { width: 100, height: 100 }, isDelete: true, isEdit: false, action: '/sys/file/webupload/upload?uploadPath=/formMaking', headers: [], tip: '' };
    case 'fileupload':
      return { ...common(), defaultValue: [], limit: 9, min: 0, action: '/sys/file/webupload/upload?uploadPath=/formMaking', headers: [], tip: '' };
    case 'editor':
      return { ...common(), defaultValue: '', height: 250, customToolbar: [] };
    case 'cascader':
      return { ...common(), ...choices(), defaultValue: [], clearable: true, filterable: false, placeholder: '', options: [{ value: '1', label: '选项1', children: [{ value: '11', label: '选项11' }] }] };
    case 'selectTree':
      return { ...common(), defaultValue: '', dataUrl: '/sys/office/treeData', multiple: false, isOnlySelectLeaf: false, props: { value: 'id', label: 'name', children: 'children' }, placeholder: '' };
    case 'user':
      return { ...common(), defaultValue: '', limit: 1, placeholder: '' };
    case 'office':
      return { ...common(), defaultValue: '', multiple: false, placeholder: '' };
    case 'role':
      return { ...common(), defaultValue: '', limit: 999999, placeholder: '' };
    case 'area':
      return { ...common(), defaultValue: '', placeholder: '' };
    case 'dict':
      return { ...common(), defaultValue: '', dictType: 'yes_no', remote: 3, multiple: false, placeholder: '' };
    case 'table':
      return { ...common(), defaultValue: [], width: '100%' };
    case 'grid':
      return { span: 24, gutter: 0, justify: 'start', align: 'top', flex: true, responsive: false, customClass: '', hidden: false };
    case 'tabs':
      return { span: 24, type: '', tabPosition: 'top', customClass: '', hidden: false };
    case 'report':
      return { span: 24, width: '100%', borderWidth: 1, borderColor: '#999', customClass: '', hidden: false };
    case 'divider':
      return { span: 24, defaultValue: '', contentPosition: 'center', customClass: '', hidden: false, dataBind: false };
    case 'blank':
      return { ...common(), defaultType: 'String', dataBind: true };
    case 'custom':
      // drawn by a registered component (the widget's `el`), bound to its model
      return { ...common(), defaultValue: '', dataBind: true };
    case 'component':
      return { ...common(), template: '<div></div>', dataBind: false };
    default:
      return { ...common() };
  }
}
