import { useRef } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, LabelLink, ListPage, http, useFormDialog, type ListPageHandle, type PageProps } from '@loom/ui';
import '../../locales/designer';
import '../../locales/designer-panel';

const P = { view: 'extension:condition:view', add: 'extension:condition:add', edit: 'extension:condition:edit', del: 'extension:condition:del' };

interface CommonExpression extends Record<string, unknown> {
  id: string;
  name: string;
  expression: string;
  remarks?: string;
}

/** 流程表达式 (`/extension/condition/ConditionList`): common expressions for sequence-flow conditions. */
export default function ConditionList(_props: PageProps) {
  const { t } = useTranslation('designer');
  const list = useRef<ListPageHandle<CommonExpression>>(null);
  const dlg = useFormDialog();
  return (
    <>
      <ListPage<CommonExpression>
        actionRef={list}
        url="/extension/condition/list"
        deleteUrl="/extension/condition/delete"
        permissions={P}
        exportName={t('condition.entity')}
        onAdd={() => dlg.show('add')}
        onEdit={(r) => dlg.show('edit', r.id)}
        onView={(r) => dlg.show('view', r.id)}
        rowActions={{ width: 160, items: () => ['view', 'edit'] }}
        columns={[
          {
            title: t('condition.name'), dataIndex: 'name', query: true, sorter: true,
            render: (_d, r) => <LabelLink editPermission={P.edit} viewPermission={P.view} onEdit={() => dlg.show('edit', r.id)} onView={() => dlg.show('view', r.id)}>{r.name}</LabelLink>,
          },
          { title: t('condition.expression'), dataIndex: 'expression', ellipsis: true },
          { title: t('common.remarks'), dataIndex: 'remarks', ellipsis: true },
        ]}
      />
      <FormDialog<CommonExpression>
        open={dlg.open}
        mode={dlg.mode}
        name={t('condition.entity')}
        width={640}
        load={() => http.get<CommonExpression>('/extension/condition/queryById', { id: dlg.id ?? '' })}
        onSubmit={(v) => http.post<string>('/extension/condition/save', v)}
        onSaved={() => list.current?.reload()}
        onClose={dlg.close}
      >
        <Form.Item name="name" label={t('condition.name')} rules={[{ required: true, whitespace: true, message: t('panel.nameRequired') }]}>
          <Input />
        </Form.Item>
        <Form.Item name="expression" label={t('condition.expression')} rules={[{ required: true, whitespace: true, message: t('common.required', { field: t('condition.expression') }) }]}>
          <Input.TextArea rows={3} placeholder="${days > 3}" />
        </Form.Item>
        <Form.Item name="remarks" label={t('common.remarks')}>
          <Input.TextArea rows={3} maxLength={255} />
        </Form.Item>
      </FormDialog>
    </>
  );
}
