import { useRef, useState } from 'react';
import { Button, Descriptions, Modal, Table, Tag } from 'antd';
import { ClearOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ListPage, Permission, getDictLabel, useFeedback, type ListPageHandle, type PageProps } from '@loom/ui';
import { logService } from './service';
import { changedFields, inWords, rowLabels, type FieldChange, type LogRow } from './types';

const P = { list: 'sys:log:list', del: 'sys:log:del' };
// The platform's columns that hold a dictionary's value: shown by its label in a change.
const DICT_FIELDS: Record<string, string> = { login_flag: 'yes_no', is_show: 'yes_no', useable: 'yes_no', table_type: 'table_type' };

/** Who did it: the display name with the login name beside it (the login name alone when the user is gone). */
function userOf(row: LogRow, t: (key: string, options?: Record<string, unknown>) => string): string {
  const name = row.createBy?.name ?? '';
  const login = row.createBy?.loginName ?? '';
  return name && login && name !== login ? t('log.userWithLogin', { name, login }) : name || login;
}

/** 日志管理 (`/sys/log/LogList`): operation and login logs with a before/after view of a change. */
export default function LogList(_props: PageProps) {
  const { t } = useTranslation('sys');
  const { modal } = useFeedback();
  const list = useRef<ListPageHandle<LogRow>>(null);
  const [shown, setShown] = useState<LogRow | null>(null);
  const empty = () =>
    modal.confirm({
      title: t('common.tip'),
      content: t('log.confirmEmpty'),
      onOk: async () => {
        await logService.empty();
        list.current?.reload();
      },
    });
  return (
    <>
      <ListPage<LogRow>
        actionRef={list}
        url={logService.listUrl}
        deleteUrl={logService.deleteUrl}
        exportName={t('log.entity')}
        permissions={{ del: P.del }}
        toolbar={() => (
          <Permission value={P.del}>
            <Button danger icon={<ClearOutlined />} onClick={empty} data-testid="log-empty">
              {t('log.empty')}
            </Button>
          </Permission>
        )}
        rowActions={{ width: 90, items: (r) => [{ key: 'detail', label: t('log.detail'), onClick: () => setShown(r) }] }}
        columns={[
          { title: t('log.type'), dataIndex: 'type', dictType: 'sys_log_type', query: true, width: 100 },
          { title: t('log.title'), dataIndex: 'title', query: true, sorter: true, ellipsis: true },
          { title: t('log.uri'), dataIndex: 'requestUri', query: true, sorter: true, ellipsis: true },
          { title: t('log.requestType'), dataIndex: 'requestType', width: 90 },
          { title: t('log.service'), dataIndex: 'service', width: 90 },
          {
            title: t('log.result'),
            dataIndex: 'result',
            width: 80,
            render: (_d, r) => <Tag color={r.result === 'fail' ? 'red' : 'green'}>{t(r.result === 'fail' ? 'log.fail' : 'log.success')}</Tag>,
          },
          { title: t('log.recordTime'), dataIndex: 'recordTime', sorter: true, sortKey: 'record_time', width: 100 },
          {
            title: t('log.user'),
            dataIndex: ['createBy', 'name'],
            width: 160,
            render: (_d, r) => userOf(r, t),
            exportValue: (r) => userOf(r, t),
          },
          { title: t('log.user'), dataIndex: 'createBy.name', query: true, hideInTable: true, noExport: true },
          { title: t('log.remoteAddr'), dataIndex: 'remoteAddr', width: 120 },
          { title: t('log.createDate'), dataIndex: 'createDate', valueType: 'dateTime', sorter: true, sortKey: 'create_date', width: 170 },
          {
            title: t('log.dates'),
            dataIndex: 'dates',
            valueType: 'dateRange',
            hideInTable: true,
            noExport: true,
            query: true,
            search: { transform: (v: [string, string]) => ({ beginCreateDate: v[0], endCreateDate: v[1] }) },
          },
        ]}
      />
      <Modal open={shown != null} title={t('log.detail')} width={860} footer={null} onCancel={() => setShown(null)} destroyOnClose>
        {shown && <LogDetail row={shown} />}
      </Modal>
    </>
  );
}

/** One log row: what was called, with which parameters, and the fields the change touched. */
function LogDetail({ row }: { row: LogRow }) {
  const { t, i18n } = useTranslation('sys');
  const labels = rowLabels(row.labels);
  const changes = inWords(changedFields(row.before, row.after), {
    labelOf: (table, field) => labels[table]?.[field] ?? (i18n.exists(`sys:log.fields.${field}`) ? t(`log.fields.${field}`) : undefined),
    valueOf: (_table, field, value) => {
      const dict = DICT_FIELDS[field];
      return dict ? getDictLabel(dict, value) || value : value;
    },
  });
  return (
    <>
      <Descriptions bordered size="small" column={2} data-testid="log-detail">
        <Descriptions.Item label={t('log.title')}>{row.title}</Descriptions.Item>
        <Descriptions.Item label={t('log.uri')}>{`${row.requestType ?? ''} ${row.requestUri ?? ''}`}</Descriptions.Item>
        <Descriptions.Item label={t('log.user')}>{userOf(row, t)}</Descriptions.Item>
        <Descriptions.Item label={t('log.result')}>{t(row.result === 'fail' ? 'log.fail' : 'log.success')}</Descriptions.Item>
        <Descriptions.Item label={t('log.recordIds')} span={2}>{row.recordIds}</Descriptions.Item>
        <Descriptions.Item label={t('log.params')} span={2}>
          <pre style={{ whiteSpace: 'pre-wrap', margin: 0, maxHeight: 200, overflow: 'auto' }}>{row.params}</pre>
        </Descriptions.Item>
        {row.exception && (
          <Descriptions.Item label={t('log.exception')} span={2}>
            <span style={{ color: '#cf1322' }}>{row.exception}</span>
          </Descriptions.Item>
        )}
      </Descriptions>
      {changes.length > 0 && (
        <Table
          style={{ marginTop: 16 }}
          size="small"
          rowKey={(c) => `${c.record}\u0000${c.field}`}
          pagination={false}
          dataSource={changes}
          data-testid="log-changes"
          columns={[
            ...(changes.some((c) => c.record) ? [{ title: t('log.record'), dataIndex: 'record' }] : []),
            {
              title: t('log.field'),
              dataIndex: 'field',
              render: (field: string, c: FieldChange) => (c.label ? <span title={field} data-field-label={field}>{c.label}</span> : field),
            },
            { title: t('log.before'), dataIndex: 'before', render: (v: string) => <del style={{ color: '#cf1322' }}>{v}</del> },
            { title: t('log.after'), dataIndex: 'after', render: (v: string) => <span style={{ color: '#389e0d' }}>{v}</span> },
          ]}
        />
      )}
    </>
  );
}
