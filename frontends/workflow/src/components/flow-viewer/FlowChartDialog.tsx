import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import '../../locales/designer';
import { FlowViewer, type FlowViewerProps } from './FlowViewer';

export interface FlowChartDialogProps extends FlowViewerProps {
  open: boolean;
  onClose: () => void;
  /** Title (default '查看流程'). */
  title?: string;
}

/** The 'view process' preview (seed 001 §2.1): 1500px wide, not closed by a click outside. */
export function FlowChartDialog({ open, onClose, title, ...viewer }: FlowChartDialogProps) {
  const { t } = useTranslation('designer');
  return (
    <Modal open={open} title={title ?? t('viewer.title')} width={1500} maskClosable={false} footer={null} onCancel={onClose} destroyOnHidden className="loom-flow-chart-dialog">
      {open ? <FlowViewer height={640} {...viewer} /> : null}
    </Modal>
  );
}
