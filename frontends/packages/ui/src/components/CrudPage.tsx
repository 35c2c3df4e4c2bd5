import { useCallback, useRef, useState, type ReactNode } from 'react';
import { http } from '../core/http';
import { FormDialog, type FormDialogProps, type FormMode } from './FormDialog';
import { LabelLink } from './LabelLink';
import { ListPage, type ListColumn, type ListPageHandle, type ListPagePermissions, type ListPageProps } from './ListPage';

/** The calls of a resource that a CRUD page makes. */
export interface CrudResource<T> {
  /** The list endpoint answering a page (or give the page a `fetch`). */
  listUrl?: string;
  /** The standard delete: `DELETE deleteUrl?ids=a,b`. */
  deleteUrl?: string;
  /** Loads one record for the edit and view dialog. */
  queryById: (id: string) => Promise<Partial<T>>;
  /** Saves the dialog's values; a string answer is shown as the success message (or give the dialog an `onSubmit`). */
  save?: (values: T) => Promise<unknown>;
}

/** The resource of the usual endpoints under `base`: `list`, `delete`, `queryById`, `save`. */
export function crudResource<T>(base: string): Required<CrudResource<T>> {
  return {
    listUrl: `${base}/list`,
    deleteUrl: `${base}/delete`,
    queryById: (id: string) => http.get<T>(`${base}/queryById`, { id }),
    save: (values: T) => http.post<string>(`${base}/save`, values),
  };
}

/** A column of a CrudPage; `link` makes its cell the link that opens the row (edit if allowed, else view). */
export type CrudColumn<T> = ListColumn<T> & { link?: boolean };

interface CrudState<T> {
  open: boolean;
  mode: FormMode;
  id?: string;
  /** Values the dialog opens with over its `initialValues` (e.g. the parent of a new child). */
  initial?: Partial<T>;
}

/** A CRUD page's state, for a page that opens its dialog from links of its own: `crud.show('add', undefined, { parentId })`. */
export function useCrud<T>() {
  const list = useRef<ListPageHandle<T>>(null);
  const [state, setState] = useState<CrudState<T>>({ open: false, mode: 'add' });
  const show = useCallback((mode: FormMode, id?: string, initial?: Partial<T>) => setState({ open: true, mode, id, initial }), []);
  const close = useCallback(() => setState((s) => ({ ...s, open: false })), []);
  return { ...state, list, show, close };
}

export type Crud<T> = ReturnType<typeof useCrud<T>>;

/** The edit dialog of a CrudPage: what FormDialog takes besides its state and the resource's calls. */
export interface CrudDialogProps<T extends object> extends Omit<FormDialogProps<T>, 'open' | 'mode' | 'load' | 'onSubmit' | 'onClose' | 'onSaved' | 'children'> {
  /** Loads the record (default: the resource's `queryById`). */
  load?: (id: string) => Promise<Partial<T>>;
  /** Saves the values (default: the resource's `save`). */
  onSubmit?: FormDialogProps<T>['onSubmit'];
  /** Called after a save, besides the list's reload. */
  onSaved?: () => void;
  /** Called when the dialog closes. */
  onClose?: () => void;
}

export interface CrudPageProps<T extends Record<string, unknown>>
  extends Omit<ListPageProps<T>, 'actionRef' | 'columns' | 'url' | 'deleteUrl' | 'exportName' | 'permissions'> {
  /** The entity's name: the export's file name and the dialog's title (新建岗位, 修改岗位, 查看岗位). */
  entity: string;
  /** The permission strings guarding the toolbar, the row links and the name link. */
  permissions: ListPagePermissions;
  resource: CrudResource<T>;
  columns: CrudColumn<T>[];
  /** The page's state when it opens the dialog itself (default: its own). */
  crud?: Crud<T>;
  dialog?: CrudDialogProps<T>;
  /** The dialog's form fields (no dialog without them). */
  children?: FormDialogProps<T>['children'];
  /** Wraps the page in a `div` of this class. */
  className?: string;
}

/**
 * The standard page of a resource: ListPage (toolbar New/Edit/Delete, query form, table, the
 * row links) and its add/edit/view FormDialog, which reloads the list after a save.
 */
export function CrudPage<T extends Record<string, unknown>>(props: CrudPageProps<T>) {
  const { entity, permissions: P, resource, columns, crud: given, dialog = {}, children, className, ...listProps } = props;
  const own = useCrud<T>();
  const crud = given ?? own;
  const { show } = crud;
  const id = (r: T) => String(r.id ?? '');
  const onEdit = listProps.onEdit ?? ((r: T) => show('edit', id(r)));
  const onView = listProps.onView ?? ((r: T) => show('view', id(r)));
  const listColumns = columns.map(({ link, ...c }): ListColumn<T> => {
    if (!link) return c;
    return {
      ...c,
      render: (_d, r) => (
        <LabelLink editPermission={P.edit} viewPermission={P.view} onEdit={() => onEdit(r)} onView={() => onView(r)}>
          {r[String(c.dataIndex)] as ReactNode}
        </LabelLink>
      ),
    };
  });
  const { load, onSubmit, onSaved, onClose, ...dialogProps } = dialog;
  const page = (
    <>
      <ListPage<T>
        actionRef={crud.list}
        url={resource.listUrl}
        deleteUrl={resource.deleteUrl}
        exportName={entity}
        permissions={P}
        onAdd={() => show('add')}
        {...listProps}
        onEdit={onEdit}
        onView={onView}
        columns={listColumns}
      />
      {children ? (
        <FormDialog<T>
          name={entity}
          {...dialogProps}
          open={crud.open}
          mode={crud.mode}
          initialValues={crud.initial ? { ...dialogProps.initialValues, ...crud.initial } : dialogProps.initialValues}
          load={() => (load ?? resource.queryById)(crud.id ?? '')}
          onSubmit={onSubmit ?? ((v) => (resource.save ? resource.save(v) : Promise.reject(new Error('CrudPage: the resource has no save'))))}
          onSaved={() => {
            onSaved?.();
            crud.list.current?.reload();
          }}
          onClose={() => {
            onClose?.();
            crud.close();
          }}
        >
          {children}
        </FormDialog>
      ) : null}
    </>
  );
  return className ? <div className={className}>{page}</div> : page;
}
