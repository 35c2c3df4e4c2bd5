import { useEffect, useState } from 'react';
import { Button, Card, Form, Input, InputNumber, Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Permission, YesNo, useFeedback, type PageProps } from '@loom/ui';
import { configService, type SysConfig } from './service';
import { requiredRule } from '../../shared/fields';

/** 系统配置 (`/sys/config/SysConfig`): site, appearance, login and upload settings, in force at once. */
export default function SysConfigPage(_props: PageProps) {
  const { t } = useTranslation('sys');
  const { message } = useFeedback();
  const [form] = Form.useForm<SysConfig>();
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    configService
      .queryById()
      .then((c) => form.setFieldsValue(c))
      .finally(() => setLoading(false));
  }, [form]);
  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      message.success(await configService.save({ ...form.getFieldsValue(true), ...values }));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card title={t('config.title')}>
      <Spin spinning={loading}>
        <Form form={form} labelCol={{ span: 6 }} wrapperCol={{ span: 12 }} data-testid="sys-config-form">
          <Form.Item name="productName" label={t('config.productName')} rules={[requiredRule(t, t('config.productName')), { max: 100 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="logo" label={t('config.logo')} rules={[{ max: 1000 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="defaultTheme" label={t('config.defaultTheme')} rules={[requiredRule(t, t('config.defaultTheme'))]}>
            <Input type="color" style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="defaultLayout" label={t('config.defaultLayout')}>
            <Select options={[{ value: 'vertical', label: 'vertical' }, { value: 'horizontal', label: 'horizontal' }]} />
          </Form.Item>
          <Form.Item name="homeUrl" label={t('config.homeUrl')} rules={[{ max: 255 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="loginCode" label={t('config.loginCode')}>
            <YesNo />
          </Form.Item>
          <Form.Item name="passwordMinLength" label={t('config.passwordMinLength')}>
            <InputNumber min={1} max={64} />
          </Form.Item>
          <Form.Item name="loginMaxFailures" label={t('config.loginMaxFailures')}>
            <InputNumber min={1} max={100} />
          </Form.Item>
          <Form.Item name="loginLockMinutes" label={t('config.loginLockMinutes')}>
            <InputNumber min={1} max={1440} />
          </Form.Item>
          <Form.Item name="uploadMaxMb" label={t('config.uploadMaxMb')}>
            <InputNumber min={1} max={50} />
          </Form.Item>
          <Form.Item name="uploadExtensions" label={t('config.uploadExtensions')} rules={[{ pattern: /^[A-Za-z0-9, ]*$/ }]}>
            <Input placeholder="jpg,png,pdf" />
          </Form.Item>
          <Form.Item wrapperCol={{ offset: 6 }}>
            <Permission value="sys:config:edit">
              <Button type="primary" loading={saving} onClick={() => void save()} data-testid="sys-config-save">
                {t('config.save')}
              </Button>
            </Permission>
          </Form.Item>
        </Form>
      </Spin>
    </Card>
  );
}
