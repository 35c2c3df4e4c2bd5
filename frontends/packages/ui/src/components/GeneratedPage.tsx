import { useEffect, useRef, useState } from 'react';
import { DatePicker, Form, Input, InputNumber, Result, Spin, TreeSelect } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { http } from '../core/http';
import type { ModulePages, PageColumn } from '../api/apps';
import type { GeneratedModule } from '../core/remote';
import { DictRadio, DictSelect } from './Dict';
import { FormDialog, useFormDialog } from './FormDialog';
import { maxLen, required } from './formRules';
import { LabelLink } from './LabelLink';
import { ListPage, type ListColumn, type ListPageHandle } from './ListPage';

/** A column of a generated module as its pages describe it (`GET /apps/module/pages`). */
export type GeneratedColumn = PageColumn;
/** The list and form pages of a generated module, as data. */
export type GeneratedPages = ModulePages;

const TREE_TYPES = ['3', '4'];
/** Columns a tree keeps for itself (the server derives the parents' path). */
const TREE_HIDDEN = ['parent_ids'];

/** The parent of a tree row: the module's own tree, loaded when the dialog opens. */
function ParentSelect({ base, value, onChange, disabled }: { base: string; value?: string; onChange?: (v: string) => void; disabled?: boolean }) {
  const [tree, setTree] = useState<Row[]>([]);
  useEffect(() => {
    void http.get<Row[]>(`${base}/treeData`).then((t) => setTree(Array.isArray(t) ? t : []));
  }, [base]);
  return (
    <TreeSelect
      allowClear
      treeDefaultExpandAll
      disabled={disabled}
      value={value && value !== '0' ? value : undefined}
      onChange={(v) => onChange?.(v ?? '0')}
      treeData={tree}
      fieldNames={{ label: 'name', value: 'id', children: 'children' }}
    />
  );
}

type Row = Record<string, unknown>;

const DATE_FORMATS: Record<string, string> = { date: 'YYYY-MM-DD', datetime: 'YYYY-MM-DDTHH:mm:ss' };

/** The input a column's control type asks for. */
function widget(column: GeneratedColumn, base: string) {
  if (column.name === 'parent_id') return <ParentSelect base={base} />;
  if (column.dictType && (column.showType === 'radiobox' || column.showType === 'radio')) return <DictRadio type={column.dictType} />;
  if (column.dictType) return <DictSelect type={column.dictType} />;
  if (column.pyType === 'int' || column.pyType === 'float') return <InputNumber style={{ width: '100%' }} />;
  if (DATE_FORMATS[column.pyType]) return <DatePicker showTime={column.pyType === 'datetime'} style={{ width: '100%' }} />;
  if (column.showType === 'textarea' || column.showType === 'umeditor') return <Input.TextArea rows={3} />;
  return <Input />;
}

function dateProps(column: GeneratedColumn) {
  const format = DATE_FORMATS[column.pyType];
  if (!format) return {};
  return {
    getValueProps: (v: unknown) => ({ value: v ? dayjs(String(v)) : undefined }),
    normalize: (v: dayjs.Dayjs | null) => (v ? v.format(format) : null),
  };
}

/** Columns the server writes itself: never a form field (a workflow form's instance id). */
const SERVER_FIELDS = ['proc_ins_id'];

/**
 * The form fields of a generated module, drawn from its pages (required and length rules, dictionary
 * selects, dates, a tree's parent), inside the caller's antd `Form`: the module's dialog and the
 * task center's external form draw the same fields.
 */
export function GeneratedFields({ pages }: { pages: GeneratedPages }) {
  const { t } = useTranslation('ui');
  const tree = TREE_TYPES.includes(pages.tableType);
  return (
    <>
      {pages.columns
        .filter((c) => c.form && !SERVER_FIELDS.includes(c.name) && !(tree && TREE_HIDDEN.includes(c.name)))
        .map((c) => (
          <Form.Item
            key={c.field}
            name={c.field}
            label={c.label}
            rules={[...(c.required ? [required(t('fieldRequired', { label: c.label }))] : []), ...(c.maxLength ? [maxLen(c.maxLength)] : [])]}
            {...dateProps(c)}
          >
            {widget(c, pages.apiPrefix)}
          </Form.Item>
        ))}
    </>
  );
}

/** A generated module's list and form dialog, rendered from its pages (the server enforces the same rules). */
export function GeneratedList({ pages }: { pages: GeneratedPages }) {
  const { t } = useTranslation('ui');
  const list = useRef<ListPageHandle<Row>>(null);
  const dlg = useFormDialog();
  const base = pages.apiPrefix;
  const P = { view: `${pages.permission}:view`, add: `${pages.permission}:add`, edit: `${pages.permission}:edit`, del: `${pages.permission}:del` };
  const tree = TREE_TYPES.includes(pages.tableType);
  const shown = pages.columns.filter((c) => c.list && !c.pk && !(tree && (TREE_HIDDEN.includes(c.name) || c.name === 'parent_id')));
  const columns: ListColumn<Row>[] = shown.map((c, i) => ({
    title: c.label,
    dataIndex: c.field,
    query: c.query,
    sorter: true,
    sortKey: c.name,
    dictType: c.dictType || undefined,
    ...(c.query && c.dictType ? { renderFormItem: () => <DictSelect type={c.dictType} /> } : {}),
    ...(i === 0
      ? {
          render: (_d: unknown, r: Row) => (
            <LabelLink editPermission={P.edit} viewPermission={P.view} onEdit={() => dlg.show('edit', String(r[pages.pk]))} onView={() => dlg.show('view', String(r[pages.pk]))}>
              {String(r[c.field] ?? '')}
            </LabelLink>
          ),
        }
      : {}),
  }));
  return (
    <div className="loom-generated-page" data-module={pages.name}>
      <ListPage<Row>
        actionRef={list}
        {...(tree ? { fetch: () => http.get<Row[]>(`${base}/treeData`), search: false } : { url: `${base}/list` })}
        deleteUrl={`${base}/delete`}
        rowKey={pages.pk}
        exportName={pages.title}
        exportUrl={`${base}/export`}
        permissions={P}
        onAdd={() => dlg.show('add')}
        onEdit={(r) => dlg.show('edit', String(r[pages.pk]))}
        onView={(r) => dlg.show('view', String(r[pages.pk]))}
        rowActions={{ width: 180, items: () => ['view', 'edit', 'delete'] }}
        columns={columns}
      />
      <FormDialog<Row>
        open={dlg.open}
        mode={dlg.mode}
        name={pages.title}
        width={720}
        load={() => http.get<Row>(`${base}/queryById`, { id: String(dlg.id ?? '') })}
        onSubmit={(v) => http.post(`${base}/save`, v)}
        onSaved={() => list.current?.reload()}
        onClose={dlg.close}
      >
        <GeneratedFields pages={pages} />
      </FormDialog>
    </div>
  );
}

/** The page of a live generated module: loads its pages from the app host, then renders them. */
export function GeneratedPage({ module }: { module: GeneratedModule }) {
  const { t } = useTranslation('ui');
  const [pages, setPages] = useState<GeneratedPages | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    setPages(null);
    setFailed(false);
    http
      .get<GeneratedPages>('/apps/module/pages', { name: module.name }, { silent: true })
      .then((p) => alive && setPages(p))
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, [module.name]);
  if (failed) return <Result status="warning" title={t('moduleUnavailable', { name: module.name })} />;
  if (!pages)
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin />
      </div>
    );
  return <GeneratedList pages={pages} />;
}
