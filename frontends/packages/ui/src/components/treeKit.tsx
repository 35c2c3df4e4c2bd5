import { useState, type ReactNode } from 'react';
import { Button, Dropdown, Form, Input, Modal, Space, Tooltip, type MenuProps } from 'antd';
import { DeleteOutlined, EditOutlined, NodeCollapseOutlined, NodeExpandOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LoomTreeSelect } from './TreeSelect';

/** A node of a tree as the services answer it (`treeData`): a root's parent is '0'. */
export interface TreeNodeRow {
  id: string;
  name?: string;
  parentId?: string;
  children?: TreeNodeRow[] | null;
}

/** What a right click on a node offers; each is left out when absent (the page does not permit it). */
export interface TreeNodeMenu {
  addChild?: () => void;
  edit?: () => void;
  move?: () => void;
  remove?: () => void;
}

/** The search box and the expand-all / collapse-all buttons above every tree. */
export function TreeTools(props: { onSearch: (text: string) => void; onExpand: (open: boolean) => void; small?: boolean; placeholder?: string; children?: ReactNode }) {
  const { t } = useTranslation('ui');
  const size = props.small ? 'small' : 'middle';
  return (
    <Space.Compact className="loom-tree-tools" size={size} style={{ width: props.small ? '100%' : 280 }}>
      <Input allowClear size={size} data-action="tree-search" placeholder={props.placeholder ?? t('tree.search')} onChange={(e) => props.onSearch(e.target.value.trim())} />
      <Tooltip title={t('tree.expandAll')}>
        <Button size={size} icon={<NodeExpandOutlined />} data-action="tree-expand" aria-label={t('tree.expandAll')} onClick={() => props.onExpand(true)} />
      </Tooltip>
      <Tooltip title={t('tree.collapseAll')}>
        <Button size={size} icon={<NodeCollapseOutlined />} data-action="tree-collapse" aria-label={t('tree.collapseAll')} onClick={() => props.onExpand(false)} />
      </Tooltip>
      {props.children}
    </Space.Compact>
  );
}

/** Whether a node's name holds the search text (any case). */
export function nameHolds(text: string) {
  const needle = text.toLowerCase();
  return (n: object) => String((n as { name?: unknown }).name ?? '').toLowerCase().includes(needle);
}

/** The keys of the nodes that have children (what expand-all opens). */
export function parentKeys(nodes: readonly TreeNodeRow[] | null | undefined): string[] {
  const out: string[] = [];
  for (const n of nodes ?? []) {
    if (n.children?.length) out.push(n.id, ...parentKeys(n.children));
  }
  return out;
}

/**
 * The context menu of a tree's nodes: `open(event, menu)` from a right click shows 新建下级 / 编辑 /
 * 移动 / 删除 at the pointer; `element` is rendered once by the tree.
 */
export function useTreeContextMenu() {
  const { t } = useTranslation('ui');
  const [at, setAt] = useState<{ x: number; y: number; menu: TreeNodeMenu } | null>(null);
  const open = (event: { clientX: number; clientY: number; preventDefault: () => void }, menu: TreeNodeMenu) => {
    event.preventDefault();
    if (Object.values(menu).some(Boolean)) setAt({ x: event.clientX, y: event.clientY, menu });
  };
  const entries: [keyof TreeNodeMenu, ReactNode, ReactNode][] = [
    ['addChild', t('tree.addChild'), <PlusOutlined key="a" />],
    ['edit', t('tree.edit'), <EditOutlined key="e" />],
    ['move', t('tree.move'), <SwapOutlined key="m" />],
    ['remove', t('tree.remove'), <DeleteOutlined key="d" />],
  ];
  const items: MenuProps['items'] = at
    ? entries.filter(([k]) => at.menu[k]).map(([key, label, icon]) => ({ key, label: <span data-tree-action={key}>{label}</span>, icon, danger: key === 'remove' }))
    : [];
  const element = at ? (
    <Dropdown
      open
      menu={{ items, onClick: ({ key }) => (setAt(null), at.menu[key as keyof TreeNodeMenu]?.()) }}
      onOpenChange={(o) => !o && setAt(null)}
      overlayClassName="loom-tree-menu"
    >
      <span style={{ position: 'fixed', left: at.x, top: at.y, width: 1, height: 1 }} />
    </Dropdown>
  ) : null;
  return { open, element };
}

/** The ids of a node and every node below it (where it cannot move to). */
export function subtreeIds(node: TreeNodeRow): Set<string> {
  const ids = new Set<string>([node.id]);
  const walk = (n: TreeNodeRow) => (n.children ?? []).forEach((c) => (ids.add(c.id), walk(c)));
  walk(node);
  return ids;
}

/**
 * Moves a node below another (or to the top, '0') with the service's own save: the node as
 * `queryById` answers it, with the new parent. No service has a move route; its save places the
 * node and refuses a parent below the node itself.
 */
export async function moveNode<T>(resource: { queryById: (id: string) => Promise<Partial<T>>; save: (v: T) => Promise<unknown> }, id: string, parentId: string) {
  const record = await resource.queryById(id);
  return resource.save({ ...record, id, parentId } as unknown as T);
}

/** 移动: picks the node's new parent from the tree (not itself nor a node below it; empty: the top). */
export function MoveDialog(props: { node: TreeNodeRow | null; tree: TreeNodeRow[]; onMove: (parentId: string) => Promise<unknown>; onClose: () => void }) {
  const { t } = useTranslation('ui');
  const [form] = Form.useForm<{ parentId?: string | null }>();
  const [busy, setBusy] = useState(false);
  const node = props.node;
  const blocked = node ? subtreeIds(node) : new Set<string>();
  return (
    <Modal
      open={!!node}
      title={t('tree.moveTitle', { name: node?.name ?? '' })}
      className="loom-tree-move"
      destroyOnHidden
      maskClosable={false}
      confirmLoading={busy}
      onCancel={props.onClose}
      okButtonProps={{ 'data-action': 'confirm-move' } as never}
      onOk={async () => {
        const v = form.getFieldsValue();
        setBusy(true);
        try {
          await props.onMove(v.parentId || '0');
          props.onClose();
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ parentId: node?.parentId && node.parentId !== '0' ? node.parentId : undefined }}>
        <Form.Item name="parentId" label={t('tree.newParent')} extra={t('tree.newParentHelp')}>
          <LoomTreeSelect id="parentId" data={props.tree as never} fieldNames={{ value: 'id', label: 'name', children: 'children' }} isDisabled={(n) => blocked.has(String(n.id))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
