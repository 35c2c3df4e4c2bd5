import { useState } from 'react';
import { Alert, Button, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { dbTableService as svc, type SqlAnswer } from './service';
import { ResultTable } from './ResultTable';

/** 执行SQL: one statement on the data source as its own user; rows up to the cap, or rows touched. */
export function SqlDialog({ dataSourceId, open, onClose }: { dataSourceId: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('gencode');
  const [sql, setSql] = useState('');
  const [answer, setAnswer] = useState<SqlAnswer | null>(null);
  return (
    <Modal className="loom-sql-dialog" open={open} width={1000} title={t('dbTable.executeSql')} onCancel={onClose} footer={null}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Input.TextArea id="sql" rows={5} value={sql} onChange={(e) => setSql(e.target.value)} placeholder="select * from ..." style={{ fontFamily: 'monospace' }} />
        <Button type="primary" data-action="run-sql" disabled={!sql.trim()} onClick={() => void svc.execute(dataSourceId, sql).then(setAnswer, () => undefined)}>
          {t('dbTable.run')}
        </Button>
        {answer && answer.columns.length === 0 && (
          <Alert className="loom-sql-affected" type="success" message={t('dbTable.affected', { count: answer.affected ?? 0 })} />
        )}
        {answer?.truncated && <Alert type="warning" message={t('dbTable.truncated', { count: answer.list.length })} />}
        {answer && answer.columns.length > 0 && <ResultTable columns={answer.columns} rows={answer.list} />}
      </Space>
    </Modal>
  );
}
