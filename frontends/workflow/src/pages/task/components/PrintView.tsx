import { useEffect, useState } from 'react';
import { Button, Modal, Typography } from 'antd';
import { fieldsOf, http, type FormJson } from '@loom/ui';
import { PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ProcessData } from '../../../components/task/FormArea';
import { HistoryTimeline } from '../../../components/task/HistoryTimeline';
import { FormChanges } from '../../../components/task/FormChanges';

/** `{model: label}` of every field of a dynamic form's JSON. */
function fieldLabels(form: FormJson | null | undefined): Record<string, string> {
  return Object.fromEntries(fieldsOf(form?.list ?? []).map((w) => [w.model, w.name || w.model]));
}

/** A printable view of the form, the comments and the history (`_flow_print`): a dynamic form's
 * fields under their labels (button codes and engine variables left out). */
export function PrintView({ open, title, procInsId, jsonId, onClose }: { open: boolean; title: string; procInsId: string | null; jsonId?: string | null; onClose: () => void }) {
  const { t } = useTranslation('tasks');
  const [labels, setLabels] = useState<Record<string, string> | null>(null);
  useEffect(() => {
    if (!open || !jsonId) return;
    let alive = true;
    http
      .get<{ json?: string | FormJson | null }>('/extension/formDefinitionJson/queryById', { id: jsonId }, { silent: true })
      .then((v) => {
        // forms answers the version's JSON as text or, when stored as an object, as it is
        const found = fieldLabels(typeof v.json === 'string' ? JSON.parse(v.json) : v.json);
        if (alive && Object.keys(found).length) setLabels(found);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [open, jsonId]);
  return (
    <Modal
      open={open}
      width={900}
      title={t('task.printTitle', { title })}
      onCancel={onClose}
      className="loom-task-print"
      footer={
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} data-action="do-print">
          {t('task.printTitle', { title: '' }).replace(/^ - /, '')}
        </Button>
      }
      destroyOnHidden
    >
      <div className="loom-print-area">
        <Typography.Title level={4}>{title}</Typography.Title>
        <Typography.Title level={5}>{t('task.formData')}</Typography.Title>
        <ProcessData procInsId={procInsId} labels={labels} />
        <Typography.Title level={5} style={{ marginTop: 16 }}>
          {t('task.historyTab')}
        </Typography.Title>
        <HistoryTimeline procInsId={procInsId} />
        <FormChanges
          procInsId={procInsId}
          heading={
            <Typography.Title level={5} style={{ marginTop: 16 }}>
              {t('task.changesTab')}
            </Typography.Title>
          }
        />
      </div>
    </Modal>
  );
}
