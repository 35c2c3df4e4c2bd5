import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage, crudResource, RemarksItem, type PageProps } from '@loom/ui';
import '../../locales/designer';
import '../../locales/designer-panel';
import type { ConditionRecord } from '../../api/types';

const P = { view: 'extension:condition:view', add: 'extension:condition:add', edit: 'extension:condition:edit', del: 'extension:condition:del' };

const resource = crudResource<ConditionRecord>('/extension/condition');

/** 流程表达式 (`/flowable/extension/ConditionList`): common expressions for sequence-flow conditions. */
export default function ConditionList(_props: PageProps) {
  const { t } = useTranslation('designer');
  return (
    <CrudPage<ConditionRecord>
      entity={t('condition.entity')}
      resource={resource}
      permissions={P}
      rowActions={{ width: 160, items: () => ['view', 'edit'] }}
      columns={[
        { title: t('condition.name'), dataIndex: 'name', query: true, sorter: true, link: true },
        { title: t('condition.expression'), dataIndex: 'expression', ellipsis: true },
        { title: t('common.remarks'), dataIndex: 'remarks', ellipsis: true },
      ]}
      dialog={{ width: 640 }}
    >
      <Form.Item name="name" label={t('condition.name')} rules={[{ required: true, whitespace: true, message: t('panel.nameRequired') }]}>
        <Input />
      </Form.Item>
      <Form.Item name="expression" label={t('condition.expression')} rules={[{ required: true, whitespace: true, message: t('common.required', { field: t('condition.expression') }) }]}>
        <Input.TextArea rows={3} placeholder="${days > 3}" />
      </Form.Item>
      <RemarksItem label={t('common.remarks')} />
    </CrudPage>
  );
}
