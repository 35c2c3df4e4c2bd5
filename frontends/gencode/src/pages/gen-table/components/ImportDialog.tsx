import { useEffect, useState } from 'react';
import { Button, Empty, Input, Modal, Progress, Space, Table } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SplitLayout, useFeedback } from '@loom/ui';
import { DataSourceTree } from '../../../components/DataSourceTree';
import type { DataSourceNode } from '../../datasource/service';
import { tableService } from '../service';
import type { PhysicalTable } from '../../../api/types';

/** Seed §9: the import dialog is 1200px wide, its table list 600 high. */
export const IMPORT_WIDTH = 1200;
export const IMPORT_LIST_HEIGHT = 600;

/** A table of the data source as the import lists it (the OpenAPI's). */
type DbTable = PhysicalTable;

/** Import tables from a data source: tree left, table list (name filter, multi-select) right, progress while importing. */
export function ImportDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation('gencode');
  const { message } = useFeedback();
  const [source, setSource] = useState<DataSourceNode | null>(null);
  const [name, setName] = useState('');
  const [rows, setRows] = useState<DbTable[]>([]);
  const [loading, setLoading] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  const load = (ds: DataSourceNode | null, filter: string) => {
    if (!ds) {
      setRows([]);
      return;
    }
    setLoading(true);
    tableService
      .importTableData(filter, ds.enName ?? ds.id)
      .then((d) => setRows(d?.rows ?? []))
      .catch(() => setRows([])) // seed §8: an import failure empties the list
      .finally(() => setLoading(false));
  };

  useEffect(() => {
    if (!open) return;
    setSource(null);
    setRows([]);
    setChosen([]);
    setName('');
    setProgress(null);
  }, [open]);

  const run = async () => {
    if (!source) return;
    if (chosen.length === 0) {
      void message.warning(t('import.pickTables'));
      return;
    }
    setProgress({ done: 0, total: chosen.length });
    let last = '';
    let failed = false;
    for (let i = 0; i < chosen.length; i += 1) {
      try {
        last = await tableService.saveTableFromDB([chosen[i] ?? ''], source.id);
      } catch {
        failed = true;
        break;
      }
      setProgress({ done: i + 1, total: chosen.length });
    }
    if (failed) {
      setProgress(null);
      setRows([]);
      onDone();
      return;
    }
    if (last) void message.success(last);
    setProgress(null);
    onDone();
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('import.title')}
      width={IMPORT_WIDTH}
      maskClosable={false}
      destroyOnHidden
      onCancel={progress ? undefined : onClose}
      className="loom-import-dialog"
      footer={
        <Space>
          <Button onClick={onClose} disabled={!!progress}>
            {t('common.close')}
          </Button>
          <Button type="primary" onClick={() => void run()} loading={!!progress} disabled={!source || chosen.length === 0} data-action="confirm">
            {t('common.confirm')}
          </Button>
        </Space>
      }
    >
      <SplitLayout
        sideWidth={260}
        side={
          <DataSourceTree
            height={560}
            selectedId={source?.id}
            onSelect={(n) => {
              setSource(n);
              setChosen([]);
              load(n, name);
            }}
          />
        }
      >
        <Space style={{ marginBottom: 8 }}>
          <Input allowClear placeholder={t('import.filter')} value={name} onChange={(e) => setName(e.target.value)} onPressEnter={() => load(source, name)} data-field="import-filter" style={{ width: 260 }} />
          <Button type="primary" icon={<SearchOutlined />} onClick={() => load(source, name)} disabled={!source}>
            {t('import.search')}
          </Button>
        </Space>
        {progress ? (
          <Progress percent={Math.round((progress.done / progress.total) * 100)} format={() => t('import.progress', progress)} className="loom-import-progress" style={{ marginBottom: 8 }} />
        ) : null}
        {source ? (
          <Table<DbTable>
            size="small"
            bordered
            rowKey="name"
            loading={loading}
            dataSource={rows}
            pagination={false}
            scroll={{ y: IMPORT_LIST_HEIGHT }}
            rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setChosen(keys.map(String)) }}
            columns={[
              { title: t('import.tableName'), dataIndex: 'name', render: (v: string) => <span data-import-table={v}>{v}</span> },
              { title: t('import.comments'), dataIndex: 'comments' },
            ]}
          />
        ) : (
          <div style={{ height: IMPORT_LIST_HEIGHT, display: 'grid', placeItems: 'center' }}>
            <Empty description={t('import.pickSource')} />
          </div>
        )}
      </SplitLayout>
    </Modal>
  );
}
