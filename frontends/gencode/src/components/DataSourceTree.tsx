import { useEffect, useMemo, useState } from 'react';
import { Input, Spin, Tree } from 'antd';
import { DatabaseOutlined, ClusterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { filterTree } from '@loom/ui';
import { dataSourceService, type DataSourceNode } from '../pages/datasource/service';

interface Item {
  key: string;
  title: React.ReactNode;
  raw: DataSourceNode;
  children?: Item[];
}

export interface DataSourceTreeProps {
  /** Called with the chosen data source, or null for the root / a cleared selection. */
  onSelect: (node: DataSourceNode | null) => void;
  selectedId?: string | null;
  /** Called once with the loaded tree. */
  onLoad?: (nodes: DataSourceNode[]) => void;
  height?: number;
}

/** The data-source tree of the table screens (`/database/datalink/dataSource/treeData`) with a keyword filter. */
export function DataSourceTree({ onSelect, selectedId, onLoad, height }: DataSourceTreeProps) {
  const { t } = useTranslation('gencode');
  const [data, setData] = useState<DataSourceNode[] | null>(null);
  const [filter, setFilter] = useState('');
  useEffect(() => {
    dataSourceService
      .treeData()
      .then((d) => {
        const nodes = Array.isArray(d) ? d : [];
        setData(nodes);
        onLoad?.(nodes);
      })
      .catch(() => setData([]));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const items = useMemo(() => {
    const conv = (nodes: DataSourceNode[]): Item[] =>
      nodes.map((n) => ({
        key: n.id,
        raw: n,
        title: (
          <span data-datasource={n.enName ?? n.id}>
            {n.type === 'db' ? <ClusterOutlined /> : <DatabaseOutlined />} {n.label}
          </span>
        ),
        children: n.children?.length ? conv(n.children) : undefined,
      }));
    const kw = filter.trim().toLowerCase();
    const src = kw ? filterTree(data ?? [], (n) => n.type !== 'db' && `${n.label} ${n.enName ?? ''}`.toLowerCase().includes(kw)) : data ?? [];
    return conv(src);
  }, [data, filter]);
  return (
    <div className="loom-datasource-tree">
      <Input allowClear size="small" placeholder={t('dataSource.filter')} value={filter} onChange={(e) => setFilter(e.target.value)} style={{ marginBottom: 8 }} />
      {data === null ? (
        <Spin />
      ) : (
        <Tree<Item>
          blockNode
          defaultExpandAll
          height={height}
          key={`${filter}|${data.length}`}
          treeData={items}
          selectedKeys={selectedId ? [selectedId] : []}
          onSelect={(keys, info) => onSelect(keys.length && info.node.raw.type !== 'db' ? info.node.raw : null)}
        />
      )}
    </div>
  );
}
