import { useState, type ReactNode } from 'react';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CrudPage,
  LoomTreeSelect,
  useCrud,
  type Crud,
  type CrudPageProps,
  type CrudResource,
  type FormDialogProps,
  type ListRowAction,
  type LoomTreeSelectProps,
  type RowAction,
} from '@loom/ui';

/** A node of one of the sys trees (offices, areas, menus); a root's parent is '0'. */
export interface TreeRow extends Record<string, unknown> {
  id: string;
  parentId?: string;
}

export interface TreePageProps<T extends TreeRow>
  extends Omit<CrudPageProps<T>, 'resource' | 'fetch' | 'paging' | 'crud' | 'rowActions' | 'onDeleted'> {
  resource: CrudResource<T> & Required<Pick<CrudResource<T>, 'save'>> & { treeData: () => Promise<T[]> };
  /** The parent field, first in the dialog: its label and help, and the tree it picks from. */
  parent: { label: ReactNode; extra?: ReactNode } & Pick<LoomTreeSelectProps, 'url' | 'params' | 'isDisabled'>;
  /** The operation column; `addChild` is the row's 添加下级 link. */
  rowActions: { width: number; items: (row: T, addChild: RowAction) => ListRowAction[] };
  /** Hides a row's 添加下级 link (rows that take no children). */
  childless?: (row: T) => boolean;
  crud?: Crud<T>;
  children: FormDialogProps<T>['children'];
}

/**
 * A sys tree as a tree table with its dialog (offices, areas, menus): a row's 添加下级 opens the
 * dialog with the row as the parent; a node saved without a parent is a root ('0'); the parent
 * field's tree is read again after each change.
 */
export function TreePage<T extends TreeRow>(props: TreePageProps<T>) {
  const { t } = useTranslation('sys');
  const { resource, parent, rowActions, childless, crud: given, dialog = {}, children, ...rest } = props;
  const own = useCrud<T>();
  const crud = given ?? own;
  const [treeKey, setTreeKey] = useState(0);
  const changed = () => setTreeKey((k) => k + 1);
  const addChild = (r: T): RowAction => ({
    key: 'addChild',
    label: t('common.addChild'),
    permission: rest.permissions.add,
    hidden: childless?.(r),
    onClick: () => crud.show('add', undefined, { parentId: r.id } as Partial<T>),
  });
  return (
    <CrudPage<T>
      {...rest}
      crud={crud}
      resource={resource}
      fetch={() => resource.treeData()}
      paging={false}
      onDeleted={changed}
      rowActions={{ width: rowActions.width, items: (r) => rowActions.items(r, addChild(r)) }}
      dialog={{
        ...dialog,
        initialValues: { parentId: '', ...dialog.initialValues } as Partial<T>,
        onSubmit: (v) => resource.save({ ...v, parentId: v.parentId || '0' }),
        onSaved: changed,
      }}
    >
      {(ctx) => (
        <>
          <Form.Item name="parentId" label={parent.label} extra={parent.extra}>
            <LoomTreeSelect
              key={treeKey}
              url={parent.url}
              params={parent.params}
              fieldNames={{ label: 'name' }}
              disabled={ctx.mode === 'view'}
              isDisabled={parent.isDisabled}
            />
          </Form.Item>
          {typeof children === 'function' ? children(ctx) : children}
        </>
      )}
    </CrudPage>
  );
}
