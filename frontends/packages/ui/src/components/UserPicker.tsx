import { useEffect, useMemo, useState } from 'react';
import { Avatar, Button, Col, Form, Input, Modal, Row, Space, Table, Tag, Tree, Input as AntInput } from 'antd';
import { ApartmentOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { http } from '../core/http';
import { filterTree } from '../core/tree';
import { DEFAULT_PICK_LIMIT, isSingleSelect, pickLimitExceeded } from './rules';
import { useFeedback } from './feedback';
import { useChosen, usePagedList } from './pickerCore';
import { PickerQueryButtons, pickerTableProps } from './pickerTable';
import type { OfficeNode, UserPicked } from '../api/sys';

/** A chosen user: a row of the list (`GET /sys/user/list`) has every field of `UserPicked`; a user
 * handed in as the value may be known by its id and name only (a chip shows the name). */
export type PickedUser = Pick<UserPicked, 'id' | 'name'> & Partial<UserPicked>;

interface OfficeTreeItem {
  key: string;
  title: React.ReactNode;
  raw: OfficeNode;
  children?: OfficeTreeItem[];
}

export interface UserPickerDialogProps {
  open: boolean;
  /** Users already chosen (shown as chips). */
  value?: PickedUser[];
  /** Maximum number of users (default 999999); 1 or less gives radio buttons. */
  limit?: number;
  onOk: (users: PickedUser[]) => void;
  onCancel: () => void;
  title?: string;
}

const SORT_KEYS = { 'companyDTO.name': 'c.name', 'officeDTO.name': 'o.name' };

/**
 * The user picker (1000px): office tree with a filter on the left, search by login name, a
 * table (avatar, login name, name, company, department, status) and the chosen users as
 * closable chips on the right. Over the limit, confirm says '你最多只能选择{n}个用户'.
 */
export function UserPickerDialog({ open, value = [], limit = DEFAULT_PICK_LIMIT, onOk, onCancel, title }: UserPickerDialogProps) {
  const { t } = useTranslation('ui');
  const { message } = useFeedback();
  const single = isSingleSelect(limit);
  const list = usePagedList<PickedUser>('/sys/user/list', SORT_KEYS, open);
  const picked = useChosen<PickedUser>(value, open);
  const { chosen, remove } = picked;
  const [tree, setTree] = useState<OfficeNode[]>([]);
  const [filter, setFilter] = useState('');
  const [office, setOffice] = useState<OfficeNode | null>(null);
  const [form] = Form.useForm<{ loginName?: string }>();

  useEffect(() => {
    if (!open) return;
    setOffice(null);
    setFilter('');
    form.resetFields();
    http
      .get<OfficeNode[]>('/sys/office/treeData')
      .then((d) => setTree(Array.isArray(d) ? d : []))
      .catch(() => setTree([]));
  }, [open, form]);

  const shownTree = useMemo(() => (filter ? filterTree(tree, (n) => n.name.includes(filter)) : tree), [tree, filter]);

  const buildQuery = (o: OfficeNode | null) => {
    const loginName = form.getFieldValue('loginName') as string | undefined;
    return {
      loginName: loginName ?? '',
      companyDTO: { id: o && o.type === '1' ? o.id : '' },
      officeDTO: { id: o && o.type !== '1' ? o.id : '' },
    };
  };

  const confirm = () => {
    if (pickLimitExceeded(chosen.length, limit)) {
      void message.error(t('maxUsers', { n: limit }));
      return;
    }
    onOk(chosen);
  };

  const toTreeData = (nodes: OfficeNode[]): OfficeTreeItem[] =>
    nodes.map((n) => ({
      key: n.id,
      raw: n,
      title: (
        <span>
          {n.type === '1' ? <ApartmentOutlined /> : <TeamOutlined />} {n.name}
        </span>
      ),
      children: n.children?.length ? toTreeData(n.children) : undefined,
    }));

  return (
    <Modal
      open={open}
      title={title ?? t('userPickerTitle')}
      width={1000}
      maskClosable={false}
      onCancel={onCancel}
      destroyOnHidden
      className="loom-user-picker"
      footer={
        <Space>
          <Button onClick={onCancel}>{t('close')}</Button>
          <Button type="primary" onClick={confirm} data-action="confirm">
            {t('confirm')}
          </Button>
        </Space>
      }
    >
      {/* three columns that never wrap: the table takes what the tree and the chosen list leave
          (a flex basis of its content width wrapped the chosen list, and the table, below the dialog) */}
      <Row gutter={12} wrap={false} style={{ height: 500 }}>
        {/* the column is bounded by the row: the filter stays on top, the office tree scrolls in its own box
            (however many offices there are, it never grows below the dialog) */}
        <Col flex="200px" style={{ height: '100%', display: 'flex', flexDirection: 'column', minHeight: 0, borderRight: '1px solid #f0f0f0' }}>
          <AntInput size="small" allowClear placeholder={t('filterTree')} value={filter} onChange={(e) => setFilter(e.target.value)} style={{ marginBottom: 8, flex: 'none' }} />
          <div className="loom-picker-tree" style={{ flex: '1 1 0', minHeight: 0, overflow: 'auto' }}>
          <Tree
            blockNode
            defaultExpandAll
            key={filter + tree.length}
            treeData={toTreeData(shownTree)}
            selectedKeys={office ? [office.id] : []}
            onSelect={(_k, info) => {
              const n = (info.node as unknown as { raw: OfficeNode }).raw;
              setOffice(n);
              list.search(buildQuery(n));
            }}
          />
          </div>
        </Col>
        <Col flex="1 1 0" style={{ minWidth: 0, height: '100%', overflow: 'hidden' }}>
          <Form form={form} layout="inline" onFinish={() => list.search(buildQuery(office))} style={{ marginBottom: 8 }}>
            <Form.Item name="loginName">
              <Input size="small" allowClear placeholder={t('loginName')} />
            </Form.Item>
            <PickerQueryButtons
              onReset={() => {
                form.resetFields();
                setOffice(null);
                list.search(buildQuery(null));
              }}
            />
          </Form>
          <Table<PickedUser>
            {...pickerTableProps(list, picked, single, t)}
            scroll={{ y: 340 }}
            columns={[
              {
                title: t('avatar'),
                dataIndex: 'photo',
                width: 60,
                align: 'center',
                render: (p: string | null | undefined) => <Avatar size="small" src={p || undefined} icon={<UserOutlined />} />,
              },
              { title: t('loginName'), dataIndex: 'loginName', sorter: true },
              { title: t('userName'), dataIndex: 'name', sorter: true },
              { title: t('company'), dataIndex: ['companyDTO', 'name'], sorter: true },
              { title: t('department'), dataIndex: ['officeDTO', 'name'], sorter: true },
              {
                title: t('status'),
                dataIndex: 'loginFlag',
                width: 80,
                render: (f: string) => (f === '1' ? <Tag color="success">{t('statusNormal')}</Tag> : f === '0' ? <Tag color="error">{t('statusDisabled')}</Tag> : null),
              },
            ]}
          />
        </Col>
        <Col flex="200px" style={{ height: '100%', overflow: 'auto', borderLeft: '1px solid #f0f0f0' }} className="loom-picker-chosen">
          <div style={{ marginBottom: 8, color: '#888' }}>{t('selected')}</div>
          {chosen.map((u) => (
            <Tag key={u.id} closable onClose={() => remove(u.id)} style={{ marginBottom: 4 }}>
              {u.name}
            </Tag>
          ))}
        </Col>
      </Row>
    </Modal>
  );
}
