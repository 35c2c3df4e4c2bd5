import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../locales/tasks';

/** Asks for the text an operation needs (stop message, delete reason) before it runs. */
export function ReasonDialog({ open, title, label, onOk, onCancel }: { open: boolean; title: string; label: string; onOk: (text: string) => Promise<unknown>; onCancel: () => void }) {
  const { t } = useTranslation('tasks');
  const [form] = Form.useForm<{ text: string }>();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={open}
      title={title}
      maskClosable={false}
      confirmLoading={busy}
      okText={t('yes')}
      cancelText={t('cancel')}
      className="loom-reason-dialog"
      destroyOnHidden
      onCancel={onCancel}
      onOk={async () => {
        const v = await form.validateFields().catch(() => null);
        if (!v) return; // the message is beside the field
        setBusy(true);
        try {
          await onOk(v.text);
        } catch {
          // the HTTP client has shown the server's message; the dialog stays open
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="text" label={label} rules={[{ required: true, whitespace: true, message: t('deleteReasonRequired') }]}>
          <Input.TextArea rows={3} maxLength={255} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
