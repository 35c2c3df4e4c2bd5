import { useState, type ReactNode } from 'react';
import { AutoComplete, Button, Checkbox, ColorPicker, Divider, Form, Input, InputNumber, Radio, Select, Space, Switch } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DictTypeSelect, formComponents, getLang } from '@loom/ui';
import { BOUNDS, DATA_TYPES, FIXED_VALIDATORS, language, type FormWidget, type OptionItem, type WidgetOptions } from '../render';
import { CodeEditorDialog } from './dialogs';
import { newCol, newPane, paneLabel, setOption } from './model';

/** Suggested default-value expressions (§9): the signed-in user's fields and the current date. */
export const DEFAULT_EXPRESSIONS = ['${user.name}', '${user.id}', '${user.loginName}', '${user.no}', '${user.companyDTO.name}', '${user.companyDTO.id}', '${user.officeDTO.name}', '${user.officeDTO.id}', '${new Date()}'];

const CHOICES = ['radio', 'checkbox', 'select', 'cascader'];
const LAYOUT_KINDS = ['grid', 'tabs', 'report', 'divider', 'text', 'html'];

/** What a section of the widget tab is drawn from: the selected widget and the panel's tools. */
export interface SectionContext {
  w: FormWidget;
  o: WidgetOptions;
  type: string;
  /** The widget sits on the form itself (not in a slot): it has a span. */
  isRoot: boolean;
  t: TFunction;
  /** The bounds of §5.2. */
  b: typeof BOUNDS;
  lang: ReturnType<typeof language>;
  onChange: (w: FormWidget) => void;
}

/** One group of properties of the widget tab: the widgets it applies to, and its form items. */
export interface PropertySection {
  key: string;
  when: (c: SectionContext) => boolean;
  render: (c: SectionContext) => ReactNode;
}

const always = () => true;
/** A value-holding field (not a layout or a static text). */
const isField = (c: SectionContext) => !LAYOUT_KINDS.includes(c.type);
const kinds =
  (...types: string[]) =>
  (c: SectionContext) =>
    types.includes(c.type);

function OptionsEditor({ value, onChange }: { value?: OptionItem[]; onChange?: (v: OptionItem[]) => void }) {
  const { t } = useTranslation('forms');
  const list = value ?? [];
  const set = (i: number, patch: Partial<OptionItem>) => onChange?.(list.map((o, j) => (j === i ? { ...o, ...patch } : o)));
  return (
    <div className="loom-fd-options">
      {list.map((o, i) => (
        <Space.Compact key={i} style={{ display: 'flex', marginBottom: 4 }}>
          <Input size="small" placeholder={t('prop.optionValue')} value={String(o.value)} onChange={(e) => set(i, { value: e.target.value })} data-option-value={i} />
          <Input size="small" placeholder={t('prop.optionLabel')} value={o.label} onChange={(e) => set(i, { label: e.target.value })} data-option-label={i} />
          <Button size="small" icon={<DeleteOutlined />} onClick={() => onChange?.(list.filter((_x, j) => j !== i))} />
        </Space.Compact>
      ))}
      <Button size="small" type="dashed" icon={<PlusOutlined />} onClick={() => onChange?.([...list, { value: String(list.length + 1), label: `${list.length + 1}` }])}>
        {t('prop.addOption')}
      </Button>
    </div>
  );
}

/**
 * The widget tab's property sections by widget kind (§3.2), in the order they are shown. A new
 * widget kind adds its kinds to the sections it shares and a section for what is its own.
 */
export const PROPERTY_SECTIONS: PropertySection[] = [
  {
    key: 'model',
    when: isField,
    render: ({ t }) => (
      <Form.Item label={t('prop.model')} name="model">
        <Input data-prop="model" />
      </Form.Item>
    ),
  },
  {
    key: 'name',
    when: always,
    render: ({ t }) => (
      <Form.Item label={t('prop.name')} name="name">
        <Input data-prop="name" />
      </Form.Item>
    ),
  },
  {
    key: 'span',
    when: (c) => c.isRoot,
    render: ({ t, b }) => (
      <Form.Item label={t('prop.span')} name="span">
        <InputNumber min={b.span?.min ?? 1} max={b.span?.max ?? 24} style={{ width: '100%' }} data-prop="span" />
      </Form.Item>
    ),
  },
  {
    key: 'width',
    when: (c) => isField(c) && c.type !== 'table',
    render: ({ t }) => (
      <Form.Item label={t('prop.width')} name="width">
        <Input />
      </Form.Item>
    ),
  },
  {
    key: 'placeholder',
    when: kinds('input', 'textarea', 'select', 'date', 'time', 'cascader', 'selectTree', 'user', 'office', 'role', 'area', 'dict'),
    render: ({ t }) => (
      <Form.Item label={t('prop.placeholder')} name="placeholder">
        <Input />
      </Form.Item>
    ),
  },
  {
    key: 'rows',
    when: kinds('textarea'),
    render: ({ t }) => (
      <Form.Item label={t('prop.rows')} name="rows">
        <InputNumber min={1} max={50} />
      </Form.Item>
    ),
  },
  {
    key: 'showPassword',
    when: kinds('input'),
    render: ({ t }) => (
      <Form.Item label={t('prop.showPassword')} name="showPassword" valuePropName="checked">
        <Switch />
      </Form.Item>
    ),
  },
  {
    key: 'numberRange',
    when: kinds('number', 'slider'),
    render: ({ t, b }) => (
      <Space>
        <Form.Item label={t('prop.min')} name="min">
          <InputNumber />
        </Form.Item>
        <Form.Item label={t('prop.max')} name="max">
          <InputNumber />
        </Form.Item>
        <Form.Item label={t('prop.step')} name="step">
          <InputNumber min={b.step?.min} max={b.step?.max} />
        </Form.Item>
      </Space>
    ),
  },
  {
    key: 'rate',
    when: kinds('rate'),
    render: ({ t }) => (
      <Space>
        <Form.Item label={t('prop.max')} name="max">
          <InputNumber min={1} max={20} />
        </Form.Item>
        <Form.Item label={t('prop.allowHalf')} name="allowHalf" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
    ),
  },
  {
    key: 'color',
    when: kinds('color'),
    render: ({ t }) => (
      <Form.Item label={t('prop.showAlpha')} name="showAlpha" valuePropName="checked">
        <Switch />
      </Form.Item>
    ),
  },
  {
    key: 'switchTexts',
    when: kinds('switch'),
    render: ({ t }) => (
      <Space>
        <Form.Item label={t('prop.activeText')} name="activeText">
          <Input />
        </Form.Item>
        <Form.Item label={t('prop.inactiveText')} name="inactiveText">
          <Input />
        </Form.Item>
      </Space>
    ),
  },
  {
    key: 'slider',
    when: kinds('slider'),
    render: ({ t }) => (
      <Space>
        <Form.Item label={t('prop.range')} name="range" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item label={t('prop.showInput')} name="showInput" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
    ),
  },
  {
    key: 'select',
    when: kinds('select'),
    render: ({ t }) => (
      <Space wrap>
        <Form.Item label={t('prop.multiple')} name="multiple" valuePropName="checked">
          <Switch data-prop="multiple" />
        </Form.Item>
        <Form.Item label={t('prop.filterable')} name="filterable" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item label={t('prop.clearable')} name="clearable" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
    ),
  },
  {
    key: 'choices',
    when: kinds(...CHOICES),
    render: ({ t, o, type }) => (
      <>
        <Form.Item label={t('prop.remote')} name="remote">
          <Radio.Group
            data-prop="remote"
            options={[
              { value: 1, label: t('prop.remoteStatic') },
              { value: 2, label: t('prop.remoteUrl') },
              { value: 3, label: t('prop.remoteDict') },
            ]}
          />
        </Form.Item>
        {Number(o.remote ?? 1) === 1 && (
          <Form.Item label={t('prop.options')} name="options">
            <OptionsEditor />
          </Form.Item>
        )}
        {Number(o.remote) === 2 && (
          <>
            <Form.Item label={t('prop.remoteType')} name="remoteType">
              <Radio.Group
                data-prop="remoteType"
                options={[
                  { value: 'func', label: t('prop.remoteTypeFunc') },
                  { value: 'option', label: t('prop.remoteTypeOption') },
                ]}
              />
            </Form.Item>
            {o.remoteType === 'func' ? (
              <Form.Item label={t('prop.remoteFunc')} name="remoteFunc">
                <Input placeholder="/sys/role/list" data-prop="remoteFunc" />
              </Form.Item>
            ) : (
              <Form.Item label={t('prop.remoteOption')} name="remoteOption">
                <Input placeholder="/sys/..." data-prop="remoteOption" />
              </Form.Item>
            )}
            <Space.Compact style={{ display: 'flex' }}>
              <Form.Item label={t('prop.propsValue')} name={['props', 'value']}>
                <Input placeholder="value" data-prop="props.value" />
              </Form.Item>
              <Form.Item label={t('prop.propsLabel')} name={['props', 'label']}>
                <Input placeholder="label" data-prop="props.label" />
              </Form.Item>
              {type === 'cascader' && (
                <Form.Item label={t('prop.propsChildren')} name={['props', 'children']}>
                  <Input placeholder="children" />
                </Form.Item>
              )}
            </Space.Compact>
          </>
        )}
        {Number(o.remote) === 3 && (
          <Form.Item label={t('prop.dictType')} name="dictType">
            <DictTypeSelect data-prop="dictType" />
          </Form.Item>
        )}
      </>
    ),
  },
  {
    key: 'dict',
    when: kinds('dict'),
    render: ({ t }) => (
      <Form.Item label={t('prop.dictType')} name="dictType">
        <DictTypeSelect data-prop="dictType" />
      </Form.Item>
    ),
  },
  {
    key: 'date',
    when: kinds('date'),
    render: ({ t }) => (
      <>
        <Form.Item label={t('prop.dateType')} name="type">
          <Select options={['date', 'datetime', 'week', 'month', 'year', 'dates', 'daterange', 'datetimerange'].map((v) => ({ value: v, label: v }))} />
        </Form.Item>
        <Form.Item label={t('prop.format')} name="format">
          <Input />
        </Form.Item>
        <Form.Item label={t('prop.timestamp')} name="timestamp" valuePropName="checked">
          <Switch />
        </Form.Item>
      </>
    ),
  },
  {
    key: 'time',
    when: kinds('time'),
    render: ({ t }) => (
      <>
        <Form.Item label={t('prop.format')} name="format">
          <Input />
        </Form.Item>
        <Form.Item label={t('prop.isRange')} name="isRange" valuePropName="checked">
          <Switch />
        </Form.Item>
      </>
    ),
  },
  {
    key: 'limit',
    when: kinds('imgupload', 'fileupload', 'user', 'role'),
    render: ({ t }) => (
      <Form.Item label={t('prop.limit')} name="limit">
        <InputNumber min={0} />
      </Form.Item>
    ),
  },
  {
    key: 'upload',
    when: kinds('imgupload', 'fileupload'),
    render: ({ t }) => (
      <>
        <Form.Item label={t('prop.action')} name="action">
          <Input />
        </Form.Item>
        <Form.Item label={t('prop.tip')} name="tip">
          <Input />
        </Form.Item>
      </>
    ),
  },
  {
    key: 'selectTree',
    when: kinds('selectTree'),
    render: ({ t }) => (
      <>
        <Form.Item label={t('prop.dataUrl')} name="dataUrl">
          <Input />
        </Form.Item>
        <Form.Item label={t('prop.isOnlySelectLeaf')} name="isOnlySelectLeaf" valuePropName="checked">
          <Switch />
        </Form.Item>
      </>
    ),
  },
  {
    key: 'divider',
    when: kinds('divider'),
    render: ({ t }) => (
      <Form.Item label={t('prop.contentPosition')} name="contentPosition">
        <Radio.Group options={['left', 'center', 'right'].map((v) => ({ value: v, label: v }))} />
      </Form.Item>
    ),
  },
  {
    key: 'report',
    when: kinds('report'),
    render: ({ t }) => (
      <Space>
        <Form.Item label={t('prop.borderWidth')} name="borderWidth">
          <InputNumber min={0} max={10} />
        </Form.Item>
        <Form.Item label={t('prop.borderColor')} name="borderColor" getValueFromEvent={(c) => c.toHexString()}>
          <ColorPicker />
        </Form.Item>
      </Space>
    ),
  },
  {
    key: 'grid',
    when: kinds('grid'),
    render: ({ t, w, b, onChange }) => (
      <>
        <Form.Item label={t('prop.gutter')} name="gutter">
          <InputNumber min={0} max={100} />
        </Form.Item>
        <Form.Item label={t('prop.justify')} name="justify">
          <Select options={['start', 'end', 'center', 'space-around', 'space-between'].map((v) => ({ value: v, label: v }))} />
        </Form.Item>
        <Form.Item label={t('prop.columns')}>
          {(w.columns ?? []).map((c, i) => (
            <Space.Compact key={c.key} style={{ display: 'flex', marginBottom: 4 }}>
              <InputNumber
                size="small"
                min={b.span?.min ?? 1}
                max={b.span?.max ?? 24}
                value={Number(c.options.span ?? 12)}
                data-col-span={i}
                onChange={(v) => onChange({ ...w, columns: w.columns!.map((x, j) => (j === i ? { ...x, options: { ...x.options, span: Number(v ?? 12), sm: Number(v ?? 12), md: Number(v ?? 12), lg: Number(v ?? 12), xl: Number(v ?? 12) } } : x)) })}
              />
              <InputNumber size="small" min={b.offset?.min ?? 0} max={b.offset?.max ?? 24} placeholder={t('prop.offset')} value={Number(c.options.offset ?? 0)} onChange={(v) => onChange({ ...w, columns: w.columns!.map((x, j) => (j === i ? { ...x, options: { ...x.options, offset: Number(v ?? 0) } } : x)) })} />
              <Button size="small" icon={<DeleteOutlined />} disabled={(w.columns?.length ?? 0) <= 1} onClick={() => onChange({ ...w, columns: w.columns!.filter((_x, j) => j !== i) })} />
            </Space.Compact>
          ))}
          <Button size="small" type="dashed" icon={<PlusOutlined />} data-action="add-grid-column" onClick={() => onChange({ ...w, columns: [...(w.columns ?? []), newCol(12)] })}>
            {t('actions.addColumn')}
          </Button>
        </Form.Item>
      </>
    ),
  },
  {
    key: 'tabs',
    when: kinds('tabs'),
    render: ({ t, w, onChange }) => (
      <>
        <Form.Item label={t('prop.tabPosition')} name="tabPosition">
          <Radio.Group options={['top', 'left', 'right', 'bottom'].map((v) => ({ value: v, label: v }))} />
        </Form.Item>
        <Form.Item label={t('prop.tabs')}>
          {(w.tabs ?? []).map((tab, i) => (
            <Space.Compact key={tab.name} style={{ display: 'flex', marginBottom: 4 }}>
              <Input size="small" value={tab.label} onChange={(e) => onChange({ ...w, tabs: w.tabs!.map((x, j) => (j === i ? { ...x, label: e.target.value } : x)) })} />
              <Button size="small" icon={<DeleteOutlined />} disabled={(w.tabs?.length ?? 0) <= 1} onClick={() => onChange({ ...w, tabs: w.tabs!.filter((_x, j) => j !== i) })} />
            </Space.Compact>
          ))}
          <Button size="small" type="dashed" icon={<PlusOutlined />} onClick={() => onChange({ ...w, tabs: [...(w.tabs ?? []), newPane(`tab_${Date.now()}`, paneLabel((w.tabs?.length ?? 0) + 1))] })}>
            {t('actions.addTab')}
          </Button>
        </Form.Item>
      </>
    ),
  },
  {
    key: 'defaultValue',
    when: (c) => isField(c) && !['table', 'imgupload', 'fileupload', 'editor', 'custom', 'component'].includes(c.type),
    render: ({ t, o, type }) => (
      <Form.Item label={t('prop.defaultValue')} name="defaultValue">
        {type === 'number' || type === 'rate' ? (
          <InputNumber style={{ width: '100%' }} />
        ) : type === 'switch' ? (
          <Switch />
        ) : CHOICES.includes(type) && Number(o.remote ?? 1) === 1 && type !== 'cascader' ? (
          <Select allowClear mode={type === 'checkbox' || o.multiple ? 'multiple' : undefined} options={(o.options ?? []).map((x) => ({ value: x.value as string, label: x.label ?? String(x.value) }))} />
        ) : (
          <AutoComplete options={DEFAULT_EXPRESSIONS.map((v) => ({ value: v }))} filterOption={false} allowClear />
        )}
      </Form.Item>
    ),
  },
  {
    key: 'textDefault',
    when: kinds('text', 'html'),
    render: ({ t }) => (
      <Form.Item label={t('prop.defaultValue')} name="defaultValue">
        <Input.TextArea rows={3} />
      </Form.Item>
    ),
  },
  {
    key: 'fieldRules',
    when: isField,
    render: ({ t, o, b, lang }) => (
      <>
        <Divider plain>{t('prop.attributes')}</Divider>
        <Space wrap>
          {(['hidden', 'disabled', 'readonly', 'hideLabel', 'isLabelWidth'] as const).map((k) => (
            <Form.Item key={k} name={k} valuePropName="checked" noStyle>
              <Checkbox data-prop={k}>{t(`prop.${k}`)}</Checkbox>
            </Form.Item>
          ))}
        </Space>
        {o.isLabelWidth && (
          <Form.Item label={t('prop.labelWidth')} name="labelWidth">
            <InputNumber min={b.widgetLabelWidth?.min ?? 0} max={b.widgetLabelWidth?.max ?? 99999} />
          </Form.Item>
        )}
        <Divider plain>{t('prop.validation')}</Divider>
        <Form.Item name="required" valuePropName="checked" style={{ marginBottom: 4 }}>
          <Checkbox data-prop="required">{t('prop.required')}</Checkbox>
        </Form.Item>
        {o.required && (
          <Form.Item name="requiredMessage">
            <Input placeholder={t('prop.requiredMessage')} />
          </Form.Item>
        )}
        <Form.Item label={t('prop.validator')} name="validator">
          <Select allowClear showSearch optionFilterProp="label" data-prop="validator" options={FIXED_VALIDATORS.map((v) => ({ value: v.name, label: v.label[lang] }))} />
        </Form.Item>
        <Form.Item name="dataTypeCheck" valuePropName="checked" style={{ marginBottom: 4 }}>
          <Checkbox>{t('prop.dataTypeCheck')}</Checkbox>
        </Form.Item>
        {o.dataTypeCheck && (
          <Space.Compact style={{ display: 'flex', marginBottom: 8 }}>
            <Form.Item name="dataType" noStyle>
              <Select style={{ width: 110 }} options={DATA_TYPES.map((v) => ({ value: v, label: v }))} />
            </Form.Item>
            <Form.Item name="dataTypeMessage" noStyle>
              <Input placeholder={t('prop.dataTypeMessage')} />
            </Form.Item>
          </Space.Compact>
        )}
        <Form.Item name="patternCheck" valuePropName="checked" style={{ marginBottom: 4 }}>
          <Checkbox>{t('prop.patternCheck')}</Checkbox>
        </Form.Item>
        {o.patternCheck && (
          <>
            <Form.Item name="pattern">
              <Input placeholder={t('prop.pattern')} />
            </Form.Item>
            <Form.Item name="patternMessage">
              <Input placeholder={t('prop.patternMessage')} />
            </Form.Item>
          </>
        )}
      </>
    ),
  },
  {
    key: 'custom',
    when: kinds('custom'),
    render: ({ w, onChange }) => (
      <CustomComponentSelect w={w} onChange={onChange} />
    ),
  },
  {
    key: 'component',
    when: kinds('component'),
    render: ({ w, onChange }) => (
      <TemplateEditor w={w} onChange={onChange} />
    ),
  },
  {
    key: 'blank',
    when: kinds('blank'),
    render: ({ t }) => (
      <Form.Item label={t('prop.defaultType')} name="defaultType">
        <Radio.Group options={['String', 'Array', 'Object'].map((v) => ({ value: v, label: v }))} />
      </Form.Item>
    ),
  },
  {
    key: 'customClass',
    when: always,
    render: ({ t }) => (
      <Form.Item label={t('prop.customClass')} name="customClass">
        <Input />
      </Form.Item>
    ),
  },
];

/** A custom widget's component: one of those registered with `registerFormComponent` (kept in `el`). */
function CustomComponentSelect({ w, onChange }: { w: FormWidget; onChange: (w: FormWidget) => void }) {
  const { t } = useTranslation('forms');
  const lang = getLang();
  const defs = formComponents();
  const label = (l: string | Record<string, string> | undefined, name: string) => (typeof l === 'string' ? l : (l?.[lang] ?? name));
  return (
    <Form.Item label={t('prop.component')}>
      <Select
        data-prop="el"
        value={w.el || undefined}
        placeholder={defs.length ? undefined : t('prop.componentNone')}
        options={defs.map((d) => ({ value: d.name, label: label(d.label, d.name) }))}
        onChange={(el: string) => onChange({ ...w, el })}
      />
    </Form.Item>
  );
}

/** A component widget's HTML template (`{{model}}` shows a field's value), edited in the code-editor dialog. */
function TemplateEditor({ w, onChange }: { w: FormWidget; onChange: (w: FormWidget) => void }) {
  const { t } = useTranslation('forms');
  const [open, setOpen] = useState(false);
  const template = String(w.options?.template ?? '');
  return (
    <Form.Item label={t('prop.template')}>
      <pre className="loom-fd-code-peek">{template}</pre>
      <Button size="small" onClick={() => setOpen(true)} data-action="edit-template">
        {t('prop.editTemplate')}
      </Button>
      <CodeEditorDialog
        open={open}
        title={t('prop.template')}
        language="html"
        value={template}
        onClose={() => setOpen(false)}
        onOk={(v) => {
          setOpen(false);
          onChange(setOption(w, 'template', v));
        }}
      />
    </Form.Item>
  );
}
