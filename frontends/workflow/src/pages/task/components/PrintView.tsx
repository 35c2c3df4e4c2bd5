import { Button, Modal, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ProcessData } from '../../../components/task/FormArea';
import { HistoryTimeline } from '../../../components/task/HistoryTimeline';

/** A printable view of the form, the comments and the history (`_flow_print`). */
export function PrintView({ open, title, procInsId, onClose }: { open: boolean; title: string; procInsId: string | null; onClose: () => void }) {
  const { t } = useTranslation('tasks');
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
        <ProcessData procInsId={procInsId} />
        <Typography.Title level={5} style={{ marginTop: 16 }}>
          {t('task.historyTab')}
        </Typography.Title>
        <HistoryTimeline procInsId={procInsId} />
      </div>
    </Modal>
  );
}
