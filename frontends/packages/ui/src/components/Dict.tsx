import { Radio, Select, Tag, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { inLanguage } from '../core/dict';
import { useSession } from '../core/hooks';
import { normalise } from '../core/i18n';
import type { DictItem } from '../core/session';

/** A dictionary's values labelled in the reader's language (re-rendered when it changes). */
function useDict(type: string): DictItem[] {
  const s = useSession();
  const { i18n } = useTranslation('ui');
  return inLanguage(s.dictList[type] ?? [], normalise(i18n.language));
}

export interface DictTagProps {
  /** Dictionary type, e.g. `yes_no`. */
  type: string;
  value: unknown;
}

/** A dictionary value shown as a tag with its label. */
export function DictTag({ type, value }: DictTagProps) {
  const items = useDict(type);
  if (value === undefined || value === null || value === '') return null;
  const hit = items.find((d) => String(d.value) === String(value));
  return (
    <Tag data-dict={type}>
      {hit ? hit.label : String(value)}
    </Tag>
  );
}

export interface DictSelectProps extends Omit<SelectProps<string>, 'options'> {
  type: string;
}

/** A select over the values of a dictionary type (values are strings). */
export function DictSelect({ type, placeholder, allowClear = true, ...rest }: DictSelectProps) {
  const { t } = useTranslation('ui');
  const items = useDict(type);
  return (
    <Select<string>
      allowClear={allowClear}
      placeholder={placeholder ?? t('pleaseSelect')}
      options={items.map((d) => ({ value: String(d.value), label: d.label }))}
      {...rest}
    />
  );
}

export interface DictRadioProps {
  type: string;
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
}

/** Radio buttons over the values of a dictionary type. */
export function DictRadio({ type, value, onChange, disabled }: DictRadioProps) {
  const items = useDict(type);
  return (
    <Radio.Group value={value} disabled={disabled} onChange={(e) => onChange?.(String(e.target.value))}>
      {items.map((d) => (
        <Radio key={String(d.value)} value={String(d.value)}>
          {d.label}
        </Radio>
      ))}
    </Radio.Group>
  );
}

/** A picker of the dictionary types (those of the portal's dictionary map), each shown with its first labels. */
export function DictTypeSelect({ placeholder, ...rest }: Omit<SelectProps<string>, 'options'>) {
  const { t } = useTranslation('ui');
  const s = useSession();
  const { i18n } = useTranslation('ui');
  const lang = normalise(i18n.language);
  const options = Object.keys(s.dictList)
    .sort()
    .map((type) => {
      const labels = inLanguage((s.dictList[type] ?? []).slice(0, 3), lang).map((d) => d.label);
      const more = (s.dictList[type] ?? []).length > 3 ? '…' : '';
      return { value: type, label: labels.length ? `${type}（${labels.join('/')}${more}）` : type };
    });
  return <Select<string> showSearch allowClear optionFilterProp="label" placeholder={placeholder ?? t('pleaseSelect')} options={options} {...rest} />;
}
