import { useState } from 'react';
import { Form, Input, Radio, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { IconPicker, LabelLink, MenuIcon, RemarksItem, SortItem, TreePage, useCrud, YesNo, type PageProps } from '@loom/ui';
import { menuService } from './service';
import { DataRulesDrawer } from './components/DataRulesDrawer';
import type { Menu } from './types';
import { requiredRule } from '../../shared/fields';

const P = { view: 'sys:menu:view', add: 'sys:menu:add', edit: 'sys:menu:edit', del: 'sys:menu:del' };
const TYPE_COLORS: Record<string, string> = { '0': 'blue', '1': 'green', '2': 'orange' };

/** 菜单管理 (`/sys/menu/MenuList`): directories, pages and buttons with their permission strings. */
export default function MenuList(_props: PageProps) {
  const { t } = useTranslation('sys');
  const crud = useCrud<Menu>();
  const [rulesOf, setRulesOf] = useState<{ id: string; name: string } | null>(null);
  const typeLabel = (type?: string) => (type === '0' ? t('menu.directory') : type === '2' ? t('menu.button') : t('menu.page'));
  const [form] = Form.useForm<Menu>();
  const type = Form.useWatch('type', form);
  return (
    <>
      <TreePage<Menu>
        crud={crud}
        entity={t('menu.entity')}
        resource={menuService}
        permissions={P}
        childless={(r) => r.type === '2'}
        rowActions={{
          width: 200,
          items: (r, addChild) => [
            'view',
            'edit',
            addChild,
            { key: 'dataRule', label: t('dataRule.manage'), permission: P.edit, hidden: r.type !== '1', onClick: () => setRulesOf({ id: r.id, name: r.name }) },
          ],
        }}
        columns={[
          {
            title: t('menu.name'),
            dataIndex: 'name',
            width: 240,
            render: (_d, r) => (
              <span>
                <MenuIcon icon={r.icon} />{' '}
                <LabelLink editPermission={P.edit} viewPermission={P.view} onEdit={() => crud.show('edit', r.id)} onView={() => crud.show('view', r.id)}>
                  {r.name}
                </LabelLink>
              </span>
            ),
          },
          {
            title: t('menu.type'),
            dataIndex: 'type',
            width: 90,
            render: (_d, r) => <Tag color={TYPE_COLORS[r.type ?? '1']}>{typeLabel(r.type)}</Tag>,
            exportValue: (r) => typeLabel(r.type),
          },
          { title: t('menu.href'), dataIndex: 'href', ellipsis: true },
          { title: t('menu.permission'), dataIndex: 'permission', ellipsis: true },
          { title: t('common.sort'), dataIndex: 'sort', width: 80 },
          { title: t('menu.isShow'), dataIndex: 'isShow', dictType: 'yes_no', width: 90 },
        ]}
        parent={{ label: t('menu.parent'), extra: t('menu.root'), url: '/sys/menu/treeData', isDisabled: (n) => n.type === '2' }}
        dialog={{ form, width: 760, initialValues: { type: '1', isShow: '1', sort: 30, affix: '0' } }}
      >
        {({ mode }) => (
          <>
            <Form.Item name="type" label={t('menu.type')} rules={[requiredRule(t, t('menu.type'))]}>
              <Radio.Group>
                <Radio value="0">{t('menu.directory')}</Radio>
                <Radio value="1">{t('menu.page')}</Radio>
                <Radio value="2">{t('menu.button')}</Radio>
              </Radio.Group>
            </Form.Item>
            <Form.Item name="name" label={t('menu.name')} rules={[requiredRule(t, t('menu.name')), { max: 200 }]}>
              <Input />
            </Form.Item>
            <Form.Item name="nameEn" label={t('menu.nameEn')} rules={[{ max: 200 }]}>
              <Input />
            </Form.Item>
            {type !== '2' ? (
              <>
                <Form.Item name="href" label={t('menu.href')} rules={[{ max: 2000 }]}>
                  <Input placeholder="/sys/user/UserList" />
                </Form.Item>
                <Form.Item name="target" label={t('menu.target')}>
                  <Input placeholder="iframe" />
                </Form.Item>
                <Form.Item name="icon" label={t('menu.icon')}>
                  <IconPicker disabled={mode === 'view'} />
                </Form.Item>
              </>
            ) : null}
            <Form.Item name="permission" label={t('menu.permission')} rules={[{ max: 200 }]}>
              <Input placeholder="sys:user:add" />
            </Form.Item>
            <SortItem label={t('common.sort')} rules={[requiredRule(t, t('common.sort'))]} clamp />
            <Form.Item name="isShow" label={t('menu.isShow')}>
              <YesNo />
            </Form.Item>
            <RemarksItem label={t('common.remarks')} rows={2} />
          </>
        )}
      </TreePage>
      <DataRulesDrawer menu={rulesOf} onClose={() => setRulesOf(null)} />
    </>
  );
}
