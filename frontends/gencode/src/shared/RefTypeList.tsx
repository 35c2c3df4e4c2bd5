import type { ReactNode } from 'react';
import { Descriptions, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage, maxLen, required, SortItem, sortRules, type CrudColumn } from '@loom/ui';
import type { LabelValuePublic, ShowTypePublic } from '../api/types';
import { refService } from './service';

/** A validation, control or query type as its list and queryById answer it (a control type with its
 * component and import path; `labelEn` shown instead of the label in en-US). */
export type LabelValueRow = LabelValuePublic & Partial<Pick<ShowTypePublic, 'component' | 'importPath'>>;

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

/** The required label and value fields of a label/value record (the reference types, a database type's column types). */
export function LabelValueItems() {
  const { t } = useTranslation('gencode');
  return (
    <>
      <Form.Item name="label" label={t('common.label')} rules={[required(t('common.labelRequired'))]}>
        <Input />
      </Form.Item>
      <Form.Item name="value" label={t('common.value')} rules={[required(t('common.valueRequired'))]}>
        <Input />
      </Form.Item>
    </>
  );
}

/** The label/value/sort lists of validation, control and query types. */
export function RefTypeList({ resource, entity, withComponent, expandable, searchable = true }: RefTypeListProps) {
  const { t } = useTranslation('gencode');
  const svc = refService<LabelValueRow>(resource);
  const P = { view: `gencode:${resource}:view`, add: `gencode:${resource}:add`, edit: `gencode:${resource}:edit`, del: `gencode:${resource}:del` };

  const columns: CrudColumn<LabelValueRow>[] = [
    { title: t('common.label'), dataIndex: 'label', query: searchable, link: true },
    { title: t('common.labelEn'), dataIndex: 'labelEn' },
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
    <CrudPage<LabelValueRow>
      className={`loom-gencode-${resource}`}
      entity={entity}
      resource={svc}
      permissions={P}
      rowActions={{ width: 180, items: () => ['view', 'edit', 'delete'] }}
      columns={columns}
      tableProps={expand}
      dialog={{ width: 640, initialValues: { sort: 10 } }}
    >
      <LabelValueItems />
      <Form.Item name="labelEn" label={t('common.labelEn')} rules={[maxLen(100)]}>
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
      <SortItem label={t('common.sort')} rules={sortRules()} />
    </CrudPage>
  );
}
