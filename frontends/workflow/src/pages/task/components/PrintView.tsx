import { Button, Modal, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ProcessData } from '../../../components/task/FormArea';
import { HistoryTimeline } from '../../../components/task/HistoryTimeline';
import { FormChanges } from '../../../components/task/FormChanges';
import { useFormFields } from '../../../components/task/formJson';

/** A printable view of the form, the comments and the history (`_flow_print`): a dynamic form's
 * fields under their labels, values as their labels read (button codes and engine variables left out). */
export function PrintView({ open, title, procInsId, jsonId, onClose }: { open: boolean; title: string; procInsId: string | null; jsonId?: string | null; onClose: () => void }) {
  const { t } = useTranslation('tasks');
  const fields = useFormFields(open ? jsonId : null);
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
        <ProcessData procInsId={procInsId} fields={fields && Object.keys(fields).length ? fields : null} />
        <Typography.Title level={5} style={{ marginTop: 16 }}>
          {t('task.historyTab')}
        </Typography.Title>
        <HistoryTimeline procInsId={procInsId} />
        <FormChanges
          procInsId={procInsId}
          jsonId={jsonId}
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
