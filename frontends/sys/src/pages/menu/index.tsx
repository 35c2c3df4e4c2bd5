import { useRef, useState } from 'react';
import { Form, Input, Radio, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, IconPicker, LabelLink, ListPage, LoomTreeSelect, MenuIcon, SortInput, YesNo, type ListPageHandle, type PageProps } from '@loom/ui';
import { menuService } from './service';
import { DataRulesDrawer } from './components/DataRulesDrawer';
import type { Menu } from './types';
import { requiredRule } from '../../shared/fields';

const P = { view: 'sys:menu:view', add: 'sys:menu:add', edit: 'sys:menu:edit', del: 'sys:menu:del' };
const TYPE_COLORS: Record<string, string> = { '0': 'blue', '1': 'green', '2': 'orange' };

/** 菜单管理 (`/sys/menu/MenuList`): directories, pages and buttons with their permission strings. */
export default function MenuList(_props: PageProps) {
  const { t } = useTranslation('sys');
  const list = useRef<ListPageHandle<Menu>>(null);
  const [dlg, setDlg] = useState<{ open: boolean; mode: 'add' | 'edit' | 'view'; id?: string; parentId?: string }>({ open: false, mode: 'add' });
  const [treeKey, setTreeKey] = useState(0);
  const [rulesOf, setRulesOf] = useState<{ id: string; name: string } | null>(null);
  const show = (mode: 'add' | 'edit' | 'view', id?: string, parentId?: string) => setDlg({ open: true, mode, id, parentId });
  const typeLabel = (type?: string) => (type === '0' ? t('menu.directory') : type === '2' ? t('menu.button') : t('menu.page'));
  const [form] = Form.useForm<Menu>();
  const type = Form.useWatch('type', form);
  return (
    <>
      <ListPage<Menu>
        actionRef={list}
        fetch={() => menuService.treeData()}
        paging={false}
        deleteUrl={menuService.deleteUrl}
        exportName={t('menu.entity')}
        permissions={P}
        onAdd={() => show('add')}
        onEdit={(r) => show('edit', r.id)}
        onView={(r) => show('view', r.id)}
        rowActions={{
          width: 200,
          items: (r) => [
            'view',
            'edit',
            { key: 'addChild', label: t('common.addChild'), permission: P.add, hidden: r.type === '2', onClick: () => show('add', undefined, r.id) },
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
                <LabelLink editPermission={P.edit} viewPermission={P.view} onEdit={() => show('edit', r.id)} onView={() => show('view', r.id)}>
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
      />
      <FormDialog<Menu>
        form={form}
        open={dlg.open}
        mode={dlg.mode}
        name={t('menu.entity')}
        width={760}
        initialValues={{ parentId: dlg.parentId ?? '', type: '1', isShow: '1', sort: 30, affix: '0' }}
        load={() => menuService.queryById(dlg.id ?? '')}
        onSubmit={(v) => menuService.save({ ...v, parentId: v.parentId || '0' })}
        onSaved={() => {
          setTreeKey((k) => k + 1);
          list.current?.reload();
        }}
        onClose={() => setDlg((d) => ({ ...d, open: false }))}
      >
        {({ mode }) => (
          <>
            <Form.Item name="parentId" label={t('menu.parent')} extra={t('menu.root')}>
              <LoomTreeSelect key={treeKey} url="/sys/menu/treeData" fieldNames={{ label: 'name' }} disabled={mode === 'view'} isDisabled={(n) => n.type === '2'} />
            </Form.Item>
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
            <Form.Item name="sort" label={t('common.sort')} rules={[requiredRule(t, t('common.sort'))]}>
              <SortInput clamp />
            </Form.Item>
            <Form.Item name="isShow" label={t('menu.isShow')}>
              <YesNo />
            </Form.Item>
            <Form.Item name="remarks" label={t('common.remarks')}>
              <Input.TextArea rows={2} maxLength={255} />
            </Form.Item>
          </>
        )}
      </FormDialog>
      <DataRulesDrawer menu={rulesOf} onClose={() => setRulesOf(null)} />
    </>
  );
}
