import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../core/hooks';
import { filterTree, type TreeLike } from '../core/tree';
import { CrudPage, useCrud, type Crud, type CrudPageProps, type CrudResource } from './CrudPage';
import type { FormDialogProps } from './FormDialog';
import type { ListRowAction } from './ListPage';
import type { RowAction } from './RowActions';
import { LoomTreeSelect, type LoomTreeSelectProps } from './TreeSelect';
import { MoveDialog, moveNode, nameHolds, TreeTools, useTreeContextMenu, type TreeNodeRow } from './treeKit';
import { useFeedback } from './feedback';

/** A node of a tree page (offices, areas, menus, process categories); a root's parent is '0'. */
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
  /** Hides a row's 添加下级 (rows that take no children). */
  childless?: (row: T) => boolean;
  crud?: Crud<T>;
  children: FormDialogProps<T>['children'];
}

/**
 * A tree as a tree table with its dialog (offices, areas, menus, process categories): a search
 * that keeps the matching rows and their ancestors, expand-all and collapse-all, and a row's right
 * click with 新建下级 / 编辑 / 移动 / 删除 as the permissions allow. A row's 添加下级 opens the
 * dialog with the row as the parent; a node saved without a parent is a root ('0'); 移动 saves the
 * node under the parent picked; the parent field's tree is read again after each change.
 */
export function TreePage<T extends TreeRow>(props: TreePageProps<T>) {
  const { t } = useTranslation('ui');
  const { message } = useFeedback();
  const can = usePermission();
  const { resource, parent, rowActions, childless, crud: given, dialog = {}, children, tableProps, toolbar, ...rest } = props;
  const P = rest.permissions;
  const own = useCrud<T>();
  const crud = given ?? own;
  const [treeKey, setTreeKey] = useState(0);
  const changed = () => setTreeKey((k) => k + 1);
  const [search, setSearch] = useState('');
  const searchRef = useRef('');
  const whole = useRef<T[]>([]);
  const [moving, setMoving] = useState<T | null>(null);
  const menu = useTreeContextMenu();
  useEffect(() => {
    if (searchRef.current === search) return;
    searchRef.current = search;
    crud.list.current?.reload();
  }, [search, crud.list]);

  const addChildOf = (r: T) => crud.show('add', undefined, { parentId: r.id } as Partial<T>);
  const addChild = (r: T): RowAction => ({
    key: 'addChild',
    label: t('addChild'),
    permission: P.add,
    hidden: childless?.(r),
    onClick: () => addChildOf(r),
  });
  const removable = !!(resource.deleteUrl || rest.deleteRequest);
  const openMenu = (e: React.MouseEvent, r: T) =>
    menu.open(e, {
      addChild: can(P.add) && !childless?.(r) ? () => addChildOf(r) : undefined,
      edit: can(P.edit) ? () => crud.show('edit', r.id) : undefined,
      move: can(P.edit) ? () => setMoving(r) : undefined,
      remove: can(P.del) && removable ? () => crud.list.current?.remove([r]) : undefined,
    });
  return (
    <>
      <CrudPage<T>
        {...rest}
        crud={crud}
        resource={resource}
        fetch={async () => {
          whole.current = await resource.treeData();
          return searchRef.current ? (filterTree(whole.current as (T & TreeLike)[], nameHolds(searchRef.current)) as T[]) : whole.current;
        }}
        paging={false}
        onDeleted={changed}
        toolbar={(ctx) => (
          <>
            <TreeTools onSearch={setSearch} onExpand={(open) => crud.list.current?.expandAll(open)} />
            {toolbar?.(ctx)}
          </>
        )}
        tableProps={{
          ...tableProps,
          onRow: (r, i) => ({ ...tableProps?.onRow?.(r, i), onContextMenu: (e) => openMenu(e, r) }),
        }}
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
                isDisabled={(n) => !!parent.isDisabled?.(n) || (ctx.mode === 'edit' && !!crud.id && below(n, crud.id))}
              />
            </Form.Item>
            {typeof children === 'function' ? children(ctx) : children}
          </>
        )}
      </CrudPage>
      {menu.element}
      <MoveDialog
        node={moving as TreeNodeRow | null}
        tree={whole.current as TreeNodeRow[]}
        onClose={() => setMoving(null)}
        onMove={async (parentId) => {
          const msg = await moveNode(resource, String(moving?.id), parentId);
          if (typeof msg === 'string' && msg) void message.success(msg);
          changed();
          crud.list.current?.reload();
        }}
      />
    </>
  );
}

/** Whether a node of a parent field's tree is the node edited or below it (it cannot become its own parent). */
function below(node: Record<string, unknown>, id: string): boolean {
  return node.id === id || String(node.parentIds ?? '').split(',').includes(id);
}
