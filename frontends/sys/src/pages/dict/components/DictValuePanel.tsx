import { useRef } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, inReadersLanguage, LabelLink, ListPage, SortInput, useFormDialog, type ListPageHandle } from '@loom/ui';
import { dictService } from '../service';
import type { DictType, DictValue } from '../types';
import { requiredRule } from '../../../shared/fields';

const P = { view: 'sys:dict:view', add: 'sys:dict:add', edit: 'sys:dict:edit', del: 'sys:dict:del' };

/** The values of one dictionary type. */
export function DictValuePanel({ dictType }: { dictType: DictType }) {
  const { t } = useTranslation('sys');
  const list = useRef<ListPageHandle<DictValue>>(null);
  const dlg = useFormDialog();
  return (
    <div className="loom-dict-values" data-dict-type={dictType.type}>
      <ListPage<DictValue>
        key={dictType.id}
        actionRef={list}
        title={<b>{t('dict.valuesOf', { type: dictType.type })}</b>}
        fetch={() => dictService.values(dictType.id)}
        paging={false}
        exportName={`${dictType.type}`}
        permissions={P}
        onAdd={() => dlg.show('add')}
        onEdit={(r) => dlg.show('edit', r.id)}
        deleteRequest={dictService.deleteValues}
        rowActions={{ width: 150, items: () => ['edit', 'delete'] }}
        columns={[
          {
            title: t('dict.label'),
            dataIndex: 'label',
            render: (_d, r) => (
              <LabelLink editPermission={P.edit} viewPermission={P.view} onEdit={() => dlg.show('edit', r.id)} onView={() => dlg.show('view', r.id)}>
                {inReadersLanguage(r.label, r.labelEn)}
              </LabelLink>
            ),
          },
          { title: t('dict.value'), dataIndex: 'value' },
          { title: t('common.sort'), dataIndex: 'sort' },
        ]}
      />
      <FormDialog<DictValue>
        open={dlg.open}
        mode={dlg.mode}
        name={t('dict.valueEntity')}
        width={600}
        initialValues={{ dictTypeId: dictType.id, sort: 10 }}
        load={() => dictService.queryValue(dlg.id ?? '')}
        onSubmit={(v) => dictService.saveValue({ ...v, dictTypeId: dictType.id })}
        onSaved={() => list.current?.reload()}
        onClose={dlg.close}
      >
        <Form.Item name="label" label={t('dict.label')} rules={[requiredRule(t, t('dict.label')), { max: 100 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="labelEn" label={t('dict.labelEn')} rules={[{ max: 100 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="value" label={t('dict.value')} rules={[requiredRule(t, t('dict.value')), { max: 100 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="sort" label={t('common.sort')} rules={[requiredRule(t, t('common.sort'))]}>
          <SortInput clamp />
        </Form.Item>
        <Form.Item name="remarks" label={t('common.remarks')}>
          <Input.TextArea rows={2} maxLength={255} />
        </Form.Item>
      </FormDialog>
    </div>
  );
}
