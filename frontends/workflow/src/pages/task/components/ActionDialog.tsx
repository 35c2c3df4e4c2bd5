import { useEffect, useState } from 'react';
import { Checkbox, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { PickerField } from '@loom/ui';
import { taskService } from '../../../components/task/service';
import type { BackNode, Signer } from '../../../api/types';

export type DialogKind = 'back' | 'transfer' | 'delegate' | 'addSign' | 'delSign' | 'stop';

export interface DialogResult {
  userIds: string[];
  backTaskDefKey: string;
  message: string;
}

const TITLE: Record<DialogKind, string> = {
  back: 'task.backTo',
  transfer: 'task.transferTitle',
  delegate: 'task.delegateTitle',
  addSign: 'task.addSignTitle',
  delSign: 'task.delSignTitle',
  stop: 'task.stopTitle',
};

/**
 * The dialog a button opens before it runs: the legal back nodes (`backNodes`) for back, a user
 * picker for transfer/delegate (one user) and add signers (several), the node's other open signers
 * for 减签 (nobody else can be removed), a reason for stop.
 */
export function ActionDialog({
  kind,
  taskId,
  comment,
  onOk,
  onCancel,
}: {
  kind: DialogKind | null;
  taskId: string;
  comment: string;
  onOk: (r: DialogResult) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('tasks');
  const [form] = Form.useForm<{ users?: string[]; node?: string; message?: string }>();
  const [nodes, setNodes] = useState<BackNode[] | null>(null);
  const [signers, setSigners] = useState<Signer[] | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!kind) return;
    form.resetFields();
    form.setFieldsValue({ message: comment });
    if (kind === 'delSign') {
      setSigners(null);
      void taskService.signers(taskId).then(setSigners, () => setSigners([]));
    }
    if (kind === 'back') {
      setNodes(null);
      void taskService.backNodes(taskId).then((n) => {
        setNodes(n);
        if (n.length) form.setFieldsValue({ node: n[n.length - 1]?.taskDefKey });
      });
    }
  }, [kind, taskId, comment, form]);
  const needsUsers = kind === 'transfer' || kind === 'delegate' || kind === 'addSign';
  const single = kind === 'transfer' || kind === 'delegate';
  return (
    <Modal
      open={kind != null}
      title={kind ? t(TITLE[kind]) : ''}
      width={560}
      maskClosable={false}
      confirmLoading={busy}
      okText={t('yes')}
      cancelText={t('cancel')}
      okButtonProps={{ 'data-action': 'dialog-ok' } as Record<string, string>}
      className="loom-task-action-dialog"
      onCancel={onCancel}
      onOk={async () => {
        const v = await form.validateFields().catch(() => null);
        if (!v) return; // the messages are beside the fields
        setBusy(true);
        try {
          await onOk({ userIds: v.users ?? [], backTaskDefKey: v.node ?? '', message: v.message ?? '' });
        } catch {
          // the HTTP client has shown the server's message; the dialog stays open
        } finally {
          setBusy(false);
        }
      }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        {kind === 'back' ? (
          <Form.Item name="node" label={t('task.backTo')} rules={[{ required: true, message: t('task.backNodeRequired') }]}
            extra={nodes && !nodes.length ? t('task.noBackNode') : undefined}>
            <Select
              loading={nodes == null}
              data-field="back-node"
              options={(nodes ?? []).map((n) => ({ value: n.taskDefKey, label: n.taskName }))}
            />
          </Form.Item>
        ) : null}
        {kind === 'delSign' ? (
          <Form.Item
            name="users"
            label={t('task.pickSigners')}
            rules={[{ required: true, message: t('task.userRequired') }]}
            extra={signers && !signers.length ? t('task.noOtherSigners') : undefined}
          >
            <Checkbox.Group data-field="signers" options={(signers ?? []).map((u) => ({ value: u.id, label: u.name }))} />
          </Form.Item>
        ) : null}
        {needsUsers ? (
          <Form.Item name="users" label={t('task.pickUser')} rules={[{ required: true, message: t('task.userRequired') }]}>
            <PickerField kind="user" limit={single ? 1 : undefined} />
          </Form.Item>
        ) : null}
        <Form.Item
          name="message"
          label={kind === 'stop' ? t('stopMessage') : t('task.comment')}
          rules={kind === 'stop' || kind === 'back' ? [{ required: true, whitespace: true, message: t('task.commentRequired') }] : []}
        >
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
