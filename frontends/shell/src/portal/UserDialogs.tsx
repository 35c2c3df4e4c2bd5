import { useEffect, useState } from 'react';
import { App, Descriptions, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { changePassword, http, useSession } from '@loom/ui/core';
import type { CallerInfo } from '../../../sys/src/api/types';

/** The caller and their roles (`GET /sys/user/info`, sys's OpenAPI answer); none yet while it loads. */
type Info = Partial<CallerInfo>;

export function ProfileDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const s = useSession();
  const [info, setInfo] = useState<Info>({});
  useEffect(() => {
    if (open) void http.get<CallerInfo>('/sys/user/info').then((d) => setInfo(d ?? {})).catch(() => undefined);
  }, [open]);
  const u: Partial<CallerInfo['user']> = info.user ?? (s.user as Partial<CallerInfo['user']> | null) ?? {};
  const str = (v: unknown) => (v == null ? '' : String(v));
  return (
    <Modal open={open} title={t('profile')} onCancel={onClose} footer={null} maskClosable={false} width={560}>
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('loginName')}>{str(u.loginName)}</Descriptions.Item>
        <Descriptions.Item label={t('name')}>{str(u.name)}</Descriptions.Item>
        <Descriptions.Item label={t('company')}>{str(u.companyDTO?.name)}</Descriptions.Item>
        <Descriptions.Item label={t('office')}>{str(u.officeDTO?.name)}</Descriptions.Item>
        <Descriptions.Item label={t('email')}>{str(u.email)}</Descriptions.Item>
        <Descriptions.Item label={t('mobile')}>{str(u.mobile)}</Descriptions.Item>
        <Descriptions.Item label={t('roles')}>{(info.role ?? []).map((r) => r.name).join('，')}</Descriptions.Item>
      </Descriptions>
    </Modal>
  );
}

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ oldPassword: string; newPassword: string; confirm: string }>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const msg = await changePassword(v.oldPassword, v.newPassword);
      if (typeof msg === 'string' && msg) void message.success(msg);
      onClose();
    } catch {
      /* shown by the HTTP client */
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open={open} title={t('changePassword')} onCancel={onClose} onOk={() => void submit()} confirmLoading={saving} maskClosable={false} destroyOnHidden>
      <Form form={form} layout="vertical" validateTrigger="onBlur" onFinish={() => void submit()}>
        <Form.Item name="oldPassword" label={t('oldPassword')} rules={[{ required: true }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="newPassword" label={t('newPassword')} rules={[{ required: true }, { min: 6, max: 20, message: t('passwordRule') }]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('confirmPassword')}
          dependencies={['newPassword']}
          rules={[
            { required: true },
            ({ getFieldValue }) => ({
              validator: (_r, value) => (!value || value === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t('passwordMismatch')))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" onPressEnter={() => void submit()} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
