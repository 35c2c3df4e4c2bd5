import { useRef, type ReactNode } from 'react';
import { Descriptions, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, LabelLink, ListPage, maxLen, required, SortInput, sortRules, useFormDialog, type ListColumn, type ListPageHandle } from '@loom/ui';
import { refService } from './service';

export interface LabelValueRow extends Record<string, unknown> {
  id: string;
  label: string;
  value: string;
  sort?: number;
  component?: string;
  importPath?: string;
}

export interface RefTypeListProps {
  /** Resource name: validateType, showType, queryType. */
  resource: 'validateType' | 'showType' | 'queryType';
  /** Entity name for the dialog title. */
  entity: string;
  /** Show the component and import path fields (control types). */
  withComponent?: boolean;
  /** Expandable rows showing the record (validation types). */
  expandable?: boolean;
  /** Search by label and value (default true). */
  searchable?: boolean;
}

/** The label/value/sort lists of validation, control and query types. */
export function RefTypeList({ resource, entity, withComponent, expandable, searchable = true }: RefTypeListProps) {
  const { t } = useTranslation('gencode');
  const svc = refService<LabelValueRow>(resource);
  const P = { view: `gencode:${resource}:view`, add: `gencode:${resource}:add`, edit: `gencode:${resource}:edit`, del: `gencode:${resource}:del` };
  const list = useRef<ListPageHandle<LabelValueRow>>(null);
  const dlg = useFormDialog();


  const columns: ListColumn<LabelValueRow>[] = [
    {
      title: t('common.label'),
      dataIndex: 'label',
      query: searchable,
      render: (_d, r) => (
        <LabelLink editPermission={P.edit} viewPermission={P.view} onEdit={() => dlg.show('edit', r.id)} onView={() => dlg.show('view', r.id)}>
          {r.label}
        </LabelLink>
      ),
    },
    { title: t('common.value'), dataIndex: 'value', query: searchable, sorter: true },
  ];
  if (withComponent) {
    columns.push({ title: t('showType.component'), dataIndex: 'component', sorter: true });
    columns.push({ title: t('showType.importPath'), dataIndex: 'importPath', ellipsis: true });
  }
  columns.push({ title: t('common.sort'), dataIndex: 'sort', sorter: true, width: 100 });

  const expand = expandable
    ? {
        expandable: {
          expandedRowRender: (r: LabelValueRow): ReactNode => (
            <Descriptions size="small" column={3} bordered>
              <Descriptions.Item label={t('common.label')}>{r.label}</Descriptions.Item>
              <Descriptions.Item label={t('common.value')}>{r.value}</Descriptions.Item>
              <Descriptions.Item label={t('common.sort')}>{String(r.sort ?? '')}</Descriptions.Item>
            </Descriptions>
          ),
        },
      }
    : {};

  return (
    <div className={`loom-gencode-${resource}`}>
      <ListPage<LabelValueRow>
        actionRef={list}
        url={svc.listUrl}
        deleteUrl={svc.deleteUrl}
        exportName={entity}
        permissions={P}
        onAdd={() => dlg.show('add')}
        onEdit={(r) => dlg.show('edit', r.id)}
        onView={(r) => dlg.show('view', r.id)}
        rowActions={{ width: 180, items: () => ['view', 'edit', 'delete'] }}
        columns={columns}
        tableProps={expand}
      />
      <FormDialog<LabelValueRow>
        open={dlg.open}
        mode={dlg.mode}
        name={entity}
        width={640}
        initialValues={{ sort: 10 }}
        load={() => svc.queryById(String(dlg.id ?? ''))}
        onSubmit={(v) => svc.save(v)}
        onSaved={() => list.current?.reload()}
        onClose={dlg.close}
      >
        <Form.Item name="label" label={t('common.label')} rules={[required(t('common.labelRequired'))]}>
          <Input />
        </Form.Item>
        <Form.Item name="value" label={t('common.value')} rules={[required(t('common.valueRequired'))]}>
          <Input />
        </Form.Item>
        {withComponent ? (
          <>
            <Form.Item name="component" label={t('showType.component')} rules={[maxLen(50)]}>
              <Input />
            </Form.Item>
            <Form.Item name="importPath" label={t('showType.importPath')} rules={[maxLen(250)]}>
              <Input />
            </Form.Item>
          </>
        ) : null}
        <Form.Item name="sort" label={t('common.sort')} rules={sortRules()}>
          <SortInput />
        </Form.Item>
      </FormDialog>
    </div>
  );
}
