import { Collapse } from 'antd';
import { useTranslation } from 'react-i18next';
import { sectionsFor, type SectionKey } from './visibility';
import type { SectionProps } from './types';
import { BasicSection } from './sections/BasicSection';
import { ReviewerSection } from './sections/ReviewerSection';
import { FormSection } from './sections/FormSection';
import { TimerSection } from './sections/TimerSection';
import { ButtonSection } from './sections/ButtonSection';
import { ConditionSection } from './sections/ConditionSection';
import { ListenerSection } from './sections/ListenerSection';
import { StartableSection } from './sections/StartableSection';
import { MultiInstanceSection } from './sections/MultiInstanceSection';

const TITLES: Record<SectionKey, string> = {
  basic: 'panel.basic', reviewer: 'panel.reviewer', form: 'panel.form', timer: 'panel.timer', buttons: 'panel.buttons',
  condition: 'panel.condition', executionListener: 'panel.executionListener', taskListener: 'panel.taskListener',
  startable: 'panel.startable', multiInstance: 'panel.multiInstance',
};

function body(key: SectionKey, p: SectionProps) {
  switch (key) {
    case 'basic': return <BasicSection {...p} />;
    case 'reviewer': return <ReviewerSection {...p} />;
    case 'form': return <FormSection {...p} />;
    case 'timer': return <TimerSection {...p} />;
    case 'buttons': return <ButtonSection {...p} />;
    case 'condition': return <ConditionSection {...p} />;
    case 'executionListener': return <ListenerSection {...p} kind="execution" />;
    case 'taskListener': return <ListenerSection {...p} kind="task" />;
    case 'startable': return <StartableSection {...p} />;
    case 'multiInstance': return <MultiInstanceSection {...p} />;
  }
}

/** Variant B, the product panel (seed 001 §2.2): collapsible sections shown by the element's kind. */
export function ProductPanel(p: SectionProps) {
  const { t } = useTranslation('designer');
  const keys = sectionsFor(p.element.businessObject);
  return (
    <div className="loom-product-panel" data-element-id={p.element.id}>
      <Collapse
        key={p.element.id}
        defaultActiveKey={keys}
        size="small"
        items={keys.map((k) => ({ key: k, label: t(TITLES[k]), children: body(k, p), className: `loom-section-${k}` }))}
      />
    </div>
  );
}
