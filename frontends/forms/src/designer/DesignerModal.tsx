import { Modal } from 'antd';
import type { FormJson } from '../render';
import { Designer } from './Designer';

/** The designer full screen (the 表单设计 "design" action and 流程表单's new version). */
export function DesignerModal({ open, value, title, onSave, onClose, listTab }: { open: boolean; value: FormJson | null; title?: string; onSave: (f: FormJson) => Promise<unknown>; onClose: () => void; listTab?: boolean }) {
  return (
    <Modal
      open={open && !!value}
      footer={null}
      closable={false}
      maskClosable={false}
      keyboard={false}
      width="100vw"
      style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }}
      styles={{ body: { height: '100vh', padding: 0 }, content: { padding: 0, borderRadius: 0 } }}
      className="loom-fd-designer-modal"
      destroyOnHidden
    >
      {value && <Designer value={value} title={title} onSave={onSave} onClose={onClose} listTab={listTab} />}
    </Modal>
  );
}
