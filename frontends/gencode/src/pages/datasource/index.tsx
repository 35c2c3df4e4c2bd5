import { useRef } from 'react';
import { Button, Form, Input, InputNumber } from 'antd';
import { ApiOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CrudPage, DictSelect, DictTag, LabelLink, RemarksItem, required, useCrud, useFeedback, type PageProps } from '@loom/ui';
import { dataSourceService as svc, type DataSource } from './service';

const P = { view: 'database:datalink:dataSource:view', add: 'database:datalink:dataSource:add', edit: 'database:datalink:dataSource:edit', del: 'database:datalink:dataSource:del' };
const DEFAULT_PORTS: Record<string, number> = { mysql: 3306, mariadb: 3306, postgresql: 5432, oracle: 1521, mssql: 1433, sqlserver: 1433 };

/** 数据源 (`/database/datalink/DataSourceList`): list and form with save, test and the key check. */
export default function DataSourceList(_props: PageProps) {
  const { t } = useTranslation('gencode');
  const { message } = useFeedback();
  const crud = useCrud<DataSource>();
  const oldEnName = useRef('');
  return (
    <CrudPage<DataSource>
      crud={crud}
      className="loom-gencode-dataSource"
      entity={t('dataSource.entity')}
      resource={svc}
      permissions={P}
      onEdit={(r) => crud.show(r.id === 'master' ? 'view' : 'edit', r.id)}
      rowActions={{
        width: 180,
        items: (r) => [
          'view',
          { key: 'edit', hidden: r.id === 'master', onClick: () => crud.show('edit', r.id) },
          { key: 'delete', hidden: r.id === 'master' },
        ],
      }}
      columns={[
        {
          title: t('dataSource.name'),
          dataIndex: 'name',
          render: (_d, r) => (
            <LabelLink
              editPermission={r.id === 'master' ? undefined : P.edit}
              viewPermission={P.view}
              onEdit={() => crud.show('edit', r.id)}
              onView={() => crud.show('view', r.id)}
            >
              {r.name}
            </LabelLink>
          ),
        },
        { title: t('dataSource.enName'), dataIndex: 'enName' },
        { title: t('dataSource.dbType'), dataIndex: 'dbType', render: (_d, r) => <DictTag type="db_type" value={r.dbType} /> },
        { title: t('dataSource.host'), dataIndex: 'host' },
        { title: t('dataSource.port'), dataIndex: 'port', width: 90 },
        { title: t('dataSource.dbName'), dataIndex: 'dbName' },
        { title: t('dataSource.username'), dataIndex: 'username' },
        { title: t('common.remarks'), dataIndex: 'remarks', ellipsis: true },
      ]}
      dialog={{
        width: 760,
        continueAdding: false,
        initialValues: { dbType: 'mysql', port: 3306, host: '127.0.0.1' },
        load: async (id) => {
          const d = await svc.queryById(id);
          oldEnName.current = d.enName ?? '';
          return d;
        },
        onClose: () => {
          oldEnName.current = '';
        },
      }}
    >
      {({ form, mode }) => (
        <>
          <Form.Item
            name="enName"
            label={t('dataSource.enName')}
            validateTrigger="onBlur"
            rules={[
              required(t('common.requiredField', { field: t('dataSource.enName') })),
              { pattern: /^[A-Za-z][A-Za-z0-9_]*$/, message: t('common.requiredField', { field: t('dataSource.enName') }) },
              {
                validator: async (_r, v: string) => {
                  if (!v || mode === 'view') return;
                  const free = await svc.checkEnName(v, mode === 'edit' ? oldEnName.current : '').catch(() => true);
                  if (free === false) throw new Error(t('dataSource.enNameTaken'));
                },
              },
            ]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="name" label={t('dataSource.name')} rules={[required(t('common.requiredField', { field: t('dataSource.name') }))]}>
            <Input />
          </Form.Item>
          <Form.Item name="dbType" label={t('dataSource.dbType')} rules={[required(t('common.requiredField', { field: t('dataSource.dbType') }))]}>
            <DictSelect
              type="db_type"
              onChange={(v) => {
                const port = v ? DEFAULT_PORTS[v] : undefined;
                if (port) form.setFieldValue('port', port);
              }}
            />
          </Form.Item>
          <Form.Item name="host" label={t('dataSource.host')} rules={[required(t('common.requiredField', { field: t('dataSource.host') }))]}>
            <Input />
          </Form.Item>
          <Form.Item name="port" label={t('dataSource.port')}>
            <InputNumber min={1} max={65535} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="dbName" label={t('dataSource.dbName')} rules={[required(t('common.requiredField', { field: t('dataSource.dbName') }))]}>
            <Input />
          </Form.Item>
          <Form.Item name="username" label={t('dataSource.username')}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name="password" label={t('dataSource.password')} extra={mode === 'edit' ? t('dataSource.passwordHint') : undefined}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="options" label={t('dataSource.options')}>
            <Input placeholder="charset=utf8mb4" />
          </Form.Item>
          <RemarksItem label={t('common.remarks')} rows={2} maxLength={null} />
          <Form.Item label=" " colon={false}>
            <Button
              icon={<ApiOutlined />}
              disabled={false}
              data-action="test-connection"
              onClick={async () => {
                const msg = await svc.test({ ...form.getFieldsValue(true), id: crud.id ? String(crud.id) : undefined }).catch(() => null);
                if (msg) void message.success(msg);
              }}
            >
              {t('dataSource.test')}
            </Button>
          </Form.Item>
        </>
      )}
    </CrudPage>
  );
}
