import { useRef } from 'react';

import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage, crudResource, http, RemarksItem, type PageProps } from '@loom/ui';
import '../../locales/designer';
import '../../locales/designer-panel';
import { buttonCodeError } from '../../designer/panel/rules';
import type { ButtonRecord } from '../../api/types';

const P = { view: 'extension:button:view', add: 'extension:button:add', edit: 'extension:button:edit', del: 'extension:button:del' };

const resource = crudResource<ButtonRecord>('/extension/button');

/** 常用按钮 (`/flowable/extension/ButtonList`): the buttons designers pick into user tasks. */
export default function ButtonList(_props: PageProps) {
  const { t } = useTranslation('designer');
  const oldCode = useRef<string | undefined>(undefined);
  const load = (id: string) =>
    resource.queryById(id).then((b) => {
      oldCode.current = b.code;
      return b;
    });
  return (
    <CrudPage<ButtonRecord>
      entity={t('button.entity')}
      resource={resource}
      permissions={P}
      rowActions={{ width: 160, items: () => ['view', 'edit'] }}
      columns={[
        { title: t('button.name'), dataIndex: 'name', query: true, sorter: true, link: true },
        { title: t('button.code'), dataIndex: 'code', query: true, sorter: true },
        { title: t('button.sort'), dataIndex: 'sort', sorter: true, width: 100 },
        { title: t('common.remarks'), dataIndex: 'remarks', ellipsis: true },
      ]}
      dialog={{ width: 600, initialValues: { sort: 10 } as Partial<ButtonRecord>, load }}
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
          <RemarksItem label={t('common.remarks')} />
        </>
      )}
    </CrudPage>
  );
}
