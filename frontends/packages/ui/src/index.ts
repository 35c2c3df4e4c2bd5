/**
 * @loom/ui — shared building blocks of the Loom portal. See ../README.md.
 */
export * from './core';
export * from './components/rules';
export * from './components/feedback';
export * from './components/exporting';
export { Permission, type PermissionProps } from './components/Permission';
export { LabelLink, type LabelLinkProps } from './components/LabelLink';
export { DictTag, DictSelect, DictRadio, DictTypeSelect, type DictTagProps, type DictSelectProps, type DictRadioProps } from './components/Dict';
export {
  ListPage,
  type ListColumn,
  type ListPageProps,
  type ListPageHandle,
  type ListParams,
  type ListPagePermissions,
  type ListRowAction,
  type ListRowActions,
  type StandardRowAction,
  type ListToolbarContext,
} from './components/ListPage';
export { FormDialog, useFormDialog, type FormDialogProps, type FormMode, type DialogState } from './components/FormDialog';
export { LoomTreeSelect, useLoadingDots, type LoomTreeSelectProps, type TreeFieldNames } from './components/TreeSelect';
export { UserPickerDialog, type UserPickerDialogProps, type PickedUser } from './components/UserPicker';
export {
  GridPickerDialog,
  RolePickerDialog,
  PostPickerDialog,
  type GridPickerDialogProps,
  type GridPickerField,
  type PickedItem,
  type RolePickerDialogProps,
} from './components/GridPicker';
export { NamedIds, PickerField, resolveNamed, type NamedKind, type PickerFieldProps, type PickerKind } from './components/PickerField';
export { IconCatalogue, IconPicker, type IconCatalogueProps, type IconPickerProps } from './components/Icons';
export { RowActions, type RowAction } from './components/RowActions';
export { SplitLayout } from './components/SplitLayout';
export { TreePage, type TreePageProps, type TreeRow } from './components/TreePage';
export { CategoryTree, type CategoryNode, type CategoryResource, type CategoryTreeProps } from './components/CategoryTree';
export { MoveDialog, TreeTools, moveNode, useTreeContextMenu, type TreeNodeMenu, type TreeNodeRow } from './components/treeKit';
export { OfficeTree, type OfficeNode, type OfficeTreeProps } from './components/OfficeTree';
export { SORT_MAX, sortInRange, sortRules, required, maxLen } from './components/formRules';
export { SortInput, DictOrInput, YesNo, type SortInputProps, type DictOrInputProps } from './components/fields';
export { isDeleted, liveRows, removeNested, upsertNested, type NestedRow } from './components/nested';
export { CellInput, NestedRowsEditor, type CellInputProps, type NestedRowsEditorProps } from './components/NestedRowsEditor';
export { ExpandedChildren } from './components/ExpandedChildren';
export { FileTreePicker, type FileTreePickerProps, type LazyNode } from './components/FileTreePicker';
export { GeneratedFields, GeneratedList, GeneratedPage, type GeneratedColumn, type GeneratedPages } from './components/GeneratedPage';
export * from './form-render';
export {
  CrudPage,
  crudResource,
  useCrud,
  type Crud,
  type CrudColumn,
  type CrudDialogProps,
  type CrudPageProps,
  type CrudResource,
} from './components/CrudPage';
export { RemarksItem, SortItem, type RemarksItemProps, type SortItemProps } from './components/FormItems';
