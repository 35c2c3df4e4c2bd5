import { useCallback, useImperativeHandle, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import { Button, Dropdown, Space, Tooltip, type MenuProps } from 'antd';
import { DeleteOutlined, EditOutlined, ExportOutlined, PlusOutlined, PrinterOutlined } from '@ant-design/icons';
import { ProConfigProvider, ProTable, enUSIntl, zhCNIntl, type ActionType, type ProColumns, type ProTableProps } from '@ant-design/pro-components';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { http, type Page } from '../core/http';
import type { QueryObject } from '../core/qs';
import { usePageActivated } from '../core/activation';
import { usePermission } from '../core/hooks';
import { getDictLabel } from '../core/dict';
import { ALL_ROWS, DEFAULT_PAGE_SIZE, PAGE_SIZES, batchButtonState, toOrders, type Order } from './rules';
import { exportCsv, exportXlsx, printRows, type ExportColumn } from './exporting';
import { useConfirmDelete, useFeedback } from './feedback';
import { DictTag } from './Dict';
import { RowActions, type RowAction } from './RowActions';

/** A column of a ListPage: a ProTable column plus a few list conventions. */
// How wide a search field is, by the list's width (ProTable's steps: md from 785 px, xxl from 1057 px):
// four to a row only on a wide list in Chinese, three in English, whose labels and placeholders
// ("Please select") are longer, so that a field keeps room for both.
const QUERY_SPAN = { xs: 24, sm: 24, md: 12, lg: 8, xl: 8, xxl: 6 };
const QUERY_SPAN_EN = { ...QUERY_SPAN, xxl: 8 };
// A cell cut to one line (a column's `ellipsis`): at most this wide, the whole text in its tooltip.
const ELLIPSIS: React.CSSProperties = { maxWidth: 280, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' };

export type ListColumn<T> = ProColumns<T> & {
  /** Show this column as a field of the query form (default: not searchable). */
  query?: boolean;
  /** Server sort column when it is not the snake_case of the field (e.g. `c.name`). */
  sortKey?: string;
  /** Render the value as a dictionary tag of this type (and export its label). */
  dictType?: string;
  /** Value written by export and print (default: the displayed field value). */
  exportValue?: (row: T) => unknown;
  /** Leave this column out of export and print. */
  noExport?: boolean;
};

export interface ListParams extends QueryObject {
  current: number;
  size: number;
  orders: Array<{ column: string; asc: boolean }>;
}

export interface ListPageHandle<T = unknown> {
  /** Reloads the current page. */
  reload: () => void;
  /** Clears the query form and reloads from page 1. */
  reset: () => void;
  selectedRows: () => T[];
  clearSelection: () => void;
  /** The standard delete of these rows (a row's own delete link): confirm, delete, success message, reload. */
  remove: (rows: T[]) => void;
  /** Tree tables: opens every node that has children (true) or closes them all (false). */
  expandAll: (open: boolean) => void;
}

export interface ListPagePermissions {
  add?: string;
  edit?: string;
  del?: string;
  view?: string;
}

/** The standard links of a row: view calls `onView`, edit `onEdit`, delete the standard delete; each guarded by `permissions`. */
export type StandardRowAction = 'view' | 'edit' | 'delete';

/**
 * One link of a row's operation column: a standard link by name, a standard link with some of its
 * fields replaced (`{ key: 'edit', hidden: … }`, `{ key: 'edit', onClick: … }`), or a page's own link.
 * `false`/`null`/`undefined` entries are skipped, so a link can be written `cond && {…}`.
 */
export type ListRowAction = StandardRowAction | (Partial<RowAction> & { key: StandardRowAction }) | RowAction | false | null | undefined;

/** The operation column, always the last one. */
export interface ListRowActions<T> {
  /** The links of this row, in the order shown. */
  items: (row: T) => ListRowAction[];
  /** Column width in pixels. */
  width?: number;
  /** Column title (default 操作 / Actions). */
  title?: ReactNode;
}

export interface ListToolbarContext<T> {
  selectedRows: T[];
  reload: () => void;
  /** The filter of the rows shown: the query form's last searched values with the fixed `params`
   * (no paging or order), e.g. for a server-side export of what the list shows. */
  query: () => QueryObject;
}

export interface ListPageProps<T extends Record<string, unknown>> {
  /** A list endpoint answering a page (`{records, total}`): GET with current, size, orders and the query fields. */
  url?: string;
  /** Or a custom loader; return a page, or an array for a tree table without paging. */
  fetch?: (params: ListParams) => Promise<Page<T> | T[]>;
  /** Fixed extra query parameters (a change reloads from page 1), e.g. the office chosen in a side tree. */
  params?: QueryObject;
  columns: ListColumn<T>[];
  rowKey?: string;
  /** Title shown left of the toolbar buttons. */
  title?: ReactNode;
  /** Permission strings that guard the toolbar buttons (`add`, `edit`, `del`). */
  permissions?: ListPagePermissions;
  /** Toolbar "New" button. */
  onAdd?: () => void;
  /** Toolbar "Edit" button (enabled with exactly one ticked row). */
  onEdit?: (row: T) => void;
  /** A row's standard `view` link. */
  onView?: (row: T) => void;
  /** Toolbar "Delete" button (enabled with at least one ticked row) replacing the standard delete below. */
  onDelete?: (rows: T[]) => Promise<unknown> | void;
  /** The standard delete: confirm '确定删除所选项吗?', then `DELETE deleteUrl?ids=a,b`, the answer as a success message, reload. */
  deleteUrl?: string;
  /** The standard delete's call when it is not `DELETE deleteUrl?ids=` (answers the success message). */
  deleteRequest?: (ids: string[]) => Promise<unknown>;
  /** Called after the standard delete succeeded (e.g. to refresh a side tree). */
  onDeleted?: (rows: T[]) => void;
  /** More toolbar buttons after the standard ones. */
  toolbar?: (ctx: ListToolbarContext<T>) => ReactNode;
  /** Checkbox selection (default true). */
  selectable?: boolean;
  /** Paging (default true); false for tree tables. */
  paging?: boolean;
  /** Show the query form (default: when a column has `query`). */
  search?: boolean;
  /** File name (without extension) of exports and title of the print. */
  exportName?: string;
  /** The server's XLSX export of this list (GET with the search's fields, `orders[i]`, and `ids=a,b`
   * when rows are ticked); without it the XLSX is written in the browser from the rows loaded. */
  exportUrl?: string;
  /** The parameters `exportUrl` reads the search from (default: the search's fields as they are), for
   * a server whose export takes the search in a shape of its own (an online form's `params`). */
  exportQuery?: (search: QueryObject) => QueryObject;
  actionRef?: Ref<ListPageHandle<T>>;
  /** Extra ProTable props (escape hatch). */
  tableProps?: Partial<ProTableProps<T, QueryObject>>;
  /** Called with the loaded rows. */
  onLoad?: (rows: T[]) => void;
  /** Tree tables: expand every node after each load (default: true when `paging` is false). */
  expandAll?: boolean;
  /** The operation column with each row's links (view, edit, delete and the page's own). */
  rowActions?: ListRowActions<T>;
}

function getPath(row: unknown, dataIndex: unknown): unknown {
  const path = Array.isArray(dataIndex) ? dataIndex : typeof dataIndex === 'string' ? dataIndex.split('.') : [];
  let cur: unknown = row;
  for (const p of path) {
    if (cur == null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[String(p)];
  }
  return cur;
}

function columnKey<T>(c: ListColumn<T>, i: number): string {
  if (c.key != null) return String(c.key);
  if (c.dataIndex != null) return Array.isArray(c.dataIndex) ? c.dataIndex.join(',') : String(c.dataIndex);
  return String(i);
}

function flatten<T>(rows: T[]): T[] {
  const out: T[] = [];
  const walk = (list: T[]) => {
    for (const r of list) {
      out.push(r);
      const kids = (r as { children?: T[] }).children;
      if (Array.isArray(kids)) walk(kids);
    }
  };
  walk(rows);
  return out;
}

/** A tree's leaves as rows without `children`: the table draws an expander for any `children` array,
 * and tree answers (the back ends', the generated modules') send `children: []` on leaves. */
function withoutEmptyChildren<T>(rows: T[]): T[] {
  return rows.map((r) => {
    const kids = (r as { children?: T[] }).children;
    if (!Array.isArray(kids)) return r;
    if (kids.length === 0) {
      const { children: _leaf, ...rest } = r as T & { children?: T[] };
      return rest as T;
    }
    return { ...r, children: withoutEmptyChildren(kids) };
  });
}

/** Normalises the query form values: empty strings and nulls are dropped, dotted names are nested by qs. */
function cleanQuery(values: Record<string, unknown>): QueryObject {
  const out: QueryObject = {};
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined || v === null || v === '') continue;
    if (k === 'current' || k === 'pageSize' || k === 'keyword') continue;
    out[k] = v as QueryObject[string];
  }
  return out;
}

/**
 * The standard list screen: query form (Query, Reset, Enter searches), toolbar (New, Edit,
 * Delete, refresh, export of what the search finds or of the ticked rows as XLSX or CSV, print,
 * column settings), checkbox selection, remote
 * sorting, pager 10/20/100/1000/all, and a reload whenever its page is activated again.
 */
export function ListPage<T extends Record<string, unknown>>(props: ListPageProps<T>) {
  const { t, i18n } = useTranslation('ui');
  const intl = i18n.language?.startsWith('en') ? enUSIntl : zhCNIntl;
  const can = usePermission();
  const { message } = useFeedback();
  const confirmDelete = useConfirmDelete();
  const {
    url,
    fetch: fetcher,
    params,
    columns,
    rowKey = 'id',
    title,
    permissions = {},
    onAdd,
    onEdit,
    onView,
    onDelete,
    deleteUrl,
    deleteRequest,
    onDeleted,
    toolbar,
    selectable = true,
    paging = true,
    exportName = 'export',
    exportUrl,
    exportQuery,
  } = props;
  const action = useRef<ActionType>();
  const formRef = useRef<FormInstance>();
  const [selected, setSelected] = useState<T[]>([]);
  const [selectedKeys, setSelectedKeys] = useState<React.Key[]>([]);
  const rowsRef = useRef<T[]>([]);
  const queryRef = useRef<QueryObject>({});
  // the sort of the rows shown, which an export of every row keeps
  const ordersRef = useRef<ListParams['orders']>([]);
  const [hidden, setHidden] = useState<Record<string, { show?: boolean }>>({});
  const [expanded, setExpanded] = useState<React.Key[]>([]);
  const expandAll = props.expandAll ?? !paging;

  const reload = useCallback(() => {
    void action.current?.reload();
  }, []);
  const clearSelection = useCallback(() => {
    setSelected([]);
    setSelectedKeys([]);
  }, []);

  usePageActivated(reload);

  const sortKeys = useMemo(() => {
    const m: Record<string, string> = {};
    columns.forEach((c, i) => {
      if (c.sortKey) m[columnKey(c, i)] = c.sortKey;
      if (c.sortKey && c.dataIndex != null) m[Array.isArray(c.dataIndex) ? c.dataIndex.join('.') : String(c.dataIndex)] = c.sortKey;
    });
    return m;
  }, [columns]);

  const proColumns = useMemo<ProColumns<T>[]>(
    () =>
      columns.map((c) => {
        const { query, sortKey: _s, dictType, exportValue: _e, noExport: _n, ...rest } = c;
        const col: ProColumns<T> = { ...rest };
        if (dictType && !c.render) {
          col.render = (_dom, row) => <DictTag type={dictType} value={getPath(row, c.dataIndex)} />;
        }
        if (c.ellipsis) {
          // cut to one line by a box of its own, not by antd's ellipsis, which makes the whole table
          // fixed-width: its headers then break inside words ("Compa ny") to share the width equally
          const own = col.render;
          col.ellipsis = false;
          col.render = (dom, row, ...more) => {
            const shown = (own ? own(dom, row, ...more) : dom) as React.ReactNode;
            const text = getPath(row, c.dataIndex);
            return (
              <div style={ELLIPSIS} title={typeof text === 'string' || typeof text === 'number' ? String(text) : undefined}>
                {shown}
              </div>
            );
          };
        }
        if (c.search === undefined && c.hideInSearch === undefined) col.search = query ? undefined : false;
        return col;
      }),
    [columns],
  );

  const exportColumns = useCallback((): ExportColumn<T>[] => {
    return columns
      .map((c, i) => ({ c, key: columnKey(c, i) }))
      .filter(({ c, key }) => !c.noExport && !c.hideInTable && c.valueType !== 'option' && hidden[key]?.show !== false && c.dataIndex != null)
      .map(({ c }) => ({
        title: typeof c.title === 'string' ? c.title : String(c.dataIndex),
        value: (row: T) => {
          if (c.exportValue) return c.exportValue(row);
          const v = getPath(row, c.dataIndex);
          return c.dictType ? getDictLabel(c.dictType, v) : v;
        },
      }));
  }, [columns, hidden]);

  const request = useCallback<NonNullable<ProTableProps<T, QueryObject>['request']>>(
    async (p, sort) => {
      const { current = 1, pageSize = DEFAULT_PAGE_SIZE, ...rest } = p as Record<string, unknown> & { current?: number; pageSize?: number };
      const orders: Order[] = toOrders(sort as Record<string, 'ascend' | 'descend'>, sortKeys);
      queryRef.current = { ...cleanQuery(rest), ...(params ?? {}) };
      ordersRef.current = orders.map((o) => ({ column: o.column, asc: o.asc }));
      const q: ListParams = { ...queryRef.current, current, size: paging ? pageSize : ALL_ROWS, orders: ordersRef.current };
      const res = fetcher ? await fetcher(q) : await http.get<Page<T>>(url ?? '', q);
      const records = withoutEmptyChildren(Array.isArray(res) ? res : res?.records ?? []);
      const total = Array.isArray(res) ? res.length : res?.total ?? records.length;
      rowsRef.current = records;
      props.onLoad?.(records);
      if (expandAll) setExpanded(flatten(records).filter((r) => Array.isArray(r.children) && r.children.length > 0).map((r) => r[rowKey] as React.Key));
      // keep the ticked rows that are still present
      setSelected((prev) => prev.filter((r) => flatten(records).some((x) => x[rowKey] === r[rowKey])));
      setSelectedKeys((prev) => prev.filter((k) => flatten(records).some((x) => x[rowKey] === k)));
      return { data: records, total, success: true };
    },
    [url, fetcher, params, paging, sortKeys, rowKey, expandAll],
  );

  const state = batchButtonState(selected.length);

  const canRemove = !!(deleteUrl || deleteRequest);
  const remove = useCallback(
    (rows: T[]) => {
      if (!canRemove || !rows.length) return;
      const ids = rows.map((r) => String(r[rowKey]));
      confirmDelete(async () => {
        const msg = deleteRequest ? await deleteRequest(ids) : await http.delete<string>(deleteUrl ?? '', { ids: ids.join(',') }, { loading: true });
        if (typeof msg === 'string' && msg) void message.success(msg);
        clearSelection();
        reload();
        onDeleted?.(rows);
      });
    },
    [canRemove, deleteRequest, deleteUrl, onDeleted, confirmDelete, message, rowKey, clearSelection, reload],
  );

  const doDelete = useCallback(
    (rows: T[]) => {
      if (!onDelete) return remove(rows);
      void Promise.resolve(onDelete(rows)).then(() => {
        clearSelection();
        reload();
      });
    },
    [onDelete, remove, clearSelection, reload],
  );

  const rowActions = props.rowActions;
  const tableColumns = useMemo<ProColumns<T>[]>(() => {
    if (!rowActions) return proColumns;
    const standard = (row: T): Record<StandardRowAction, RowAction> => ({
      view: { key: 'view', label: t('view'), permission: permissions.view, onClick: () => onView?.(row) },
      edit: { key: 'edit', label: t('edit'), permission: permissions.edit, onClick: () => onEdit?.(row) },
      delete: { key: 'delete', label: t('delete'), permission: permissions.del, danger: true, onClick: () => remove([row]) },
    });
    const links = (row: T): RowAction[] => {
      const named = standard(row);
      return rowActions.items(row).flatMap((a): RowAction[] => {
        if (!a) return [];
        if (typeof a === 'string') return [named[a]];
        return [a.key in named ? { ...named[a.key as StandardRowAction], ...a } : (a as RowAction)];
      });
    };
    const column: ProColumns<T> = {
      title: rowActions.title ?? t('operation'),
      valueType: 'option',
      width: rowActions.width,
      render: (_d, row) => <RowActions actions={links(row)} />,
    };
    return [...proColumns, column];
  }, [proColumns, rowActions, permissions.view, permissions.edit, permissions.del, onView, onEdit, remove, t]);

  useImperativeHandle(
    props.actionRef,
    () => ({
      reload,
      reset: () => {
        formRef.current?.resetFields();
        void action.current?.reset?.();
        void action.current?.reload(true);
      },
      selectedRows: () => selected,
      clearSelection,
      remove,
      expandAll: (open: boolean) =>
        setExpanded(open ? flatten(rowsRef.current).filter((r) => Array.isArray(r.children) && r.children.length > 0).map((r) => r[rowKey] as React.Key) : []),
    }),
    [reload, selected, clearSelection, remove, rowKey],
  );

  /** Every row the search finds, in the list's order (not only the page shown). */
  const everyRow = useCallback(async (): Promise<T[]> => {
    const q: ListParams = { ...queryRef.current, current: 1, size: ALL_ROWS, orders: ordersRef.current };
    const res = fetcher ? await fetcher(q) : await http.get<Page<T>>(url ?? '', q, { loading: true });
    return flatten(Array.isArray(res) ? res : res?.records ?? []);
  }, [fetcher, url]);

  /** Exports what the search finds (`all`) or the ticked rows (`selected`), as JeePlus offers: through
   * the server's export when the list has one (XLSX), else written here from the rows. */
  const exportRows = useCallback(
    async (scope: 'all' | 'selected', format: 'xlsx' | 'csv') => {
      if (exportUrl && format === 'xlsx') {
        const ids = scope === 'selected' ? { ids: selected.map((r) => String(r[rowKey])).join(',') } : {};
        const search = exportQuery ? exportQuery(queryRef.current) : queryRef.current;
        await http.download(exportUrl, { ...search, orders: ordersRef.current, ...ids }, `${exportName}.xlsx`);
        return;
      }
      const rows = scope === 'selected' ? selected : await everyRow();
      if (format === 'csv') exportCsv(exportName, exportColumns(), rows);
      else await exportXlsx(exportName, exportColumns(), rows);
    },
    [exportUrl, exportQuery, exportName, selected, rowKey, everyRow, exportColumns],
  );

  const choice = (scope: 'all' | 'selected', format: 'xlsx' | 'csv', disabled = false) => ({
    key: `${scope}:${format}`,
    disabled,
    label: <span data-export={`${scope}-${format}`}>{t(format === 'xlsx' ? 'exportXlsx' : 'exportCsv')}</span>,
  });
  const exportItems: MenuProps['items'] = [
    { type: 'group', key: 'all', label: t('exportAll'), children: [choice('all', 'xlsx'), choice('all', 'csv')] },
    ...(selectable
      ? [
          {
            type: 'group' as const,
            key: 'selected',
            label: t('exportSelected', { count: selected.length }),
            children: [choice('selected', 'xlsx', !selected.length), choice('selected', 'csv', !selected.length)],
          },
        ]
      : []),
  ];

  const headerButtons = (
    <Space wrap>
      {title ? <span className="loom-list-title">{title}</span> : null}
      {onAdd && can(permissions.add) ? (
        <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} data-action="add">
          {t('add')}
        </Button>
      ) : null}
      {onEdit && selectable && can(permissions.edit) ? (
        <Button icon={<EditOutlined />} disabled={!state.edit} onClick={() => selected[0] && onEdit(selected[0])} data-action="edit">
          {t('edit')}
        </Button>
      ) : null}
      {(onDelete || canRemove) && selectable && can(permissions.del) ? (
        <Button danger icon={<DeleteOutlined />} disabled={!state.delete} onClick={() => doDelete(selected)} data-action="delete">
          {t('delete')}
        </Button>
      ) : null}
      {toolbar?.({ selectedRows: selected, reload, query: () => queryRef.current })}
    </Space>
  );

  const hasQuery = props.search ?? columns.some((c) => c.query);

  return (
    <ProConfigProvider intl={intl}>
    <ProTable<T, QueryObject>
      className="loom-list-page"
      rowKey={rowKey}
      actionRef={action}
      formRef={formRef}
      columns={tableColumns}
      tableLayout="auto"
      request={request}
      params={params}
      columnsState={{ value: hidden, onChange: (v) => setHidden(v as Record<string, { show?: boolean }>) }}
      search={hasQuery ? { labelWidth: 'auto', defaultCollapsed: false, searchText: t('query'), resetText: t('reset'), span: i18n.language?.startsWith('en') ? QUERY_SPAN_EN : QUERY_SPAN } : false}
      form={{ isKeyPressSubmit: true, validateTrigger: 'onBlur' }}
      headerTitle={headerButtons}
      options={{ reload: true, density: false, setting: { listsHeight: 400 }, fullScreen: false }}
      toolBarRender={() => [
        <Dropdown
          key="export"
          trigger={['click']}
          menu={{
            items: exportItems,
            onClick: ({ key }) => {
              const [scope, format] = key.split(':') as ['all' | 'selected', 'xlsx' | 'csv'];
              // a failed request has shown its message already (@loom/ui http)
              exportRows(scope, format).catch(() => undefined);
            },
          }}
        >
          <Tooltip title={t('export')}>
            <Button type="text" icon={<ExportOutlined />} aria-label={t('export')} data-action="export" />
          </Tooltip>
        </Dropdown>,
        <Tooltip key="print" title={t('print')}>
          <Button
            type="text"
            icon={<PrinterOutlined />}
            aria-label={t('print')}
            data-action="print"
            onClick={() => printRows(exportName, exportColumns(), flatten(rowsRef.current))}
          />
        </Tooltip>,
      ]}
      rowSelection={
        selectable
          ? {
              selectedRowKeys: selectedKeys,
              checkStrictly: true,
              onChange: (keys, rows) => {
                setSelectedKeys(keys);
                setSelected(rows.filter(Boolean));
              },
            }
          : false
      }
      tableAlertRender={false}
      expandable={expandAll ? { expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded([...keys]) } : undefined}
      pagination={
        paging
          ? {
              defaultPageSize: DEFAULT_PAGE_SIZE,
              pageSizeOptions: [...PAGE_SIZES],
              showSizeChanger: {
                options: PAGE_SIZES.map((n) => ({ value: n, label: n === ALL_ROWS ? t('all') : t('perPage', { n }) })),
              },
              showQuickJumper: true,
              showTotal: (total) => t('totalItems', { total, count: total }),
            }
          : false
      }
      size="middle"
      bordered
      {...props.tableProps}
    />
    </ProConfigProvider>
  );
}
