import { useEffect, useMemo, useState } from 'react';
import { Button, Modal, Space, Spin, Tag, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '@loom/ui';
import { roleService } from '../service';
import type { MenuNode, Role } from '../types';

function allKeys(nodes: MenuNode[]): string[] {
  return nodes.flatMap((n) => [n.id, ...allKeys(n.children ?? [])]);
}

function parentsOf(nodes: MenuNode[], parents: string[] = [], out = new Map<string, string[]>()): Map<string, string[]> {
  for (const n of nodes) {
    out.set(n.id, parents);
    parentsOf(n.children ?? [], [...parents, n.id], out);
  }
  return out;
}

function leafKeys(nodes: MenuNode[]): Set<string> {
  const out = new Set<string>();
  const walk = (list: MenuNode[]) =>
    list.forEach((n) => {
      if (n.children?.length) walk(n.children);
      else out.add(n.id);
    });
  walk(nodes);
  return out;
}

/**
 * Grants menus and buttons to a role on the `authTreeData` tree. Saved `menuIdList` holds the
 * ticked nodes and their ancestors (so granted pages keep their directories).
 */
export function AuthDialog({ role, onClose }: { role: Role | null; onClose: () => void }) {
  const { t } = useTranslation('sys');
  const { message } = useFeedback();
  const [tree, setTree] = useState<MenuNode[] | null>(null);
  const [checked, setChecked] = useState<string[]>([]);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [full, setFull] = useState<Role | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!role) return;
    setTree(null);
    void Promise.all([roleService.authTree(), roleService.queryById(role.id)]).then(([nodes, r]) => {
      const list = Array.isArray(nodes) ? nodes : [];
      setTree(list);
      setFull(r);
      // show only leaves as checked; the tree computes the half-checked parents
      const leaves = leafKeys(list);
      setChecked((r?.menuIdList ?? []).filter((id) => leaves.has(id)));
      setExpanded(allKeys(list));
    });
  }, [role]);

  const data = useMemo<DataNode[]>(() => {
    const conv = (nodes: MenuNode[]): DataNode[] =>
      nodes.map((n) => ({
        key: n.id,
        title: (
          <span data-menu={n.name}>
            {n.name}
            {n.permission ? (
              <Tag style={{ marginLeft: 6 }} bordered={false}>
                {n.permission}
              </Tag>
            ) : null}
          </span>
        ),
        children: n.children?.length ? conv(n.children) : undefined,
      }));
    return conv(tree ?? []);
  }, [tree]);

  const save = async () => {
    if (!role || !full || !tree) return;
    const parents = parentsOf(tree);
    const ids = new Set<string>();
    for (const id of checked) {
      ids.add(id);
      for (const p of parents.get(id) ?? []) ids.add(p);
    }
    setSaving(true);
    try {
      const msg = await roleService.save({ ...full, menuIdList: [...ids] });
      if (msg) void message.success(msg);
      onClose();
    } catch {
      /* shown by the HTTP client */
    } finally {
      setSaving(false);
    }
  };

  const keys = tree ? allKeys(tree) : [];
  return (
    <Modal
      open={!!role}
      title={t('role.authTitle', { name: role?.name ?? '' })}
      width={720}
      maskClosable={false}
      onCancel={onClose}
      destroyOnHidden
      className="loom-role-auth"
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.close')}</Button>
          <Button type="primary" loading={saving} onClick={() => void save()} data-action="confirm">
            {t('common.confirm')}
          </Button>
        </Space>
      }
    >
      <Space style={{ marginBottom: 8 }}>
        <Button size="small" onClick={() => setExpanded(expanded.length ? [] : keys)}>
          {t('role.expandAll')}
        </Button>
        <Button size="small" onClick={() => setChecked(checked.length ? [] : [...leafKeys(tree ?? [])])}>
          {t('role.checkAll')}
        </Button>
      </Space>
      <div style={{ maxHeight: 520, overflow: 'auto' }}>
        {tree ? (
          <Tree
            checkable
            blockNode
            selectable={false}
            treeData={data}
            checkedKeys={checked}
            expandedKeys={expanded}
            onExpand={(k) => setExpanded(k.map(String))}
            onCheck={(k) => {
              const list = Array.isArray(k) ? k : k.checked;
              const leaves = leafKeys(tree);
              setChecked(list.map(String).filter((id) => leaves.has(id)));
            }}
          />
        ) : (
          <Spin />
        )}
      </div>
    </Modal>
  );
}
