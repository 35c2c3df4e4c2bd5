import { useEffect, useState } from 'react';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { services, type Bo } from '../../model/access';
import { eventDefinition } from '../visibility';
import type { SectionProps } from '../types';

type TimerType = 'timeDate' | 'timeDuration' | 'timeCycle';
const TYPES: TimerType[] = ['timeDate', 'timeDuration', 'timeCycle'];

/** Event settings (seed 001 §2.2): the timer's type and value; a type change clears the others and keeps the text (§4.3). */
export function TimerSection({ modeler, element, version }: SectionProps) {
  const { t } = useTranslation('designer');
  const def = eventDefinition(element.businessObject, 'bpmn:TimerEventDefinition') as Bo;
  const current = TYPES.find((k) => def.get(k)) ?? 'timeDuration';
  const [value, setValue] = useState<string>(def.get(current)?.get('body') ?? '');
  useEffect(() => setValue(def.get(current)?.get('body') ?? ''), [def, current, version]);
  const s = services(modeler);
  const write = (type: TimerType, body: string) => {
    const props: Record<string, unknown> = { timeDate: undefined, timeDuration: undefined, timeCycle: undefined };
    props[type] = s.moddle.create('bpmn:FormalExpression', { body });
    s.modeling.updateModdleProperties(element, def, props);
  };
  return (
    <Form layout="vertical" size="small">
      <Form.Item label={t('panel.timerType')}>
        <Select value={current} onChange={(v: TimerType) => write(v, value)} options={TYPES.map((k) => ({ value: k, label: t(`panel.${k}`) }))} data-field="timer-type" />
      </Form.Item>
      <Form.Item label={t('panel.timerValue')}>
        <Input value={value} placeholder={current === 'timeDate' ? '2026-12-31T23:59:59' : current === 'timeDuration' ? 'PT1H' : 'R3/PT10M'} onChange={(e) => setValue(e.target.value)} onBlur={() => write(current, value)} data-field="timer-value" />
      </Form.Item>
    </Form>
  );
}
