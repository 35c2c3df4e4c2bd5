import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Drawer, Empty, Form, Input, Select, Space, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type Modeler from 'bpmn-js/lib/Modeler';
import { FormRender, PickerField, type FormRenderHandle } from '@loom/ui';
import { loadForm, type DynamicForm, NS } from '../checks/api';
import { dryRunApi, type DryRunResult, type DryRunStep, type RuleOutcome } from './api';
import { clearRun, paintRun } from './canvas';
import { requestBody, startFormKey, startVariables, userTasks } from './diagram';
import { ReviewerValue } from '../../panel/sections/ReviewerValue';

export interface DryRunDrawerProps {
  modeler: Modeler;
  modelId?: string;
  open: boolean;
  onClose: () => void;
}

const AGREE = '_flow_agree';
const BACK = '_flow_back';

function RuleLine({ rule }: { rule: RuleOutcome }) {
  const { t } = useTranslation(NS);
  return (
    <div className="loom-dryrun-rule" data-rule-type={rule.type}>
      <Typography.Text type="secondary">{t('dryrun.byRule')} </Typography.Text>
      <Typography.Text code>
        {t(`dryrun.types.${rule.type}`, { defaultValue: rule.type })}
        {rule.value ? ' ' : ''}
        <ReviewerValue type={rule.type} value={rule.value} />
      </Typography.Text>
      {rule.operationType === '1' ? <Tag color="orange">{t('dryrun.excluded')}</Tag> : null}
      {rule.applied ? <span> → {rule.users.join('、') || '∅'}</span> : <Typography.Text type="secondary"> ({t('dryrun.notApplied')})</Typography.Text>}
    </div>
  );
}

function StepBody({ step, nameOf }: { step: DryRunStep; nameOf: (nodeId: string) => string }) {
  const { t } = useTranslation(NS);
  return (
    <div data-dryrun-step={step.nodeId} data-step-type={step.type}>
      <Typography.Text strong>{step.nodeName || step.nodeId}</Typography.Text>
      {step.type === 'task' ? (
        <div>
          <div data-dryrun-reviewers={step.nodeId}>
            {t('dryrun.reviewers')}: {step.reviewers.map((r) => <Tag key={r.id}>{r.name}</Tag>)}
            <Typography.Text type="secondary">({t(`dryrun.source.${step.reviewerSource || 'none'}`)})</Typography.Text>
          </div>
          {step.rules.map((r, i) => <RuleLine key={i} rule={r} />)}
          {step.button ? (
            <Typography.Text type="secondary">
              {t('dryrun.clicked', { name: step.button.name || step.button.code, user: step.reviewers.find((r) => r.id === step.actedBy)?.name ?? step.actedBy ?? '' })}
            </Typography.Text>
          ) : null}
          {step.backTo ? (
            <div data-dryrun-back={step.nodeId}>
              <Typography.Text type="warning">{t('dryrun.sentBack', { node: nameOf(step.backTo) })}</Typography.Text>
            </div>
          ) : null}
        </div>
      ) : null}
      {step.type === 'timer' && step.timer ? (
        <div data-dryrun-timer={step.nodeId}>{t('dryrun.timerSet', { value: step.timer.value, due: step.timer.dueAt?.replace('T', ' ').slice(0, 19) ?? '' })}</div>
      ) : null}
      {step.type === 'timerFired' ? <div>{t('dryrun.timerFired', { at: step.at.replace('T', ' ').slice(0, 19) })}</div> : null}
      {step.reason ? <Typography.Text type="danger">{step.reason}</Typography.Text> : null}
    </div>
  );
}

/**
 * The dry run (issue 16): pick a real initiator, fill the start values and the button clicked at
 * each node, run on the server, then step through the path on the canvas.
 */
export function DryRunDrawer({ modeler, modelId, open, onClose }: DryRunDrawerProps) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm();
  const [values] = Form.useForm();
  const [result, setResult] = useState<DryRunResult | null>(null);
  const [cursor, setCursor] = useState(0);
  const tasks = useMemo(() => (open ? userTasks(modeler) : []), [open, modeler]);
  const [startForm, setStartForm] = useState<DynamicForm | null>(null);
  const chosen = Form.useWatch<Record<string, string> | undefined>('buttons', values);
  const formRef = useRef<FormRenderHandle>(null);
  // what the start form does not ask for, the conditions still read: one input each
  const variables = useMemo(
    () => (open ? startVariables(modeler).filter((v) => !startForm?.json || !startForm.fields.includes(v)) : []),
    [open, modeler, startForm],
  );

  useEffect(() => {
    const key = open ? startFormKey(modeler) : '';
    setStartForm(null);
    if (key) void loadForm(key).then(setStartForm);
  }, [open, modeler]);
  const steps = useMemo(() => (result?.steps ?? []).filter((s) => s.type !== 'flow'), [result]);

  useEffect(() => {
    if (!open) {
      clearRun(modeler);
      setResult(null);
    }
  }, [open, modeler]);

  useEffect(() => {
    if (result) paintRun(modeler, result, cursor);
  }, [result, cursor, modeler]);

  const run = async () => {
    const v = { ...(await form.validateFields()), ...values.getFieldsValue() };
    const body = await requestBody(modeler);
    const answer = await dryRunApi.run({
      ...body,
      modelId,
      initiatorId: String(v.initiator ?? ''),
      variables: { ...Object.fromEntries(variables.map((name) => [name, v.values?.[name] ?? ''])), ...(formRef.current?.getValues() ?? {}) },
      buttons: Object.fromEntries(tasks.map((task) => [task.id, v.buttons?.[task.id] ?? AGREE])),
      backTo: Object.fromEntries(tasks.filter((task) => v.buttons?.[task.id] === BACK && v.backTo?.[task.id]).map((task) => [task.id, String(v.backTo[task.id])])),
    });
    setResult(answer);
    setCursor(answer.steps[answer.steps.length - 1]?.seq ?? 0);
  };

  const at = steps.findIndex((s) => s.seq >= cursor);
  const move = (d: 1 | -1) => {
    const next = steps[Math.min(steps.length - 1, Math.max(0, (at < 0 ? steps.length - 1 : at) + d))];
    if (next) setCursor(next.seq);
  };

  return (
    <Drawer open={open} onClose={onClose} title={t('dryrun.title')} width={520} mask={false} className="loom-dryrun-drawer" destroyOnHidden>
      <Form form={form} layout="vertical" size="small">
        <Form.Item name="initiator" label={t('dryrun.initiator')} rules={[{ required: true, message: t('dryrun.initiatorRequired') }]}>
          <PickerField kind="user" limit={1} asString />
        </Form.Item>
      </Form>
      {startForm?.json ? (
        <div className="loom-dryrun-start-form" data-dryrun-start-form={startForm.key}>
          <FormRender ref={formRef} json={startForm.json} />
        </div>
      ) : null}
      <Form form={values} layout="vertical" size="small">
        <Form.Item label={t('dryrun.values')} hidden={!variables.length && !!startForm?.json}>
          {variables.length ? (
            variables.map((name) => (
              <Form.Item key={name} name={['values', name]} label={name} style={{ marginBottom: 8 }}>
                <Input data-dryrun-value={name} />
              </Form.Item>
            ))
          ) : startForm?.json ? null : (
            <Typography.Text type="secondary">{t('dryrun.noValues')}</Typography.Text>
          )}
        </Form.Item>
        {tasks.length ? (
          <Form.Item label={t('dryrun.buttons')}>
            {tasks.map((task) => (
              <div key={task.id}>
                <Form.Item name={['buttons', task.id]} label={task.name} initialValue={AGREE} style={{ marginBottom: 8 }}>
                  <Select
                    data-dryrun-button={task.id}
                    options={(task.buttons.length ? task.buttons : [{ code: AGREE, name: AGREE }]).map((b) => ({ value: b.code, label: b.name || b.code }))}
                  />
                </Form.Item>
                {chosen?.[task.id] === BACK ? (
                  // the server checks the target against the nodes the task may really go back to
                  <Form.Item name={['backTo', task.id]} label={t('dryrun.backTo')} style={{ marginBottom: 8, marginLeft: 16 }}>
                    <Select
                      allowClear
                      data-dryrun-back-to={task.id}
                      placeholder={t('dryrun.backToLast')}
                      options={tasks.filter((other) => other.id !== task.id).map((other) => ({ value: other.id, label: other.name }))}
                    />
                  </Form.Item>
                ) : null}
              </div>
            ))}
          </Form.Item>
        ) : null}
        <Button type="primary" onClick={() => void run()} data-action="dryrun-run">{t('dryrun.run')}</Button>
      </Form>
      {result ? (
        <div style={{ marginTop: 16 }} data-dryrun-status={result.status}>
          <Alert
            type={result.status === 'completed' ? 'success' : result.status === 'stopped' ? 'error' : 'warning'}
            message={t(`dryrun.${result.status}`)}
            description={result.reason ?? undefined}
            showIcon
          />
          <Space style={{ margin: '12px 0' }}>
            <Button size="small" onClick={() => move(-1)} data-action="dryrun-prev">{t('dryrun.prev')}</Button>
            <Button size="small" onClick={() => move(1)} data-action="dryrun-next">{t('dryrun.next')}</Button>
          </Space>
          <Timeline
            items={steps.map((s) => ({
              color: s.type === 'stop' ? 'red' : s.seq <= cursor ? 'blue' : 'gray',
              children: (
                <div onClick={() => setCursor(s.seq)} style={{ cursor: 'pointer' }}>
                  <StepBody step={s} nameOf={(id) => steps.find((x) => x.nodeId === id)?.nodeName || id} />
                </div>
              ),
            }))}
          />
        </div>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={null} style={{ marginTop: 24 }} />
      )}
    </Drawer>
  );
}
