import { lazy, Suspense } from 'react';
import { Cascader, Checkbox, ColorPicker, DatePicker, Input, InputNumber, Radio, Rate, Select, Slider, Spin, Switch, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import DOMPurify from 'dompurify';
import { useTranslation } from 'react-i18next';
import { DictSelect } from '../../components/Dict';
import { PickerField } from '../../components/PickerField';
import { LoomTreeSelect } from '../../components/TreeSelect';
import type { FormWidget } from '../types';
import { useChoices, type Choice } from './options';
import { BlankField, CustomField, TemplateView } from './Custom';
import { UploadField } from './Upload';

const RichText = lazy(() => import('./RichText'));

/** Element-style date formats (yyyy-MM-dd HH:mm:ss) in dayjs's spelling. */
export function dayjsFormat(format: string | undefined, fallback: string): string {
  return (format || fallback).replace(/yyyy/g, 'YYYY').replace(/dd/g, 'DD');
}

const RANGE = ['daterange', 'datetimerange'];

export interface ControlProps {
  widget: FormWidget;
  value?: unknown;
  onChange?: (v: unknown) => void;
  onBlur?: () => void;
  disabled?: boolean;
  id?: string;
}

function toDay(v: unknown, fmt: string): Dayjs | null {
  if (v === null || v === undefined || v === '') return null;
  const d = typeof v === 'number' ? dayjs(v) : dayjs(String(v), fmt);
  return d.isValid() ? d : dayjs(String(v)).isValid() ? dayjs(String(v)) : null;
}

/** One field's input: the antd control for the widget type, value in the JSON shape JeePlus stores. */
/** A stored value as the choices spell it: `1` (a number variable) selects the option `'1'`, so the
 * field shows 是 and not the raw value. Values without a matching choice stay as they are. */
function asChoice(value: unknown, choices: Choice[]): unknown {
  const one = (v: unknown) => choices.find((c) => c.value !== v && String(c.value) === String(v))?.value ?? v;
  return Array.isArray(value) ? value.map(one) : value === null || value === undefined ? value : one(value);
}

/** A dictionary value as text (dictionary values are strings; a stored number or boolean matches its text). */
function asText(value: unknown): string | string[] | undefined {
  if (value === null || value === undefined) return undefined;
  return Array.isArray(value) ? value.map(String) : String(value);
}

export function Control({ widget: w, value, onChange, onBlur, disabled, id }: ControlProps) {
  const { t } = useTranslation('formRender');
  const o = w.options ?? {};
  const choices = useChoices(w);
  const ph = (o.placeholder as string | undefined) || undefined;
  const common = { id, disabled, onBlur };
  const width = { width: (o.width as string) || '100%' };
  const set = (v: unknown) => onChange?.(v);
  switch (w.type) {
    case 'input':
      return o.showPassword ? (
        <Input.Password {...common} style={width} value={value as string} placeholder={ph} onChange={(e) => set(e.target.value)} />
      ) : (
        <Input {...common} style={width} value={(value as string) ?? ''} placeholder={ph} allowClear={!!o.clearable} onChange={(e) => set(e.target.value)} />
      );
    case 'textarea':
      return <Input.TextArea {...common} style={width} rows={Number(o.rows ?? 5)} value={(value as string) ?? ''} placeholder={ph} onChange={(e) => set(e.target.value)} />;
    case 'number':
      // no min/max here: antd would clamp out-of-range input silently on blur; the field's rule
      // (checkField) refuses it with the range message instead, as the server does
      return <InputNumber {...common} style={width} step={o.step ?? 1} value={value as number} onChange={(v) => set(v)} />;
    case 'radio':
      return (
        <Radio.Group id={id} disabled={disabled} value={asChoice(value, choices)} onChange={(e) => set(e.target.value)}>
          {choices.map((c) => (
            <Radio key={String(c.value)} value={c.value} style={o.inline === false ? { display: 'block' } : undefined}>
              {c.label}
            </Radio>
          ))}
        </Radio.Group>
      );
    case 'checkbox':
      return <Checkbox.Group disabled={disabled} value={(asChoice(value, choices) as never[]) ?? []} options={choices.map((c) => ({ value: c.value as string, label: c.label }))} onChange={(v) => set(v)} />;
    case 'select':
    case 'dict':
      if (w.type === 'dict' && !Array.isArray(o.options))
        return <DictSelect {...common} type={String(o.dictType ?? '')} mode={o.multiple ? 'multiple' : undefined} value={asText(value) as string | undefined} placeholder={ph ?? t('select')} onChange={(v) => set(v)} style={width} />;
      return (
        <Select
          {...common}
          style={width}
          mode={o.multiple ? 'multiple' : undefined}
          showSearch={!!o.filterable}
          allowClear={o.clearable !== false}
          optionFilterProp="label"
          placeholder={ph ?? t('select')}
          value={value === '' && !o.multiple ? undefined : (asChoice(value, choices) as string)}
          options={choices.map((c) => ({ value: c.value as string, label: c.label }))}
          onChange={(v) => set(v ?? (o.multiple ? [] : ''))}
        />
      );
    case 'cascader':
      return <Cascader {...common} style={width} options={choices as never} value={value as never} placeholder={ph ?? t('select')} showSearch={!!o.filterable} allowClear={o.clearable !== false} onChange={(v) => set(v ?? [])} />;
    case 'time': {
      const fmt = dayjsFormat(o.format, 'HH:mm:ss');
      if (o.isRange) {
        const arr = Array.isArray(value) ? value : [];
        return (
          <TimePicker.RangePicker
            {...common}
            style={width}
            format={fmt}
            value={arr.length === 2 ? [toDay(arr[0], fmt), toDay(arr[1], fmt)] : null}
            onChange={(v) => set(v && v[0] && v[1] ? [v[0].format(fmt), v[1].format(fmt)] : null)}
          />
        );
      }
      return <TimePicker {...common} style={width} format={fmt} placeholder={ph} value={toDay(value, fmt)} onChange={(v) => set(v ? v.format(fmt) : '')} />;
    }
    case 'date': {
      const type = String(o.type || 'date');
      const fmt = dayjsFormat(o.format, type.includes('time') ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD');
      const out = (d: Dayjs) => (o.timestamp ? d.valueOf() : d.format(fmt));
      if (RANGE.includes(type)) {
        const arr = Array.isArray(value) ? value : [];
        return (
          <DatePicker.RangePicker
            {...common}
            style={width}
            showTime={type === 'datetimerange'}
            format={fmt}
            value={arr.length === 2 ? [toDay(arr[0], fmt), toDay(arr[1], fmt)] : null}
            onChange={(v) => set(v && v[0] && v[1] ? [out(v[0]), out(v[1])] : [])}
          />
        );
      }
      if (type === 'dates') {
        const arr = Array.isArray(value) ? value : [];
        return <DatePicker {...common} style={width} multiple format={fmt} value={arr.map((x) => toDay(x, fmt)).filter(Boolean) as Dayjs[]} onChange={(v) => set(((v as Dayjs[] | null) ?? []).map(out))} />;
      }
      const picker = (['week', 'month', 'year'].includes(type) ? type : undefined) as 'week' | 'month' | 'year' | undefined;
      return <DatePicker {...common} style={width} picker={picker} showTime={type === 'datetime'} format={fmt} placeholder={ph} value={toDay(value, fmt)} onChange={(v) => set(v ? out(v) : '')} />;
    }
    case 'rate':
      return <Rate id={id} disabled={disabled} count={Number(o.max ?? 5)} allowHalf={!!o.allowHalf} value={Number(value ?? 0)} onChange={(v) => set(v)} />;
    case 'color':
      return <ColorPicker disabled={disabled} showText value={(value as string) || undefined} onChange={(c) => set(o.showAlpha ? c.toRgbString() : c.toHexString())} />;
    case 'switch':
      return <Switch id={id} disabled={disabled} checked={value === true || /^true$/i.test(String(value)) || (o.activeValue != null && String(value) === String(o.activeValue))} checkedChildren={o.activeText || undefined} unCheckedChildren={o.inactiveText || undefined} onChange={(v) => set(v)} />;
    case 'slider':
      return o.range ? (
        <Slider disabled={disabled} min={o.min ?? 0} max={o.max ?? 100} step={o.step ?? 1} range value={Array.isArray(value) ? (value as number[]) : undefined} onChange={(v: number[]) => set(v)} />
      ) : (
        <Slider disabled={disabled} min={o.min ?? 0} max={o.max ?? 100} step={o.step ?? 1} value={Number(value ?? 0)} onChange={(v: number) => set(v)} />
      );
    case 'imgupload':
    case 'fileupload':
      return <UploadField widget={w} value={value} onChange={set} disabled={disabled} />;
    case 'editor':
      return (
        <Suspense fallback={<Spin />}>
          <RichText value={value as string} onChange={set} disabled={disabled} height={o.height as number} />
        </Suspense>
      );
    case 'selectTree':
      return (
        <LoomTreeSelect
          id={id}
          url={(o.dataUrl as string) || undefined}
          data={Array.isArray(o.options) && !o.dataUrl ? (o.options as never) : undefined}
          fieldNames={{ value: o.props?.value || 'id', label: o.props?.label || 'name', children: o.props?.children || 'children' }}
          onlyLeaf={!!o.isOnlySelectLeaf}
          value={(value as string) ?? null}
          disabled={disabled}
          placeholder={ph}
          onChange={(v) => set(v ?? '')}
        />
      );
    case 'office':
    case 'area':
      return (
        <LoomTreeSelect
          id={id}
          url={w.type === 'office' ? '/sys/office/treeData' : '/sys/area/treeData'}
          fieldNames={{ value: 'id', label: 'name', children: 'children' }}
          value={(value as string) ?? null}
          disabled={disabled}
          placeholder={ph}
          onChange={(v) => set(v ?? '')}
        />
      );
    case 'user':
    case 'role':
      return <PickerField kind={w.type} asString limit={Number(o.limit ?? (w.type === 'user' ? 1 : 999999))} value={value as string} disabled={disabled} onChange={(v) => set(v)} />;
    case 'text':
      return <span className="loom-fr-text">{String(o.defaultValue ?? '')}</span>;
    case 'html':
      return <div className="loom-fr-html" dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(String(o.defaultValue ?? '')) }} />;
    case 'custom':
      return <CustomField widget={w} value={value} onChange={set} disabled={disabled} id={id} />;
    case 'component':
      return <TemplateView widget={w} />;
    case 'blank':
      return <BlankField widget={w} value={value} onChange={set} disabled={disabled} id={id} />;
    default:
      return <Input {...common} style={width} value={(value as string) ?? ''} placeholder={ph} onChange={(e) => set(e.target.value)} />;
  }
}
