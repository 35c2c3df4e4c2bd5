import { useMemo, useRef, useState } from 'react';
import { Avatar, Button, Form, Input, Modal, Tag } from 'antd';
import { CheckCircleOutlined, KeyOutlined, StopOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LabelLink, ListPage, OfficeTree, Permission, SplitLayout, useFeedback, type ListPageHandle, type OfficeNode, type PageProps } from '@loom/ui';
import { userService } from './service';
import type { User } from './types';
import { UserFormDialog } from './components/UserFormDialog';
import { UserTransfer } from './components/UserTransfer';

const P = { view: 'sys:user:view', add: 'sys:user:add', edit: 'sys:user:edit', del: 'sys:user:del' };

/** 用户管理 (`/sys/user/UserList`): the organisation tree on the left, the users of the chosen node on the right. */
export default function UserList(_props: PageProps) {
  const { t } = useTranslation('sys');
  const { message } = useFeedback();
  const list = useRef<ListPageHandle<User>>(null);
  const [office, setOffice] = useState<OfficeNode | null>(null);
  const [dlg, setDlg] = useState<{ open: boolean; mode: 'add' | 'edit' | 'view'; id?: string }>({ open: false, mode: 'add' });
  const [resetFor, setResetFor] = useState<User | null>(null);
  const [pwForm] = Form.useForm<{ newPassword: string }>();
  const show = (mode: 'add' | 'edit' | 'view', id?: string) => setDlg({ open: true, mode, id });

  const params = useMemo(
    () => ({
      companyDTO: { id: office && office.type === '1' ? office.id : '' },
      officeDTO: { id: office && office.type !== '1' ? office.id : '' },
    }),
    [office],
  );
  const defaults = useMemo(() => {
    if (!office) return {};
    if (office.type === '1') return { companyId: office.id };
    return { officeId: office.id };
  }, [office]);

  const setFlag = async (rows: User[], flag: '0' | '1') => {
    const msg = await userService.setLoginFlag(
      rows.map((r) => r.id),
      flag,
    );
    if (msg) void message.success(msg);
    list.current?.reload();
  };

  return (
    <SplitLayout side={<OfficeTree selectedId={office?.id ?? null} onSelect={setOffice} />}>
      <ListPage<User>
        actionRef={list}
        url={userService.listUrl}
        params={params}
        deleteUrl={userService.deleteUrl}
        exportName={t('user.entity')}
        permissions={P}
        onAdd={() => show('add')}
        onEdit={(r) => show('edit', r.id)}
        toolbar={({ selectedRows, reload, query }) => (
          <>
            <Permission value={P.edit}>
              <Button icon={<CheckCircleOutlined />} disabled={selectedRows.length === 0} onClick={() => void setFlag(selectedRows, '1')} data-action="enable">
                {t('user.enable')}
              </Button>
              <Button icon={<StopOutlined />} disabled={selectedRows.length === 0} onClick={() => void setFlag(selectedRows, '0')} data-action="disable" style={{ marginLeft: 8 }}>
                {t('user.disable')}
              </Button>
            </Permission>
            <UserTransfer filter={query} selectedIds={selectedRows.map((r) => r.id)} onImported={reload} />
          </>
        )}
        onView={(r) => show('view', r.id)}
        rowActions={{
          width: 260,
          items: (r) => [
            'view',
            'edit',
            r.loginFlag === '1'
              ? { key: 'disable', label: t('user.disable'), permission: P.edit, onClick: () => void setFlag([r], '0') }
              : { key: 'enable', label: t('user.enable'), permission: P.edit, onClick: () => void setFlag([r], '1') },
            {
              key: 'resetPassword',
              label: t('user.resetPassword'),
              permission: P.edit,
              onClick: () => {
                pwForm.resetFields();
                setResetFor(r);
              },
            },
          ],
        }}
        columns={[
          {
            title: t('user.photo'),
            dataIndex: 'photo',
            width: 64,
            align: 'center',
            noExport: true,
            render: (_d, r) => <Avatar size="small" src={r.photo || undefined} icon={<UserOutlined />} />,
          },
          {
            title: t('user.loginName'),
            dataIndex: 'loginName',
            query: true,
            sorter: true,
            render: (_d, r) => (
              <LabelLink editPermission={P.edit} viewPermission={P.view} onEdit={() => show('edit', r.id)} onView={() => show('view', r.id)}>
                {r.loginName}
              </LabelLink>
            ),
          },
          { title: t('user.name'), dataIndex: 'name', query: true, sorter: true },
          { title: t('user.company'), dataIndex: ['companyDTO', 'name'], sorter: true, sortKey: 'c.name' },
          { title: t('user.office'), dataIndex: ['officeDTO', 'name'], sorter: true, sortKey: 'o.name' },
          { title: t('user.roles'), dataIndex: 'roleNames', ellipsis: true },
          {
            title: t('user.loginFlag'),
            dataIndex: 'loginFlag',
            width: 90,
            render: (_d, r) => (r.loginFlag === '1' ? <Tag color="success">{t('user.normal')}</Tag> : <Tag color="error">{t('user.disabled')}</Tag>),
            exportValue: (r) => (r.loginFlag === '1' ? t('user.normal') : t('user.disabled')),
          },
        ]}
      />
      <UserFormDialog
        open={dlg.open}
        mode={dlg.mode}
        id={dlg.id}
        defaults={defaults}
        onClose={() => setDlg((d) => ({ ...d, open: false }))}
        onSaved={() => list.current?.reload()}
      />
      <Modal
        open={!!resetFor}
        title={`${t('user.resetPassword')} - ${resetFor?.loginName ?? ''}`}
        maskClosable={false}
        onCancel={() => setResetFor(null)}
        onOk={async () => {
          const v = await pwForm.validateFields();
          if (!resetFor) return;
          const msg = await userService.resetPassword(resetFor.id, v.newPassword);
          if (msg) void message.success(msg);
          setResetFor(null);
        }}
        destroyOnHidden
      >
        <Form form={pwForm} layout="vertical" validateTrigger="onBlur">
          <Form.Item name="newPassword" label={t('user.newPassword')} rules={[{ required: true, message: t('common.required', { field: t('user.newPassword') }) }, { min: 6, max: 50 }]}>
            <Input.Password prefix={<KeyOutlined />} autoComplete="new-password" />
          </Form.Item>
        </Form>
      </Modal>
    </SplitLayout>
  );
}
