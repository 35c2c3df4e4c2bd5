import { useRef } from 'react';
import { Alert, Drawer, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictSelect, FormDialog, ListPage, http, useFormDialog, type ListPageHandle } from '@loom/ui';
import type { DataRulePublic } from '../../../api/types';
import { requiredRule } from '../../../shared/fields';

/** A data rule as `/sys/dataRule/list` and `queryById` answer it (the generated client's type). */
export type DataRule = DataRulePublic & Record<string, unknown>;

const P = { view: 'sys:menu:view', add: 'sys:menu:edit', edit: 'sys:menu:edit', del: 'sys:menu:edit' };

/** A menu's data rules (数据规则): field, operator and value, refused by the server when they
 * cannot compile; granted to roles on the role's grant screen. */
export function DataRulesDrawer({ menu, onClose }: { menu: { id: string; name: string } | null; onClose: () => void }) {
  const { t } = useTranslation('sys');
  const list = useRef<ListPageHandle<DataRule>>(null);
  const dlg = useFormDialog();
  return (
    <Drawer open={menu != null} width={900} title={`${t('dataRule.manage')} - ${menu?.name ?? ''}`} onClose={onClose} destroyOnClose>
      {menu && (
        <ListPage<DataRule>
          actionRef={list}
          url="/sys/dataRule/list"
          params={{ menuId: menu.id }}
          deleteRequest={(ids) => http.delete('/sys/dataRule/delete', { ids: ids.join(',') })}
          permissions={P}
          search={false}
          exportName={t('dataRule.entity')}
          onAdd={() => dlg.show('add')}
          onEdit={(r) => dlg.show('edit', r.id)}
          rowActions={{ width: 120, items: (r) => [{ key: 'edit', onClick: () => dlg.show('edit', r.id) }] }}
          columns={[
            { title: t('dataRule.name'), dataIndex: 'name' },
            { title: t('dataRule.field'), dataIndex: 'field' },
            { title: t('dataRule.express'), dataIndex: 'express', dictType: 't_express' },
            { title: t('dataRule.value'), dataIndex: 'value', ellipsis: true },
          ]}
        />
      )}
      <FormDialog<DataRule>
        open={dlg.open}
        mode={dlg.mode}
        name={t('dataRule.entity')}
        width={640}
        initialValues={{ express: '=' }}
        load={() => http.get<DataRule>('/sys/dataRule/queryById', { id: dlg.id ?? '' })}
        onSubmit={(v) => http.post<string>('/sys/dataRule/save', { ...v, menuId: menu?.id })}
        onSaved={() => list.current?.reload()}
        onClose={dlg.close}
      >
        <Form.Item name="name" label={t('dataRule.name')} rules={[requiredRule(t, t('dataRule.name')), { max: 100 }]}>
          <Input data-testid="datarule-name" />
        </Form.Item>
        <Form.Item name="field" label={t('dataRule.field')} rules={[requiredRule(t, t('dataRule.field')), { max: 100 }]}>
          <Input placeholder="create_by" data-testid="datarule-field" />
        </Form.Item>
        <Form.Item name="express" label={t('dataRule.express')} rules={[requiredRule(t, t('dataRule.express'))]}>
          <DictSelect type="t_express" allowClear={false} />
        </Form.Item>
        <Form.Item name="value" label={t('dataRule.value')} rules={[{ max: 1000 }]}>
          <Input placeholder="#{currentUser.id}" data-testid="datarule-value" />
        </Form.Item>
        <Alert type="info" showIcon message={t('dataRule.help')} style={{ marginBottom: 16 }} />
        <Form.Item name="remarks" label={t('common.remarks')}>
          <Input.TextArea rows={2} maxLength={255} />
        </Form.Item>
      </FormDialog>
    </Drawer>
  );
}
