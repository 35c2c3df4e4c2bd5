import { useEffect, useMemo, useState } from 'react';
import { Button, Input, Modal, Space, Spin, Tree } from 'antd';
import { FolderOpenOutlined, FolderOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export interface LazyNode {
  id: string;
  label: string;
  isLeaf?: boolean;
  [k: string]: unknown;
}

interface Item {
  key: string;
  title: string;
  isLeaf?: boolean;
  raw: LazyNode;
  children?: Item[];
}

export interface FileTreePickerProps {
  open: boolean;
  title?: string;
  /** Loads the children of a node ('' for the roots), e.g. `GET /gencode/scheme/getFileTree?parentNode=`. */
  load: (parent: string) => Promise<LazyNode[]>;
  onOk: (node: LazyNode) => void;
  onCancel: () => void;
}

function setChildren(items: Item[], key: string, children: Item[]): Item[] {
  return items.map((i) => (i.key === key ? { ...i, children } : i.children ? { ...i, children: setChildren(i.children, key, children) } : i));
}

function filterItems(items: Item[], kw: string): Item[] {
  const out: Item[] = [];
  for (const i of items) {
    const kids = i.children ? filterItems(i.children, kw) : [];
    if (i.title.toLowerCase().includes(kw) || kids.length) out.push({ ...i, children: i.children ? (i.title.toLowerCase().includes(kw) ? i.children : kids) : undefined });
  }
  return out;
}

/** A folder picker over a lazily loaded tree (children fetched on expand) with a filter of the loaded nodes. */
export function FileTreePicker({ open, title, load, onOk, onCancel }: FileTreePickerProps) {
  const { t } = useTranslation('ui');
  const [items, setItems] = useState<Item[] | null>(null);
  const [chosen, setChosen] = useState<Item | null>(null);
  const [filter, setFilter] = useState('');
  const [expanded, setExpanded] = useState<React.Key[]>([]);
  const conv = (nodes: LazyNode[]): Item[] => nodes.map((n) => ({ key: n.id, title: n.label, isLeaf: !!n.isLeaf, raw: n }));
  useEffect(() => {
    if (!open) return;
    setChosen(null);
    setFilter('');
    setItems(null);
    load('')
      .then((roots) => {
        const list = conv(roots);
        setItems(list);
        setExpanded([]);
      })
      .catch(() => setItems([]));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const shown = useMemo(() => (filter.trim() && items ? filterItems(items, filter.trim().toLowerCase()) : items ?? []), [items, filter]);
  return (
    <Modal
      open={open}
      title={title ?? t('folderPickerTitle')}
      width={640}
      maskClosable={false}
      destroyOnHidden
      onCancel={onCancel}
      className="loom-file-tree-picker"
      footer={
        <Space>
          <Button onClick={onCancel}>{t('close')}</Button>
          <Button type="primary" disabled={!chosen} onClick={() => chosen && onOk(chosen.raw)} data-action="confirm">
            {t('confirm')}
          </Button>
        </Space>
      }
    >
      <Input allowClear placeholder={t('filterKeyword')} value={filter} onChange={(e) => setFilter(e.target.value)} style={{ marginBottom: 8 }} />
      {items === null ? (
        <Spin />
      ) : (
        <div style={{ maxHeight: 420, overflow: 'auto' }}>
          <Tree<Item>
            blockNode
            showIcon
            icon={(p) => ((p as { expanded?: boolean }).expanded ? <FolderOpenOutlined /> : <FolderOutlined />)}
            treeData={shown}
            expandedKeys={expanded}
            onExpand={(keys) => setExpanded(keys)}
            selectedKeys={chosen ? [chosen.key] : []}
            onSelect={(_k, info) => setChosen(info.node)}
            titleRender={(n) => <span data-path={n.raw.id}>{n.title}</span>}
            loadData={async (node) => {
              if (node.children) return;
              const kids = await load(String(node.key)).catch(() => [] as LazyNode[]);
              setItems((prev) => setChildren(prev ?? [], String(node.key), conv(kids)));
            }}
          />
        </div>
      )}
    </Modal>
  );
}
