import { Input, InputNumber, Radio } from 'antd';
import { DictRadio, DictSelect, getDictList } from '@loom/ui';
import { useTranslation } from 'react-i18next';

/** A dictionary select when the dictionary exists, else a text input. */
export function DictOrInput({ type, value, onChange, disabled }: { type: string; value?: string; onChange?: (v: string) => void; disabled?: boolean }) {
  if (getDictList(type).length) return <DictSelect type={type} value={value} onChange={(v) => onChange?.(v ?? '')} disabled={disabled} />;
  return <Input value={value} onChange={(e) => onChange?.(e.target.value)} disabled={disabled} />;
}

/** '1'/'0' as radio buttons (the `yes_no` dictionary when present). */
export function YesNo({ value, onChange, disabled }: { value?: string; onChange?: (v: string) => void; disabled?: boolean }) {
  const { t } = useTranslation('sys');
  if (getDictList('yes_no').length) return <DictRadio type="yes_no" value={value} onChange={onChange} disabled={disabled} />;
  return (
    <Radio.Group value={value} onChange={(e) => onChange?.(String(e.target.value))} disabled={disabled}>
      <Radio value="1">{t('common.yes')}</Radio>
      <Radio value="0">{t('common.no')}</Radio>
    </Radio.Group>
  );
}

/** Sort: 0 to 99999, step 10 (seed 000 §9). */
export function SortInput(props: { value?: number; onChange?: (v: number | null) => void; disabled?: boolean }) {
  return <InputNumber min={0} max={99999} step={10} style={{ width: '100%' }} {...props} />;
}

export function requiredRule(t: (k: string, o?: Record<string, unknown>) => string, field: string) {
  return { required: true, message: t('common.required', { field }) };
}
