import { Input, InputNumber, type InputNumberProps } from 'antd';
import { DictSelect, getDictList } from '@loom/ui';

/** Sort: 0 to 99999, step 10 (seed §9). Out-of-range values are kept so the rule can report them. */
export function SortInput(props: InputNumberProps<number>) {
  // every prop the Form.Item injects (id, value, onChange, onBlur for blur validation) reaches the input
  return <InputNumber<number> step={10} style={{ width: '100%' }} {...props} />;
}

/** A dictionary select when the dictionary exists, else a text input. */
export function DictOrInput({ type, value, onChange, disabled, placeholder }: { type: string; value?: string; onChange?: (v: string) => void; disabled?: boolean; placeholder?: string }) {
  if (getDictList(type).length) return <DictSelect type={type} value={value} onChange={(v) => onChange?.(v ?? '')} disabled={disabled} placeholder={placeholder} />;
  return <Input value={value} onChange={(e) => onChange?.(e.target.value)} disabled={disabled} placeholder={placeholder} />;
}
