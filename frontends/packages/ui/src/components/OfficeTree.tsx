import { useEffect, useMemo, useState } from 'react';
import { Input, Spin, Tree } from 'antd';
import { ApartmentOutlined, TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { http } from '../core/http';
import { filterTree } from '../core/tree';
import { usePageActivated } from '../core/activation';

export interface OfficeNode {
  id: string;
  name: string;
  type?: string;
  parentId?: string;
  children?: OfficeNode[];
  [extra: string]: unknown;
}

interface Item {
  key: string;
  title: React.ReactNode;
  raw: OfficeNode;
  children?: Item[];
}

export interface OfficeTreeProps {
  /** Called with the chosen node, or null when the selection is cleared. */
  onSelect: (node: OfficeNode | null) => void;
  selectedId?: string | null;
  /** Bump to reload the tree. */
  reloadKey?: number;
}

/** The organisation tree (companies and departments) with a filter box, as on the user screens. */
export function OfficeTree({ onSelect, selectedId, reloadKey }: OfficeTreeProps) {
  const { t } = useTranslation('ui');
  const [data, setData] = useState<OfficeNode[] | null>(null);
  const [filter, setFilter] = useState('');
  const [expanded, setExpanded] = useState<React.Key[]>([]);
  const [activated, setActivated] = useState(0);
  // the tree reloads, like the lists, when its page is activated again
  usePageActivated(() => setActivated((n) => n + 1));
  useEffect(() => {
    http
      .get<OfficeNode[]>('/sys/office/treeData')
      .then((d) => setData(Array.isArray(d) ? d : []))
      .catch(() => setData([]));
  }, [reloadKey, activated]);
  const items = useMemo(() => {
    const conv = (nodes: OfficeNode[]): Item[] =>
      nodes.map((n) => ({
        key: n.id,
        raw: n,
        title: (
          <span data-office={n.name}>
            {n.type === '1' ? <ApartmentOutlined /> : <TeamOutlined />} {n.name}
          </span>
        ),
        children: n.children?.length ? conv(n.children) : undefined,
      }));
    return conv(filter ? filterTree(data ?? [], (n) => n.name.includes(filter)) : data ?? []);
  }, [data, filter]);
  // every node starts expanded, also after a reload or a new filter
  useEffect(() => {
    const keys: React.Key[] = [];
    const walk = (list: Item[]) =>
      list.forEach((i) => {
        if (i.children?.length) {
          keys.push(i.key);
          walk(i.children);
        }
      });
    walk(items);
    setExpanded(keys);
  }, [items]);
  return (
    <div className="loom-office-tree">
      <Input allowClear size="small" placeholder={t('filterTree')} value={filter} onChange={(e) => setFilter(e.target.value)} style={{ marginBottom: 8 }} />
      {data === null ? (
        <Spin />
      ) : (
        <Tree<Item>
          blockNode
          expandedKeys={expanded}
          onExpand={(keys) => setExpanded(keys)}
          treeData={items}
          selectedKeys={selectedId ? [selectedId] : []}
          onSelect={(keys, info) => onSelect(keys.length ? info.node.raw : null)}
        />
      )}
    </div>
  );
}
