import { useEffect, useRef, useState } from 'react';
import { Button, Modal, Select, Space } from 'antd';
import { CodeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ListPage, Permission, useFeedback, type ListPageHandle, type PageProps } from '@loom/ui';
import '../database-locales';
import { dataSourceService } from '../datasource/service';
import type { TableName } from '../../api/types';
import { dbTableService as svc, type SqlAnswer } from './service';
import { ResultTable } from './ResultTable';
import { SqlDialog } from './SqlDialog';
import { TableDialog } from './TableDialog';

const P = { view: 'database:table:view', add: 'database:table:add', edit: 'database:table:edit', del: 'database:table:del', sql: 'database:table:executeSql' };
/** A table of the data source as the tables' page lists it (the OpenAPI's). */
type Row = TableName;

/** 数据库管理 (`/database/datatable/Table`): the tables of a data source — create, alter (the DDL
 * previewed, lossy statements marked), drop, view rows, run SQL. */
export default function DataTableList(_props: PageProps) {
  const { t } = useTranslation('gencode');
  const { message, modal } = useFeedback();
  const list = useRef<ListPageHandle<Row>>(null);
  const [sources, setSources] = useState<Array<{ value: string; label: string }>>([]);
  const [dataSourceId, setDataSourceId] = useState('master');
  const [editing, setEditing] = useState<{ name?: string } | null>(null);
  const [sqlOpen, setSqlOpen] = useState(false);
  const [rows, setRows] = useState<{ name: string; answer: SqlAnswer } | null>(null);

  useEffect(() => {
    void dataSourceService.treeData().then((tree) => {
      const nodes = tree.flatMap((n) => (n.children?.length ? n.children : [n]));
      setSources(nodes.map((n) => ({ value: n.id, label: n.label ?? n.name ?? n.id })));
    });
  }, []);

  return (
    <div className="loom-gencode-dbTable">
      <ListPage<Row>
        actionRef={list}
        rowKey="name"
        params={{ dataSourceId }}
        fetch={async (p) => {
          const found = await svc.list(dataSourceId, typeof p.name === 'string' ? p.name : '');
          return { records: found.rows, total: found.total };
        }}
        paging={false}
        selectable={false}
        exportName={t('dbTable.entity')}
        permissions={P}
        onAdd={() => setEditing({})}
        title={
          <Space>
            <span>{t('dbTable.dataSource')}</span>
            <Select className="loom-db-source" style={{ width: 220 }} value={dataSourceId} options={sources} onChange={setDataSourceId} />
          </Space>
        }
        toolbar={() => (
          <Permission value={P.sql}>
            <Button icon={<CodeOutlined />} data-action="execute-sql" onClick={() => setSqlOpen(true)}>
              {t('dbTable.executeSql')}
            </Button>
          </Permission>
        )}
        rowActions={{
          width: 220,
          items: (r) => [
            { key: 'rows', label: t('dbTable.viewRows'), permission: P.view, onClick: () => void svc.rows(dataSourceId, r.name).then((answer) => setRows({ name: r.name, answer }), () => undefined) },
            { key: 'edit', onClick: () => setEditing({ name: r.name }) },
            {
              key: 'drop',
              label: t('common.delete'),
              permission: P.del,
              danger: true,
              onClick: () =>
                modal.confirm({
                  title: t('common.tip'),
                  content: t('dbTable.dropConfirm', { name: r.name }),
                  onOk: async () => {
                    void message.success(await svc.drop(dataSourceId, r.name));
                    list.current?.reload();
                  },
                }),
            },
          ],
        }}
        columns={[
          { title: t('dbTable.name'), dataIndex: 'name', query: true },
          { title: t('dbTable.comments'), dataIndex: 'comments', ellipsis: true },
        ]}
      />
      <TableDialog
        dataSourceId={dataSourceId}
        name={editing?.name}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onDone={() => list.current?.reload()}
      />
      <SqlDialog dataSourceId={dataSourceId} open={sqlOpen} onClose={() => setSqlOpen(false)} />
      <Modal className="loom-db-rows" open={rows !== null} width={1000} title={rows?.name} footer={null} onCancel={() => setRows(null)}>
        {rows && <ResultTable columns={rows.answer.columns} rows={rows.answer.list} />}
      </Modal>
    </div>
  );
}
