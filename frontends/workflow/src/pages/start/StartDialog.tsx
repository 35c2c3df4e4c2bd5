import { useEffect, useRef, useState, type Ref } from 'react';
import { Alert, Button, Form, Input, Modal, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { HttpError, useFeedback, useSession, type FormRenderHandle } from '@loom/ui';
import '../../locales/tasks';
import { taskService } from '../../components/task/service';
import { VariablesEditor, rowsToVars, type VarRow } from '../../components/task/FormArea';
import type { DefinitionPublic, TaskDef } from '../../api/types';
import { DynamicForm } from '../../components/task/DynamicForm';
import { ExternalForm, isExternal, type ExternalFormHandle, type ExternalRecord } from '../../components/task/ExternalForm';
import { isDynamicKey } from '../../components/task/nodeForm';

/** The start form of a definition: the title and the start node's form; submits through `/flowable/task/start`. */
export function StartDialog({
  definition,
  businessId,
  onClose,
  onStarted,
  onDraftSaved,
}: {
  definition: DefinitionPublic | null;
  /** A workflow form's draft record to start (its external form shows it, the start saves it). */
  businessId?: string | null;
  onClose: () => void;
  onStarted: (procInsId: string) => void;
  /** Offers 保存草稿 for a workflow form's record (kept unstarted; its list's 发起 starts it later). */
  onDraftSaved?: () => void;
}) {
  const { t } = useTranslation('tasks');
  const s = useSession();
  const [form] = Form.useForm<{ title: string }>();
  const [def, setDef] = useState<TaskDef | null>(null);
  const [rows, setRows] = useState<VarRow[]>([]);
  const [busy, setBusy] = useState(false);
  const { message } = useFeedback();
  const formRef = useRef<FormRenderHandle>(null);
  // the start node's external form is a live module's page (its record is saved before the start)
  const [moduleForm, setModuleForm] = useState(false);
  const dynamic = !!def && isDynamicKey(def.formType, def.formUrl);
  useEffect(() => {
    if (!definition) return;
    setDef(null);
    setRows([]);
    form.setFieldsValue({
      title: t('start.defaultTitle', { user: s.user?.name ?? '', time: dayjs().format('YYYY-MM-DD HH:mm'), name: definition.name }),
    });
    // the start node's rights over its form's fields come with it (fieldRights)
    void taskService.taskDef({ procDefId: definition.id, status: 'start' }).then(setDef);
  }, [definition, form, s.user, t]);
  // a workflow form's record saved through its module, not started
  const saveDraft = async () => {
    const external = isExternal(formRef.current) ? formRef.current : null;
    if (!external || !(await external.getData().catch(() => null))) return; // the messages are beside the fields
    setBusy(true);
    try {
      if (await external.save()) onDraftSaved?.();
    } catch (e) {
      if (e instanceof HttpError && e.details && typeof e.details === 'object') external.setErrors(e.details as Record<string, string>);
    } finally {
      setBusy(false);
    }
  };
  const variables = (
    <>
      <Typography.Paragraph type="secondary">{t('start.noForm')}</Typography.Paragraph>
      <Typography.Text strong>{t('start.variables')}</Typography.Text>
      <div style={{ marginTop: 8 }}>
        <VariablesEditor value={rows} onChange={setRows} />
      </div>
    </>
  );
  return (
    <Modal
      open={definition != null}
      title={definition ? t('start.formTitle', { name: definition.name }) : ''}
      width={720}
      maskClosable={false}
      confirmLoading={busy}
      okText={t('start.submit')}
      cancelText={t('cancel')}
      okButtonProps={{ 'data-action': 'start-submit' } as Record<string, string>}
      className="loom-start-dialog"
      footer={(buttons) => (
        <>
          {moduleForm && onDraftSaved ? (
            <Button data-action="start-draft" disabled={busy} onClick={() => void saveDraft()}>
              {t('start.saveDraft')}
            </Button>
          ) : null}
          {buttons}
        </>
      )}
      destroyOnHidden
      onCancel={onClose}
      onOk={async () => {
        if (!definition) return;
        const v = await form.validateFields().catch(() => null);
        if (!v) return; // the messages are beside the fields
        let data: Record<string, unknown> = rowsToVars(rows);
        const external = isExternal(formRef.current) ? formRef.current : null;
        let record: ExternalRecord | null = null;
        if (external) {
          // the external form's record is saved through its module's API; the instance is its business key
          const values = await external.getData().catch(() => null);
          if (!values) return; // the messages are beside the fields
          record = await external.save().catch((e: unknown) => {
            if (e instanceof HttpError && e.details && typeof e.details === 'object') external.setErrors(e.details as Record<string, string>);
            return null;
          });
          if (!record && moduleForm) return;
          data = { ...data, ...values };
        } else if (dynamic && formRef.current) {
          try {
            data = await formRef.current.getData();
          } catch (e) {
            void message.error(e instanceof Error ? e.message : String(e));
            return;
          }
        }
        setBusy(true);
        try {
          const id = await taskService.start({ procDefKey: definition.key, title: v.title, vars: data, ...record }).catch(async (e: unknown) => {
            // a start that failed leaves no record: the one saved for it is taken back (the error shows as usual)
            if (external && record) await external.discard().catch(() => undefined);
            throw e;
          });
          // the record's module learns its instance from the workflow service (the business key), not from here
          onStarted(id);
        } catch (e) {
          // the server's field messages go beside their fields
          if (e instanceof HttpError && e.details && typeof e.details === 'object') formRef.current?.setErrors(e.details as Record<string, string>);
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="title" label={t('start.titleLabel')} rules={[{ required: true, whitespace: true, message: t('start.titleRequired') }, { max: 200 }]}>
          <Input />
        </Form.Item>
      </Form>
      {def == null ? (
        <Spin />
      ) : dynamic ? (
        <DynamicForm ref={formRef} jsonId={def.formUrl} permissions={def.fieldRights} />
      ) : def.formType === '2' && def.formUrl && def.formUrl !== '/404' ? (
        <ExternalForm
          ref={formRef as Ref<ExternalFormHandle>}
          url={def.formUrl}
          businessId={businessId}
          onResolved={setModuleForm}
          fallback={
            <>
              <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('start.externalForm', { url: def.formUrl })} />
              {variables}
            </>
          }
        />
      ) : (
        variables
      )}
    </Modal>
  );
}
