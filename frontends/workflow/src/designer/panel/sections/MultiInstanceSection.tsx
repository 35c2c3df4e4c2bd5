import { useEffect, useState } from 'react';
import { Form, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { services, type Bo } from '../../model/access';
import { approvalMode, conditionToPercent, HANDLER_COLLECTION, modeToLoop, percentToCondition, type ApprovalMode, type MultiInstanceKind } from '../rules';
import type { SectionProps } from '../types';
import { ChoiceItem } from './ChoiceItem';

/**
 * Countersign (seed 001 §4.3): None removes the loop and the assignee; Parallel/Sequential create
 * the loop over the handler's list with elementVariable/assignee `assignee` and write the
 * completion condition — all pass (100%) or a percentage 1–100, read back from the expression.
 * Presets (issue 27): 会签 (parallel, all or a pass ratio), 或签 (parallel, the first approval
 * completes), 依次审批 (sequential, all).
 */
export function MultiInstanceSection({ modeler, element }: SectionProps) {
  const { t } = useTranslation('designer');
  const bo = element.businessObject;
  const loop = bo.get('loopCharacteristics') as Bo | undefined;
  const kind: MultiInstanceKind = !loop || loop.$type !== 'bpmn:MultiInstanceLoopCharacteristics' ? 'None' : loop.get('isSequential') ? 'Sequential' : 'Parallel';
  const body = loop?.get('completionCondition')?.get('body') as string | undefined;
  const stored = conditionToPercent(body);
  const approval = approvalMode(kind, body);
  const [percent, setPercent] = useState(stored);
  const [mode, setMode] = useState<'all' | 'percent'>(stored >= 100 ? 'all' : 'percent');
  // re-read when the stored condition or the element changes (not on every diagram change: a
  // chosen 'percentage' without a value yet must survive unrelated updates)
  useEffect(() => {
    setPercent(stored);
    setMode(stored >= 100 ? 'all' : 'percent');
  }, [stored, bo]);
  const s = services(modeler);

  const apply = (next: MultiInstanceKind, p: number, condition = percentToCondition(p)) => {
    if (next === 'None') {
      s.modeling.updateProperties(element, { loopCharacteristics: undefined, 'flowable:assignee': undefined });
      return;
    }
    const mi = s.moddle.create('bpmn:MultiInstanceLoopCharacteristics', {
      isSequential: next === 'Sequential',
      'flowable:collection': HANDLER_COLLECTION,
      'flowable:elementVariable': 'assignee',
      completionCondition: s.moddle.create('bpmn:FormalExpression', { body: condition }),
    });
    s.modeling.updateProperties(element, { loopCharacteristics: mi, 'flowable:assignee': '${assignee}' });
  };

  return (
    <Form layout="vertical" size="small" className="loom-multi-instance">
      <Form.Item label={t('panel.miType')}>
        <Select<MultiInstanceKind>
          value={kind}
          onChange={(v) => apply(v, mode === 'all' ? 100 : percent)}
          options={[{ value: 'None', label: t('panel.miNone') }, { value: 'Parallel', label: t('panel.miParallel') }, { value: 'Sequential', label: t('panel.miSequential') }]}
          data-field="mi-type"
        />
      </Form.Item>
      {kind !== 'None' ? (
        <ChoiceItem<ApprovalMode>
          label={t('panel.approvalMode')}
          value={approval}
          onChange={(mode) => {
            const next = modeToLoop(mode, mode === 'countersign' && approval === 'countersign' ? percent : 100);
            apply(next.kind, 100, next.condition);
          }}
          field="mi-mode"
          choices={[['countersign', t('panel.modeCountersign')], ['anyOne', t('panel.modeAnyOne')], ['inTurn', t('panel.modeInTurn')]]}
        />
      ) : null}
      {kind !== 'None' && approval !== 'anyOne' ? (
        <>
          <ChoiceItem
            label={t('panel.completion')}
            value={mode}
            onChange={(next) => {
              setMode(next);
              // 'All pass' forces 100%
              if (next === 'all') apply(kind, 100);
            }}
            field="mi-completion"
            choices={[['all', t('panel.allPass')], ['percent', t('panel.percentage')]]}
          />
          {mode === 'percent' ? (
            <Form.Item label={t('panel.percent')}>
              <InputNumber min={1} max={100} value={percent} onChange={(v) => setPercent(Number(v) || 100)} onBlur={() => apply(kind, percent)} onPressEnter={() => apply(kind, percent)} data-field="mi-percent" />
            </Form.Item>
          ) : null}
        </>
      ) : null}
    </Form>
  );
}
