import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Empty, Form, Input, Modal, Spin, Tree, type TreeProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { usePageActivated } from '../core/activation';
import { usePermission } from '../core/hooks';
import { filterTree, findInTree } from '../core/tree';
import { useConfirmDelete, useFeedback } from './feedback';
import { LoomTreeSelect } from './TreeSelect';
import { MoveDialog, moveNode, nameHolds, parentKeys, subtreeIds, TreeTools, useTreeContextMenu, type TreeNodeRow } from './treeKit';

/** A category as the services' `treeData` answers it. */
export interface CategoryNode extends TreeNodeRow {
  name: string;
  children?: CategoryNode[] | null;
}

/** The calls of a category tree: its tree, and (for 新建下级 / 编辑 / 移动 / 删除) one category, its save and its delete. */
export interface CategoryResource<T extends CategoryNode> {
  treeData: () => Promise<T[]>;
  queryById?: (id: string) => Promise<Partial<T>>;
  /** Saves `{id?, name, parentId, …}` ('0': a root); a string answer is shown as the success message. */
  save?: (values: Partial<T> & { parentId: string }) => Promise<unknown>;
  /** Deletes one category; a string answer is shown as the success message. */
  remove?: (id: string) => Promise<unknown>;
}

export interface CategoryTreeProps<T extends CategoryNode> {
  resource: CategoryResource<T>;
  /** The chosen category (by `keyOf`), or null for 全部. */
  value: string | null;
  onChange: (value: string | null, node: T | null) => void;
  /** What identifies a category for `value` (default its id; the process lists filter by name). */
  keyOf?: (node: T) => string;
  /** The entity's name in the dialog's title and fields (分类 → 添加分类, 分类名称). */
  entity: string;
  /** The heading above the tree; the 添加 button sits beside it. */
  title?: ReactNode;
  /** The 全部 node on top (default 全部). */
  allLabel?: ReactNode;
  /** Permission strings: 新建 (add), 编辑 and 移动 (edit), 删除 (del); an action without its call or right is not offered. */
  permissions?: { add?: string; edit?: string; del?: string };
  /** Bump to read the tree again. */
  reloadKey?: number;
  /** Called after a category was added, changed, moved or deleted. */
  onChanged?: () => void;
  className?: string;
}

interface Item<T> {
  key: string;
  title: string;
  raw: T | null;
  children?: Item<T>[];
  disabled?: boolean;
}

const ALL = '__all__';

/**
 * The category sidebar of a list (process models, definitions, forms): 全部 on top, a search that
 * keeps the matching categories and their ancestors, expand-all and collapse-all, a node dragged
 * onto another (or beside it) moves there, and a right click offers 新建下级 / 编辑 / 移动 / 删除 as
 * the permissions allow. Choosing a node filters the list.
 */
export function CategoryTree<T extends CategoryNode>(props: CategoryTreeProps<T>) {
  const { t } = useTranslation('ui');
  const { message } = useFeedback();
  const confirmDelete = useConfirmDelete();
  const can = usePermission();
  const { resource: res, permissions: P = {}, keyOf = (n: T) => n.id } = props;
  const [tree, setTree] = useState<T[] | null>(null);
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<React.Key[]>([ALL]);
  const [dialog, setDialog] = useState<{ id?: string; parentId?: string } | null>(null);
  const [moving, setMoving] = useState<T | null>(null);
  const [activated, setActivated] = useState(0);
  const [own, setOwn] = useState(0);
  const menu = useTreeContextMenu();
  usePageActivated(() => setActivated((n) => n + 1));
  useEffect(() => {
    res.treeData().then((d) => setTree(Array.isArray(d) ? d : []), () => setTree([]));
  }, [res, props.reloadKey, activated, own]);
  const changed = useCallback(() => {
    setOwn((n) => n + 1);
    props.onChanged?.();
  }, [props.onChanged]);

  const shown = useMemo(() => (search ? filterTree(tree ?? [], nameHolds(search)) : tree ?? []), [tree, search]);
  // every node starts open, also after a reload or a new search
  useEffect(() => setExpanded([ALL, ...parentKeys(shown)]), [shown]);
  const items = useMemo(() => {
    const conv = (nodes: T[]): Item<T>[] => nodes.map((n) => ({ key: n.id, title: n.name, raw: n, children: n.children?.length ? conv(n.children as T[]) : undefined }));
    return [{ key: ALL, title: '', raw: null, children: conv(shown) }];
  }, [shown]);
  const byKey = useMemo(() => {
    const m = new Map<string, T>();
    const walk = (l: T[]) => l.forEach((n) => (m.set(n.id, n), walk((n.children ?? []) as T[])));
    walk(tree ?? []);
    return m;
  }, [tree]);
  const selected = props.value === null ? ALL : [...byKey.values()].find((n) => keyOf(n) === props.value)?.id;

  const canAdd = !!res.save && can(P.add);
  const canEdit = !!(res.save && res.queryById) && can(P.edit);
  const canRemove = !!res.remove && can(P.del);
  const said = (msg: unknown) => typeof msg === 'string' && msg && void message.success(msg);
  const remove = (n: T) =>
    confirmDelete(async () => {
      said(await res.remove?.(n.id));
      if (selected === n.id) props.onChange(null, null);
      changed();
    });
  const move = async (n: T, parentId: string) => {
    if (!res.save || !res.queryById) return;
    said(await moveNode({ queryById: res.queryById, save: res.save as (v: T) => Promise<unknown> }, n.id, parentId));
    changed();
  };
  const onDrop: TreeProps<Item<T>>['onDrop'] = (info) => {
    const dragged = info.dragNode.raw;
    const target = info.node.raw;
    if (!dragged) return;
    // onto a node: below it; into the gap beside one: beside it (its parent); onto 全部: the top
    const parentId = !target ? '0' : info.dropToGap ? target.parentId || '0' : target.id;
    if (parentId === (dragged.parentId || '0') || subtreeIds(dragged).has(parentId)) return;
    void move(dragged, parentId);
  };

  return (
    <div className={['loom-category-tree', props.className].filter(Boolean).join(' ')}>
      {(props.title || canAdd) && (
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 8 }}>
          <b>{props.title}</b>
          {canAdd && <Button size="small" type="link" icon={<PlusOutlined />} onClick={() => setDialog({})} data-action="add-category" aria-label={t('tree.addTitle', { entity: props.entity })} />}
        </div>
      )}
      <div style={{ marginBottom: 8 }}>
        <TreeTools small onSearch={setSearch} onExpand={(open) => setExpanded(open ? [ALL, ...parentKeys(shown)] : [ALL])} />
      </div>
      {tree === null ? (
        <Spin />
      ) : items.length ? (
        <Tree<Item<T>>
          blockNode
          draggable={canEdit ? { icon: false } : false}
          allowDrop={({ dropNode, dropPosition }) => dropNode.key !== ALL || dropPosition === 0}
          onDrop={onDrop}
          treeData={items}
          expandedKeys={expanded}
          onExpand={(keys) => setExpanded(keys)}
          selectedKeys={selected ? [selected] : []}
          titleRender={(n) => <span data-category={n.raw?.name ?? ''}>{n.raw ? n.title : props.allLabel ?? t('tree.all')}</span>}
          onSelect={(_keys, info) => {
            const n = info.node.raw;
            props.onChange(n ? keyOf(n) : null, n);
          }}
          onRightClick={({ event, node }) => {
            const n = node.raw;
            menu.open(event, {
              addChild: canAdd ? () => setDialog({ parentId: n?.id }) : undefined,
              edit: n && canEdit ? () => setDialog({ id: n.id }) : undefined,
              move: n && canEdit ? () => setMoving(n) : undefined,
              remove: n && canRemove ? () => remove(n) : undefined,
            });
          }}
        />
      ) : (
        <Empty />
      )}
      {menu.element}
      <CategoryDialog<T> state={dialog} resource={res} tree={tree ?? []} entity={props.entity} onClose={() => setDialog(null)} onSaved={(msg) => (said(msg), setDialog(null), changed())} />
      <MoveDialog node={moving} tree={tree ?? []} onClose={() => setMoving(null)} onMove={(parentId) => move(moving as T, parentId)} />
    </div>
  );
}

/** 添加 / 修改 a category: its parent and its name (the rest of a category is kept as loaded). */
function CategoryDialog<T extends CategoryNode>(props: {
  state: { id?: string; parentId?: string } | null;
  resource: CategoryResource<T>;
  tree: T[];
  entity: string;
  onClose: () => void;
  onSaved: (msg: unknown) => void;
}) {
  const { t } = useTranslation('ui');
  const [form] = Form.useForm<{ name: string; parentId?: string }>();
  const [loaded, setLoaded] = useState<Partial<T>>({});
  const { state, resource: res } = props;
  const id = state?.id;
  useEffect(() => {
    if (!state) return;
    if (!id) {
      setLoaded({});
      form.setFieldsValue({ name: '', parentId: state.parentId });
      return;
    }
    void res.queryById?.(id).then((r) => {
      setLoaded(r);
      form.setFieldsValue({ name: String(r.name ?? ''), parentId: r.parentId && r.parentId !== '0' ? r.parentId : undefined });
    });
  }, [state, id, res, form]);
  const blocked = useMemo(() => {
    const own = id ? findInTree(props.tree, (n) => n.id === id) : undefined;
    return own ? subtreeIds(own) : new Set<string>();
  }, [props.tree, id]);
  return (
    <Modal
      open={!!state}
      title={t(id ? 'tree.editTitle' : 'tree.addTitle', { entity: props.entity })}
      width={500}
      maskClosable={false}
      forceRender
      onCancel={props.onClose}
      onOk={async () => {
        const v = await form.validateFields().catch(() => null);
        if (!v || !res.save) return;
        props.onSaved(await res.save({ ...loaded, id, name: v.name, parentId: v.parentId || '0' }));
      }}
    >
      <Form form={form} layout="vertical">
        <Form.Item name="parentId" label={t('tree.parent', { entity: props.entity })}>
          <LoomTreeSelect id="parentId" data={props.tree as never} fieldNames={{ value: 'id', label: 'name', children: 'children' }} isDisabled={(n) => blocked.has(String(n.id))} />
        </Form.Item>
        <Form.Item name="name" label={t('tree.name', { entity: props.entity })} rules={[{ required: true, whitespace: true, message: t('fieldRequired', { label: t('tree.name', { entity: props.entity }) }) }, { max: 100 }]}>
          <Input id="name" maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
