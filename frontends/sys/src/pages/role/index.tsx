import { useState } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage, DictSelect, RemarksItem, YesNo, type PageProps } from '@loom/ui';
import { roleService } from './service';
import type { Role } from './types';
import { AuthDialog } from './components/AuthDialog';
import { MembersDialog } from './components/MembersDialog';
import { OfficesField } from './components/OfficesField';
import { requiredRule } from '../../shared/fields';

const P = { view: 'sys:role:view', add: 'sys:role:add', edit: 'sys:role:edit', del: 'sys:role:del', auth: 'sys:role:auth', assign: 'sys:role:assign' };

/** 角色管理 (`/sys/role/RoleList`): roles, their menu and button grants, and their members. */
export default function RoleList(_props: PageProps) {
  const { t } = useTranslation('sys');
  const [authRole, setAuthRole] = useState<Role | null>(null);
  const [membersRole, setMembersRole] = useState<Role | null>(null);
  return (
    <>
      <CrudPage<Role>
        entity={t('role.entity')}
        resource={roleService}
        permissions={P}
        rowActions={{
          width: 260,
          items: (r) => [
            'view',
            'edit',
            { key: 'auth', label: t('role.auth'), permission: P.auth, onClick: () => setAuthRole(r) },
            { key: 'assign', label: t('role.members'), permission: P.assign, onClick: () => setMembersRole(r) },
          ],
        }}
        columns={[
          { title: t('role.name'), dataIndex: 'name', query: true, sorter: true, link: true },
          { title: t('role.enName'), dataIndex: 'enName', query: true, sorter: true, sortKey: 'en_name' },
          { title: t('common.useable'), dataIndex: 'useable', dictType: 'yes_no' },
          { title: t('common.remarks'), dataIndex: 'remarks', ellipsis: true },
        ]}
        dialog={{ width: 600, initialValues: { useable: '1', dataScope: '1' } }}
      >
        <Form.Item name="name" label={t('role.name')} rules={[requiredRule(t, t('role.name')), { max: 100 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="enName" label={t('role.enName')} rules={[requiredRule(t, t('role.enName')), { max: 100 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="useable" label={t('common.useable')}>
          <YesNo />
        </Form.Item>
        <Form.Item name="dataScope" label={t('dataRule.dataScope')}>
          <DictSelect type="sys_data_scope" data-testid="role-data-scope" />
        </Form.Item>
        <Form.Item noStyle shouldUpdate={(a, b) => a.dataScope !== b.dataScope}>
          {({ getFieldValue }) =>
            getFieldValue('dataScope') === '9' ? (
              <Form.Item name="officeIdList" label={t('dataRule.offices')}>
                <OfficesField />
              </Form.Item>
            ) : null
          }
        </Form.Item>
        <RemarksItem label={t('common.remarks')} />
      </CrudPage>
      <AuthDialog role={authRole} onClose={() => setAuthRole(null)} />
      <MembersDialog role={membersRole} onClose={() => setMembersRole(null)} />
    </>
  );
}
