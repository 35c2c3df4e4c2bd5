import { useEffect, useMemo, useState } from 'react';
import { Button, Modal, Space, Spin, Tabs, Tag, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useTranslation } from 'react-i18next';
import { http, useFeedback } from '@loom/ui';
import { roleService } from '../service';
import type { DataRuleNode, MenuGrantNode } from '../../../api/types';
import type { MenuNode, Role, RoleDetail } from '../types';

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

function toData(nodes: MenuNode[]): DataNode[] {
  return nodes.map((n) => ({ key: n.id, title: n.name, children: n.children?.length ? toData(n.children) : undefined }));
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
  const [tree, setTree] = useState<MenuGrantNode[] | null>(null);
  const [checked, setChecked] = useState<string[]>([]);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [full, setFull] = useState<RoleDetail | null>(null);
  const [saving, setSaving] = useState(false);
  const [rules, setRules] = useState<MenuNode[] | null>(null);
  const [checkedRules, setCheckedRules] = useState<string[]>([]);

  useEffect(() => {
    if (!role) return;
    setTree(null);
    setRules(null);
    // the data rules of menus (leaves `dataRule-<id>`), granted beside the menus (as JeePlus)
    void Promise.all([http.get<DataRuleNode[]>('/sys/dataRule/treeData'), roleService.queryById(role.id)]).then(([nodes, r]) => {
      setRules(Array.isArray(nodes) ? nodes : []);
      setCheckedRules((r?.dataRuleIdList ?? []).map((id) => `dataRule-${id}`));
    });
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
    const conv = (nodes: MenuGrantNode[]): DataNode[] =>
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
      // the rules only once their tree is there (saving before would drop the role's grants)
      const dataRuleIdList = rules === null ? full.dataRuleIdList : checkedRules.filter((k) => k.startsWith('dataRule-')).map((k) => k.slice('dataRule-'.length));
      const msg = await roleService.save({ ...full, menuIdList: [...ids], dataRuleIdList, dataRuleIds: undefined });
      if (msg) void message.success(msg);
      onClose();
    } catch {
      /* shown by the HTTP client */
    } finally {
      setSaving(false);
    }
  };

  const keys = tree ? allKeys(tree) : [];
  const menuTree = (
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
  );
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
      <Tabs
        items={[
          { key: 'menus', label: t('role.menusTab'), children: menuTree },
          {
            key: 'rules',
            label: t('dataRule.manage'),
            children: (
              <div style={{ maxHeight: 520, overflow: 'auto' }} data-testid="role-data-rules">
                <Tree
                  // mounted again once the rules arrive: defaultExpandAll applies to the first data only
                  key={rules ? 'rules' : 'loading'}
                  checkable
                  blockNode
                  selectable={false}
                  defaultExpandAll
                  treeData={toData(rules ?? [])}
                  checkedKeys={checkedRules}
                  onCheck={(k) => setCheckedRules((Array.isArray(k) ? k : k.checked).map(String))}
                />
              </div>
            ),
          },
        ]}
      />
    </Modal>
  );
}
