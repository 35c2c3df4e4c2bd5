import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Descriptions, Form, Input, Spin } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FormDialog, maxLen, Permission, useFormDialog, usePageActivated, type PageProps } from '@loom/ui';
import type { CodeParamPublic } from '../../api/types';
import { refService } from '../../shared/service';

/** The code parameters as queryById answers them (none stored yet: only the id). */
type CodeParam = Partial<CodeParamPublic> & { id: string };

/** The fixed record id of the code parameters (seed §9). */
export const CODE_PARAM_ID = '1';
const svc = refService<CodeParam>('codeParam');

/** 代码生成默认参数 (`/gen/GenCodeParamList`): one card with an edit button. */
export default function CodeParamForm(_props: PageProps) {
  const { t } = useTranslation('gencode');
  const [data, setData] = useState<CodeParam | null>(null);
  const dlg = useFormDialog();
  const load = useCallback(() => {
    svc
      .queryById(CODE_PARAM_ID)
      .then((d) => setData(d ?? { id: CODE_PARAM_ID }))
      .catch(() => setData({ id: CODE_PARAM_ID }));
  }, []);
  useEffect(load, [load]);
  usePageActivated(load);
  return (
    <div className="loom-gencode-codeParam" style={{ maxWidth: 900 }}>
      <Card
        title={t('codeParam.title')}
        extra={
          <Permission value="gencode:codeParam:edit">
            <Button type="primary" icon={<EditOutlined />} onClick={() => dlg.show('edit', CODE_PARAM_ID)} data-action="edit">
              {t('common.edit')}
            </Button>
          </Permission>
        }
      >
        {data === null ? (
          <Spin />
        ) : (
          <Descriptions column={1} bordered labelStyle={{ width: 200 }}>
            <Descriptions.Item label={t('codeParam.projectPath')}>{data.projectPath}</Descriptions.Item>
            <Descriptions.Item label={t('codeParam.frontPath')}>{data.frontPath}</Descriptions.Item>
            <Descriptions.Item label={t('codeParam.packageName')}>{data.packageName}</Descriptions.Item>
            <Descriptions.Item label={t('codeParam.author')}>{data.author}</Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      <FormDialog<CodeParam>
        open={dlg.open}
        mode={dlg.mode}
        name={t('codeParam.entity')}
        width={700}
        load={() => svc.queryById(CODE_PARAM_ID)}
        initialValues={{ id: CODE_PARAM_ID }}
        onSubmit={(v) => svc.save({ ...v, id: CODE_PARAM_ID })}
        onSaved={load}
        onClose={dlg.close}
      >
        <Form.Item name="projectPath" label={t('codeParam.projectPath')} rules={[maxLen(200)]}>
          <Input />
        </Form.Item>
        <Form.Item name="frontPath" label={t('codeParam.frontPath')} rules={[maxLen(200)]}>
          <Input />
        </Form.Item>
        <Form.Item name="packageName" label={t('codeParam.packageName')} rules={[maxLen(200)]}>
          <Input placeholder="com.jeeplus" />
        </Form.Item>
        <Form.Item name="author" label={t('codeParam.author')} rules={[maxLen(200)]}>
          <Input />
        </Form.Item>
      </FormDialog>
    </div>
  );
}
