import { useEffect, useState, type ReactNode } from 'react';
import { Empty, Input, Tree } from 'antd';
import { useTranslation } from 'react-i18next';
import '../../locales/designer';
import { categoryService, type ActCategory } from './service';

interface Node {
  key: string;
  title: string;
  raw: ActCategory | null;
  children?: Node[];
}

function toNodes(list: ActCategory[], filter: string): Node[] {
  const out: Node[] = [];
  for (const c of list) {
    const children = toNodes(c.children ?? [], filter);
    if (!filter || c.name.includes(filter) || children.length) out.push({ key: c.id, title: c.name, raw: c, children });
  }
  return out;
}

/**
 * The process-category tree beside the model and definition lists: 'all' on top, then the
 * categories; choosing one filters the list by its name.
 */
export function CategoryTree(props: { value: string | null; onChange: (name: string | null) => void; reloadKey?: number; extra?: ReactNode }) {
  const { t } = useTranslation('designer');
  const [tree, setTree] = useState<ActCategory[]>([]);
  const [filter, setFilter] = useState('');
  useEffect(() => {
    categoryService.treeData().then((d) => setTree(Array.isArray(d) ? d : [])).catch(() => setTree([]));
  }, [props.reloadKey]);
  const nodes: Node[] = [{ key: '__all__', title: t('category.root'), raw: null, children: toNodes(tree, filter) }];
  const byId = new Map<string, ActCategory>();
  const walk = (l: ActCategory[]) => l.forEach((c) => { byId.set(c.id, c); walk(c.children ?? []); });
  walk(tree);
  const selectedKey = props.value ? [...byId.values()].find((c) => c.name === props.value)?.id : '__all__';
  return (
    <div className="loom-category-tree">
      <Input.Search size="small" allowClear placeholder={t('category.name')} onChange={(e) => setFilter(e.target.value)} style={{ marginBottom: 8 }} />
      {props.extra}
      {nodes.length ? (
        <Tree<Node>
          blockNode
          defaultExpandAll
          key={tree.length + filter}
          treeData={nodes}
          selectedKeys={selectedKey ? [selectedKey] : []}
          titleRender={(n) => <span data-category={n.raw?.name ?? ''}>{n.title}</span>}
          onSelect={(keys) => {
            const k = String(keys[0] ?? '__all__');
            props.onChange(k === '__all__' ? null : (byId.get(k)?.name ?? null));
          }}
        />
      ) : (
        <Empty />
      )}
    </div>
  );
}

/** Category names as tree-select data (value = name). */
export interface CategoryOption {
  value: string;
  title: string;
  children?: CategoryOption[];
}

export function useCategoryOptions(): CategoryOption[] {
  const [tree, setTree] = useState<ActCategory[]>([]);
  useEffect(() => {
    categoryService.treeData().then((d) => setTree(Array.isArray(d) ? d : [])).catch(() => setTree([]));
  }, []);
  const map = (l: ActCategory[]): CategoryOption[] => l.map((c) => ({ value: c.name, title: c.name, children: map(c.children ?? []) }));
  return map(tree);
}
