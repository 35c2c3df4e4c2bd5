import { useRef } from 'react';

import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, LabelLink, ListPage, http, useFormDialog, type ListPageHandle, type PageProps } from '@loom/ui';
import '../../locales/designer';
import '../../locales/designer-panel';
import { buttonCodeError } from '../../designer/panel/rules';

const P = { view: 'extension:button:view', add: 'extension:button:add', edit: 'extension:button:edit', del: 'extension:button:del' };

interface CommonButton extends Record<string, unknown> {
  id: string;
  name: string;
  code: string;
  sort: number;
  remarks?: string;
}

/** 常用按钮 (`/extension/button/ButtonList`): the buttons designers pick into user tasks. */
export default function ButtonList(_props: PageProps) {
  const { t } = useTranslation('designer');
  const list = useRef<ListPageHandle<CommonButton>>(null);
  const dlg = useFormDialog();
  const oldCode = useRef<string | undefined>(undefined);
  const load = () =>
    http.get<CommonButton>('/extension/button/queryById', { id: dlg.id ?? '' }).then((b) => {
      oldCode.current = b.code;
      return b;
    });
  return (
    <>
      <ListPage<CommonButton>
        actionRef={list}
        url="/extension/button/list"
        deleteUrl="/extension/button/delete"
        permissions={P}
        exportName={t('button.entity')}
        onAdd={() => dlg.show('add')}
        onEdit={(r) => dlg.show('edit', r.id)}
        onView={(r) => dlg.show('view', r.id)}
        rowActions={{ width: 160, items: () => ['view', 'edit'] }}
        columns={[
          {
            title: t('button.name'), dataIndex: 'name', query: true, sorter: true,
            render: (_d, r) => <LabelLink editPermission={P.edit} viewPermission={P.view} onEdit={() => dlg.show('edit', r.id)} onView={() => dlg.show('view', r.id)}>{r.name}</LabelLink>,
          },
          { title: t('button.code'), dataIndex: 'code', query: true, sorter: true },
          { title: t('button.sort'), dataIndex: 'sort', sorter: true, width: 100 },
          { title: t('common.remarks'), dataIndex: 'remarks', ellipsis: true },
        ]}
      />
      <FormDialog<CommonButton>
        open={dlg.open}
        mode={dlg.mode}
        name={t('button.entity')}
        width={600}
        initialValues={{ sort: 10 } as Partial<CommonButton>}
        load={load}
        onSubmit={(v) => http.post<string>('/extension/button/save', v)}
        onSaved={() => list.current?.reload()}
        onClose={dlg.close}
      >
        {({ mode }) => (
          <>
            <Form.Item name="name" label={t('button.name')} rules={[{ required: true, whitespace: true, message: t('panel.nameRequired') }]}>
              <Input />
            </Form.Item>
            <Form.Item
              name="code"
              label={t('button.code')}
              validateTrigger="onBlur"
              rules={[{
                validator: async (_r, value: string) => {
                  const old = mode === 'add' ? undefined : oldCode.current;
                  // a preset code may stay on its own record, never be given to another (seed §5.1)
                  const err = buttonCodeError(value ?? '', { adding: value !== old, otherCodes: [] });
                  if (err) throw new Error(t(`panel.${err}`));
                  const free = await http.get<boolean>('/extension/button/validateCodeNoExist', { code: value, oldCode: old ?? '' }, { silent: true });
                  if (free === false) throw new Error(t('button.codeTaken'));
                },
              }]}
            >
              <Input />
            </Form.Item>
            <Form.Item name="sort" label={t('button.sort')} rules={[{ required: true, message: t('panel.sortRequired') }]}>
              <InputNumber min={0} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="remarks" label={t('common.remarks')}>
              <Input.TextArea rows={3} maxLength={255} />
            </Form.Item>
          </>
        )}
      </FormDialog>
    </>
  );
}
