import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Segmented, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { http } from '@loom/ui/core';
import { KIND_COLOR, NOTICES_READ_EVENT, describe, targetHref, type Notice, type NoticePage } from '../portal/notices';

const SIZE = 10;

/**
 * All of the caller's notices (`/flowable/notice/NoticeList`, from the bell's "view all"): read and
 * unread, newest first, a page at a time; each can be marked read or opened (its task, else its
 * request), which marks it read; "mark all read" clears the lot.
 */
export default function NoticeList() {
  const { t } = useTranslation('notice');
  const navigate = useNavigate();
  const [only, setOnly] = useState<'all' | 'unread'>('all');
  const [current, setCurrent] = useState(1);
  const [data, setData] = useState<NoticePage | null>(null);
  const [loading, setLoading] = useState(false);

  const load = useCallback(() => {
    setLoading(true);
    http
      .get<NoticePage>('/flowable/notice/list', { current, size: SIZE, unread: only === 'unread' ? '1' : '' })
      .then(setData)
      .catch(() => undefined)
      .finally(() => setLoading(false));
  }, [current, only]);

  useEffect(load, [load]);

  const markRead = async (ids?: string) => {
    await http.put('/flowable/notice/read', ids ? { ids } : undefined);
    window.dispatchEvent(new Event(NOTICES_READ_EVENT));
    load();
  };

  const open = async (n: Notice) => {
    if (!n.read) await markRead(n.id).catch(() => undefined);
    navigate(targetHref(n));
  };

  const columns: ColumnsType<Notice> = [
    { title: t('col.kind'), dataIndex: 'kind', width: 90, render: (_, n) => <Tag color={KIND_COLOR[n.kind]}>{t(`kind.${n.kind}`)}</Tag> },
    {
      title: t('col.title'),
      dataIndex: 'title',
      render: (_, n) => (
        <Typography.Link data-action="notice-open" onClick={() => void open(n)} strong={!n.read}>
          {n.title || n.procInsId}
        </Typography.Link>
      ),
    },
    { title: t('col.detail'), dataIndex: 'detail', render: (_, n) => describe({ ...n, createTime: '' }, t) },
    { title: t('col.time'), dataIndex: 'createTime', width: 150, render: (v: string) => v.slice(0, 16).replace('T', ' ') },
    { title: t('col.state'), dataIndex: 'read', width: 80, render: (read: boolean) => (read ? <Tag>{t('read')}</Tag> : <Tag color="red">{t('unread')}</Tag>) },
    {
      title: t('col.actions'),
      key: 'actions',
      width: 110,
      render: (_, n) =>
        n.read ? null : (
          <Button size="small" type="link" data-action="notice-mark-read" onClick={() => void markRead(n.id)}>
            {t('markRead')}
          </Button>
        ),
    },
  ];

  return (
    <Card
      className="loom-notice-list"
      title={
        <Space wrap>
          {t('pageTitle')}
          <Typography.Text type="secondary" data-field="notice-unread">
            {t('unreadCount', { count: data?.unread ?? 0 })}
          </Typography.Text>
        </Space>
      }
      extra={
        <Button data-action="notice-list-read-all" disabled={!data?.unread} onClick={() => void markRead()}>
          {t('readAll')}
        </Button>
      }
    >
      <Segmented
        data-field="notice-filter"
        style={{ marginBottom: 12 }}
        value={only}
        options={[
          { value: 'all', label: t('all') },
          { value: 'unread', label: t('unreadOnly') },
        ]}
        onChange={(v) => {
          setOnly(v as 'all' | 'unread');
          setCurrent(1);
        }}
      />
      <Table<Notice>
        rowKey="id"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={data?.records ?? []}
        scroll={{ x: 'max-content' }}
        rowClassName={(n) => `loom-notice-row ${n.read ? 'is-read' : 'is-unread'}`}
        onRow={(n) => ({ 'data-kind': n.kind, 'data-read': n.read ? '1' : '0' }) as React.HTMLAttributes<HTMLElement>}
        locale={{ emptyText: t('empty') }}
        pagination={{ current, pageSize: SIZE, total: data?.total ?? 0, showSizeChanger: false, showTotal: (total) => t('total', { total }), onChange: setCurrent }}
      />
    </Card>
  );
}
