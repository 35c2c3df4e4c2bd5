import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { TreeSelect as AntTreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { http } from '../core/http';
import type { QueryObject } from '../core/qs';
import { findInTree } from '../core/tree';
import { treeNodeSelectable } from './rules';
import { useFeedback } from './feedback';

export interface TreeFieldNames {
  value?: string;
  label?: string;
  children?: string;
}

type RawNode = Record<string, unknown>;

export interface LoomTreeSelectProps {
  /** GET url answering a tree (bare array with children), e.g. `/sys/office/treeData`. */
  url?: string;
  params?: QueryObject;
  /** Static tree (instead of `url`). */
  data?: RawNode[];
  /** Field names of the nodes (default value `id`, label `label`, children `children`). */
  fieldNames?: TreeFieldNames;
  value?: string | null;
  /** Receives the id, the label and the node (null when cleared). */
  onChange?: (value: string | null, label?: string, node?: RawNode) => void;
  /** Only leaves may be chosen: a node with children warns like a disabled node. */
  onlyLeaf?: boolean;
  /** Marks nodes that cannot be chosen (default: `node.disabled === true`). Clicking one warns. */
  isDisabled?: (node: RawNode) => boolean;
  /** Leaves nodes out, with everything below them (a menu tree's buttons, which are no parents). */
  isHidden?: (node: RawNode) => boolean;
  placeholder?: string;
  allowClear?: boolean;
  disabled?: boolean;
  /** Renders a node label (e.g. with an icon). */
  renderLabel?: (node: RawNode) => ReactNode;
  style?: React.CSSProperties;
  id?: string;
}

interface Option {
  value: string;
  title: ReactNode;
  label: string;
  raw: RawNode;
  blocked: boolean;
  children?: Option[];
  className?: string;
}

/** '加载数据中...' gaining a dot every 500 ms while loading. */
export function useLoadingDots(loading: boolean, base: string): string {
  const [dots, setDots] = useState(0);
  useEffect(() => {
    if (!loading) {
      setDots(0);
      return;
    }
    const timer = setInterval(() => setDots((d) => d + 1), 500);
    return () => clearInterval(timer);
  }, [loading]);
  return base + '.'.repeat(dots);
}

/**
 * Tree select over a URL or a static tree. While loading its placeholder reads '加载数据中...'
 * and gains a dot every 500 ms; then '请选择'. Choosing a disabled node (or, with `onlyLeaf`, a
 * node with children) warns '不能选择根节点（{label}）请重新选择。' and keeps the value.
 */
export function LoomTreeSelect(props: LoomTreeSelectProps) {
  const { t } = useTranslation('ui');
  const { message } = useFeedback();
  const fv = props.fieldNames?.value ?? 'id';
  const fl = props.fieldNames?.label ?? 'label';
  const fc = props.fieldNames?.children ?? 'children';
  const [remote, setRemote] = useState<RawNode[] | null>(null);
  const [loading, setLoading] = useState(!!props.url);
  const loadingText = useLoadingDots(loading, t('treeLoading'));
  const paramsKey = JSON.stringify(props.params ?? {});

  useEffect(() => {
    if (!props.url) return;
    let alive = true;
    setLoading(true);
    http
      .get<RawNode[]>(props.url, props.params)
      .then((d) => alive && setRemote(Array.isArray(d) ? d : []))
      .catch(() => alive && setRemote([]))
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.url, paramsKey]);

  const source = props.url ? remote ?? [] : props.data ?? [];
  const isDisabled = props.isDisabled ?? ((n: RawNode) => n.disabled === true);

  const options = useMemo(() => {
    const conv = (nodes: RawNode[]): Option[] =>
      nodes.map((n) => {
        const kids = (Array.isArray(n[fc]) ? (n[fc] as RawNode[]) : []).filter((k) => !props.isHidden?.(k));
        const blocked = !treeNodeSelectable({ disabled: isDisabled(n), children: kids }, props.onlyLeaf);
        const label = String(n[fl] ?? '');
        return {
          value: String(n[fv]),
          label,
          title: props.renderLabel ? props.renderLabel(n) : label,
          raw: n,
          blocked,
          className: blocked ? 'loom-tree-node-blocked' : undefined,
          children: kids.length ? conv(kids) : undefined,
        };
      });
    return conv(source.filter((n) => !props.isHidden?.(n)));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source, fv, fl, fc, props.onlyLeaf, props.isHidden]);

  const onChange = (v: string | undefined) => {
    if (v === undefined || v === null) {
      props.onChange?.(null);
      return;
    }
    const opt = findInTree(options, (o) => o.value === String(v));
    if (!opt) return;
    if (opt.blocked) {
      void message.warning(t('treeRootWarn', { label: opt.label }));
      return;
    }
    props.onChange?.(opt.value, opt.label, opt.raw);
  };

  const known = props.value != null && props.value !== '' && !!findInTree(options, (o) => o.value === props.value);

  return (
    <AntTreeSelect
      id={props.id}
      style={{ width: '100%', ...props.style }}
      value={known ? props.value ?? undefined : props.value ? props.value : undefined}
      treeData={options}
      treeNodeLabelProp="label"
      onChange={onChange}
      allowClear={props.allowClear ?? true}
      disabled={props.disabled}
      placeholder={loading ? loadingText : props.placeholder ?? t('pleaseSelect')}
      showSearch
      treeNodeFilterProp="label"
      treeDefaultExpandAll
      popupMatchSelectWidth={false}
      styles={{ popup: { root: { maxHeight: 400, overflow: 'auto', minWidth: 240 } } }}
      loading={loading}
      notFoundContent={loading ? loadingText : t('noData')}
    />
  );
}
