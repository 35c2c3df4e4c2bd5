import { useCallback, useEffect, useState } from 'react';
import { Avatar, Button, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Permission, UserPickerDialog, useFeedback, type PickedUser } from '@loom/ui';
import { roleService } from '../service';
import type { Role } from '../types';

/** The users of a role: add with the user picker, remove one by one. */
export function MembersDialog({ role, onClose }: { role: Role | null; onClose: () => void }) {
  const { t } = useTranslation('sys');
  const { message } = useFeedback();
  const [rows, setRows] = useState<PickedUser[]>([]);
  const [total, setTotal] = useState(0);
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState(10);
  const [loading, setLoading] = useState(false);
  const [picking, setPicking] = useState(false);

  const load = useCallback(
    async (c = current, s = size) => {
      if (!role) return;
      setLoading(true);
      try {
        const page = await roleService.members(role.id, c, s);
        setRows(page?.records ?? []);
        setTotal(page?.total ?? 0);
      } finally {
        setLoading(false);
      }
    },
    [role, current, size],
  );

  useEffect(() => {
    if (role) {
      setCurrent(1);
      void load(1, size);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [role]);

  return (
    <Modal open={!!role} title={t('role.membersTitle', { name: role?.name ?? '' })} width={900} maskClosable={false} onCancel={onClose} footer={null} destroyOnHidden>
      <Permission value="sys:role:assign">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setPicking(true)} style={{ marginBottom: 8 }} data-action="add-members">
          {t('role.addMembers')}
        </Button>
      </Permission>
      <Table<PickedUser>
        rowKey="id"
        size="small"
        bordered
        loading={loading}
        dataSource={rows}
        pagination={{
          current,
          pageSize: size,
          total,
          showSizeChanger: true,
          onChange: (c, s) => {
            setCurrent(c);
            setSize(s);
            void load(c, s);
          },
        }}
        columns={[
          { title: t('user.photo'), dataIndex: 'photo', width: 60, render: (p: string) => <Avatar size="small" src={p || undefined} icon={<UserOutlined />} /> },
          { title: t('user.loginName'), dataIndex: 'loginName' },
          { title: t('user.name'), dataIndex: 'name' },
          { title: t('user.company'), dataIndex: ['companyDTO', 'name'] },
          { title: t('user.office'), dataIndex: ['officeDTO', 'name'] },
          {
            title: t('user.loginFlag'),
            dataIndex: 'loginFlag',
            render: (f: string) => (f === '1' ? <Tag color="success">{t('user.normal')}</Tag> : <Tag color="error">{t('user.disabled')}</Tag>),
          },
          {
            title: t('common.operation'),
            width: 90,
            render: (_v, r) => (
              <Permission value="sys:role:assign">
                <Popconfirm
                  title={t('role.removeConfirm')}
                  onConfirm={async () => {
                    if (!role) return;
                    const msg = await roleService.removeMember(role.id, r.id);
                    if (msg) void message.success(msg);
                    void load();
                  }}
                >
                  <Typography.Link type="danger">{t('role.removeMember')}</Typography.Link>
                </Popconfirm>
              </Permission>
            ),
          },
        ]}
      />
      <UserPickerDialog
        open={picking}
        onCancel={() => setPicking(false)}
        onOk={async (users) => {
          setPicking(false);
          if (!role || users.length === 0) return;
          const msg = await roleService.addMembers(
            role.id,
            users.map((u) => u.id),
          );
          if (msg) void message.success(msg);
          void load();
        }}
      />
      <Space />
    </Modal>
  );
}
