import { useState } from 'react';
import { Button, Col, Form, Input, Row, Segmented, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PickerField } from '@loom/ui';
import type { CaseExpect, CaseStep, ProcessCase } from '../../../api/types';
import { AGREE, ASSIGNEE, BACK, blankStep } from './cases';
import type { NodeChoice, TaskChoice } from './diagram';
import { KeyValues } from './KeyValues';
import { NS } from './messages';

/** What the diagram offers the editor (read when the drawer opens). */
export interface Choices {
  nodes: NodeChoice[];
  tasks: TaskChoice[];
  variables: string[];
}

export interface CaseEditorProps {
  value: ProcessCase;
  onChange: (next: ProcessCase) => void;
  choices: Choices;
  /** The nodes the last run of this case passed: offered as its expected path. */
  lastPath?: string[];
}

function StepEditor({ step, index, choices, onChange, onRemove }: { step: CaseStep; index: number; choices: Choices; onChange: (s: CaseStep) => void; onRemove: () => void }) {
  const { t } = useTranslation(NS);
  const task = choices.tasks.find((x) => x.id === step.node);
  const buttons = task?.buttons.length ? task.buttons : [{ code: AGREE, name: AGREE }];
  const kind = step.wait ? 'wait' : 'act';
  const byUser = step.actor !== ASSIGNEE;
  return (
    <div className="loom-proctest-step" data-proctest-step={index + 1}>
      <Space style={{ marginBottom: 4 }}>
        <strong>{t('step', { n: index + 1 })}</strong>
        <Segmented
          size="small"
          value={kind}
          options={[{ value: 'act', label: t('stepKind.act') }, { value: 'wait', label: t('stepKind.wait') }]}
          onChange={(k) => onChange(k === 'wait' ? { ...blankStep(), wait: 'PT24H' } : blankStep())}
          data-field="step-kind"
        />
        <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={onRemove} data-action="step-remove" />
      </Space>
      {kind === 'wait' ? (
        <Form.Item label={t('stepField.wait')}>
          <Input value={step.wait} onChange={(e) => onChange({ ...step, wait: e.target.value })} data-field="step-wait" />
        </Form.Item>
      ) : (
        <>
          <Row gutter={8}>
            <Col span={12}>
              <Form.Item label={t('stepField.node')}>
                <Select value={step.node || undefined} options={choices.tasks.map((x) => ({ value: x.id, label: `${x.name}(${x.id})` }))} onChange={(node: string) => onChange({ ...step, node, button: AGREE, backTo: '' })} data-field="step-node" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label={t('stepField.button')}>
                <Select value={step.button} options={buttons.map((b) => ({ value: b.code, label: b.name || b.code }))} onChange={(button: string) => onChange({ ...step, button, backTo: '' })} data-field="step-button" />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item label={t('stepField.actor')}>
            <Space wrap>
              <Select
                style={{ width: 160 }}
                value={byUser ? 'user' : ASSIGNEE}
                options={[{ value: ASSIGNEE, label: t('stepField.assignee') }, { value: 'user', label: t('stepField.user') }]}
                onChange={(v) => onChange({ ...step, actor: v === ASSIGNEE ? ASSIGNEE : '' })}
                data-field="step-actor-kind"
              />
              {byUser ? <PickerField kind="user" limit={1} asString value={step.actor} onChange={(v) => onChange({ ...step, actor: String(v) })} /> : null}
            </Space>
          </Form.Item>
          {step.button === BACK ? (
            <Form.Item label={t('stepField.backTo')}>
              <Select allowClear placeholder={t('stepField.backToLast')} value={step.backTo || undefined} options={choices.tasks.filter((x) => x.id !== step.node).map((x) => ({ value: x.id, label: x.name }))} onChange={(v?: string) => onChange({ ...step, backTo: v ?? '' })} data-field="step-back-to" />
            </Form.Item>
          ) : null}
          <Form.Item label={t('stepField.values')}>
            <KeyValues name={`step-${index + 1}`} value={step.values ?? {}} onChange={(values) => onChange({ ...step, values })} />
          </Form.Item>
        </>
      )}
    </div>
  );
}

function AssigneesEditor({ value, nodes, onChange }: { value: Record<string, string[]>; nodes: NodeChoice[]; onChange: (v: Record<string, string[]>) => void }) {
  const { t } = useTranslation(NS);
  const [rows, setRows] = useState(() => Object.entries(value).map(([node, users]) => ({ node, users })));
  const put = (next: typeof rows) => {
    setRows(next);
    onChange(Object.fromEntries(next.filter((r) => r.node).map((r) => [r.node, r.users])));
  };
  return (
    <div data-proctest-assignees="">
      {rows.map((r, i) => (
        <Space key={i} align="start" style={{ display: 'flex', marginBottom: 4 }}>
          <Select style={{ width: 170 }} value={r.node || undefined} options={nodes.map((n) => ({ value: n.id, label: n.label }))} onChange={(node: string) => put(rows.map((o, j) => (j === i ? { ...o, node } : o)))} data-field="assignees-node" />
          <PickerField kind="user" value={r.users} onChange={(users) => put(rows.map((o, j) => (j === i ? { ...o, users: Array.isArray(users) ? users : String(users).split(',').filter(Boolean) } : o)))} />
          <Button icon={<DeleteOutlined />} onClick={() => put(rows.filter((_, j) => j !== i))} />
        </Space>
      ))}
      <Button size="small" type="dashed" icon={<PlusOutlined />} onClick={() => setRows([...rows, { node: '', users: [] }])} data-action="assignees-add">
        {t('expect.assigneesAdd')}
      </Button>
    </div>
  );
}

/**
 * One case: who starts the process with which values, the steps (who acts at which node with which
 * button and form values, or a wait that lets deadlines fire), and what is expected at the end.
 */
export function CaseEditor({ value, onChange, choices, lastPath }: CaseEditorProps) {
  const { t } = useTranslation(NS);
  const expect = value.expect as CaseExpect;
  const steps = value.steps ?? [];
  const setExpect = (patch: Partial<CaseExpect>) => onChange({ ...value, expect: { ...expect, ...patch } });
  const setStep = (i: number, s: CaseStep | null) => onChange({ ...value, steps: s ? steps.map((o, j) => (j === i ? s : o)) : steps.filter((_, j) => j !== i) });
  const nodeOptions = (list: NodeChoice[]) => list.map((n) => ({ value: n.id, label: n.label }));
  return (
    <Form layout="vertical" size="small" className="loom-proctest-case-form">
      <Form.Item label={t('case.name')} required>
        <Input value={value.name} onChange={(e) => onChange({ ...value, name: e.target.value })} data-field="case-name" />
      </Form.Item>
      <Form.Item label={t('case.initiator')} required>
        <PickerField kind="user" limit={1} asString value={value.initiator} onChange={(v) => onChange({ ...value, initiator: String(v) })} />
      </Form.Item>
      <Form.Item label={t('case.variables')}>
        <KeyValues name="variables" value={value.variables ?? {}} suggestions={choices.variables} onChange={(variables) => onChange({ ...value, variables })} />
      </Form.Item>
      <div className="loom-proctest-section">{t('case.steps')}</div>
      {steps.map((s, i) => (
        <StepEditor key={i} step={s} index={i} choices={choices} onChange={(next) => setStep(i, next)} onRemove={() => setStep(i, null)} />
      ))}
      <Button size="small" type="dashed" icon={<PlusOutlined />} onClick={() => onChange({ ...value, steps: [...steps, blankStep(nextTask(choices, steps))] })} data-action="step-add">
        {t('stepField.add')}
      </Button>
      <div className="loom-proctest-section">{t('case.expect')}</div>
      <Form.Item label={t('expect.path')}>
        <Space.Compact block>
          <Select mode="multiple" allowClear placeholder={t('expect.none')} value={expect.path ?? []} options={nodeOptions(choices.nodes)} onChange={(path: string[]) => setExpect({ path: path.length ? path : null })} data-field="expect-path" />
          {lastPath?.length ? (
            <Button onClick={() => setExpect({ path: lastPath })} data-action="expect-path-from-run">
              {t('expect.pathFromRun')}
            </Button>
          ) : null}
        </Space.Compact>
      </Form.Item>
      <Space.Compact block>
        <Form.Item label={t('expect.end')} style={{ width: '50%' }}>
          <Select allowClear placeholder={t('expect.none')} value={expect.end || undefined} options={nodeOptions(choices.nodes.filter((n) => n.end))} onChange={(end?: string) => setExpect({ end: end ?? '' })} data-field="expect-end" />
        </Form.Item>
        <Form.Item label={t('expect.waitingAt')} style={{ width: '50%' }}>
          <Select allowClear placeholder={t('expect.none')} value={expect.waitingAt || undefined} options={nodeOptions(choices.nodes.filter((n) => !n.end))} onChange={(w?: string) => setExpect({ waitingAt: w ?? '' })} data-field="expect-waiting-at" />
        </Form.Item>
      </Space.Compact>
      <Form.Item label={t('expect.assignees')}>
        <AssigneesEditor value={expect.assignees ?? {}} nodes={choices.nodes} onChange={(assignees) => setExpect({ assignees })} />
      </Form.Item>
      <Form.Item label={t('expect.variables')}>
        <KeyValues name="expect-variables" value={expect.variables ?? {}} onChange={(variables) => setExpect({ variables })} />
      </Form.Item>
    </Form>
  );
}

/** The task a new step most likely acts on: the first one no step names yet. */
function nextTask(choices: Choices, steps: CaseStep[]): string {
  return choices.tasks.find((x) => !steps.some((s) => s.node === x.id))?.id ?? '';
}
