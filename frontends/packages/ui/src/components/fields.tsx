import { Input, InputNumber, Radio, type InputNumberProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { getDictList } from '../core/dict';
import { DictRadio, DictSelect } from './Dict';
import { SORT_MAX } from './formRules';

export interface SortInputProps extends InputNumberProps<number> {
  /** Clamp typed values into 0..99999 instead of keeping them for `sortRules` to report. */
  clamp?: boolean;
}

/** Sort: 0 to 99999, step 10 (seed 000 §9). Out-of-range values are kept so the rule can report them, unless `clamp`. */
export function SortInput({ clamp, ...props }: SortInputProps) {
  // every prop the Form.Item injects (id, value, onChange, onBlur for blur validation) reaches the input
  return <InputNumber<number> step={10} style={{ width: '100%' }} {...(clamp ? { min: 0, max: SORT_MAX } : {})} {...props} />;
}

export interface DictOrInputProps {
  type: string;
  value?: string;
  onChange?: (v: string) => void;
  disabled?: boolean;
  placeholder?: string;
}

/** A dictionary select when the dictionary exists, else a text input. */
export function DictOrInput({ type, value, onChange, disabled, placeholder }: DictOrInputProps) {
  if (getDictList(type).length) return <DictSelect type={type} value={value} onChange={(v) => onChange?.(v ?? '')} disabled={disabled} placeholder={placeholder} />;
  return <Input value={value} onChange={(e) => onChange?.(e.target.value)} disabled={disabled} placeholder={placeholder} />;
}

/** '1'/'0' as radio buttons (the `yes_no` dictionary when present). */
export function YesNo({ value, onChange, disabled }: { value?: string; onChange?: (v: string) => void; disabled?: boolean }) {
  const { t } = useTranslation('ui');
  if (getDictList('yes_no').length) return <DictRadio type="yes_no" value={value} onChange={onChange} disabled={disabled} />;
  return (
    <Radio.Group value={value} onChange={(e) => onChange?.(String(e.target.value))} disabled={disabled}>
      <Radio value="1">{t('yes')}</Radio>
      <Radio value="0">{t('no')}</Radio>
    </Radio.Group>
  );
}
