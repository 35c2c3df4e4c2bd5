import { useEffect, useMemo, useState } from 'react';
import { Spin, Tree } from 'antd';
import { ApartmentOutlined, TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { http } from '../core/http';
import { filterTree } from '../core/tree';
import { usePageActivated } from '../core/activation';
import { nameHolds, parentKeys, TreeTools } from './treeKit';
import type { OfficeNode as SysOfficeNode } from '../api/sys';

/** A company or department, as `GET /sys/office/treeData` answers it. */
export type OfficeNode = SysOfficeNode;

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
  const shown = useMemo(() => (filter ? filterTree(data ?? [], nameHolds(filter)) : data ?? []), [data, filter]);
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
    return conv(shown);
  }, [shown]);
  // every node starts expanded, also after a reload or a new filter
  useEffect(() => setExpanded(parentKeys(shown)), [shown]);
  return (
    <div className="loom-office-tree">
      <div style={{ marginBottom: 8 }}>
        <TreeTools small placeholder={t('filterTree')} onSearch={setFilter} onExpand={(open) => setExpanded(open ? parentKeys(shown) : [])} />
      </div>
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
