import { useEffect, useState } from 'react';
import { Alert, Empty, Form, Radio, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@loom/ui';
import { tableService, type SyncPreview } from '../service';
import type { GenTableRow } from '../types';

/** Synchronise a design to its database: normal ('1', keeps data) or forced ('2', drops and re-creates), with the DDL preview. */
export function SyncDialog({ row, onClose, onSaved }: { row: GenTableRow | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('gencode');
  const [form] = Form.useForm<{ id: string; isForce: string }>();
  const isForce = Form.useWatch('isForce', form) ?? '1';
  const [preview, setPreview] = useState<SyncPreview | null>(null);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (!row) return;
    let alive = true;
    setLoading(true);
    tableService
      .syncPreview(row.id, isForce)
      .then((p) => alive && setPreview(p))
      .catch(() => alive && setPreview(null))
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [row, isForce]);
  return (
    <FormDialog<{ id: string; isForce: string }>
      open={!!row}
      mode="edit"
      form={form}
      title={`${t('sync.title')} - ${row?.name ?? ''}`}
      width={860}
      continueAdding={false}
      initialValues={{ id: row?.id ?? '', isForce: '1' }}
      onSubmit={(v) => tableService.synchDb(row?.id ?? v.id, v.isForce)}
      onSaved={onSaved}
      onClose={onClose}
      formProps={{ labelCol: { span: 4 }, wrapperCol: { span: 19 } }}
    >
      <Form.Item name="isForce" label={t('sync.mode')}>
        <Radio.Group>
          <Radio value="1" data-sync="1">
            {t('sync.normal')}
          </Radio>
          <Radio value="2" data-sync="2">
            {t('sync.force')}
          </Radio>
        </Radio.Group>
      </Form.Item>
      {isForce === '2' ? <Alert type="error" showIcon message={t('sync.forceWarn')} style={{ marginBottom: 12 }} className="loom-sync-force-warn" /> : null}
      {preview?.lossy && isForce !== '2' ? <Alert type="warning" showIcon message={t('sync.lossyWarn')} style={{ marginBottom: 12 }} /> : null}
      <Form.Item label={t('sync.preview')}>
        <Spin spinning={loading}>
          <div className="loom-sync-preview" style={{ background: '#1e1e1e', color: '#d4d4d4', borderRadius: 4, padding: 12, maxHeight: 320, overflow: 'auto', fontFamily: 'monospace', fontSize: 12 }}>
            {preview && preview.statements.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<span style={{ color: '#aaa' }}>{t('sync.noChanges')}</span>} />
            ) : (
              (preview?.statements ?? []).map((s, i) => (
                <div key={i} style={{ marginBottom: 8 }} data-lossy={s.lossy ? '1' : '0'}>
                  {s.lossy ? <Tag color="red">lossy</Tag> : null}
                  {s.note ? <Typography.Text style={{ color: '#999' }}>-- {s.note}</Typography.Text> : null}
                  <pre style={{ margin: 0, whiteSpace: 'pre-wrap', color: s.lossy ? '#ff7875' : '#9cdcfe' }}>{s.sql};</pre>
                </div>
              ))
            )}
          </div>
        </Spin>
      </Form.Item>
    </FormDialog>
  );
}
