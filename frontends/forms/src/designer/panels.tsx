import { memo, useEffect, useState } from 'react';
import { AutoComplete, Button, Checkbox, ColorPicker, Divider, Form, Input, InputNumber, Radio, Select, Space, Switch, Table } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DictTypeSelect, formComponents, getLang } from '@loom/ui';
import { BOUNDS, DATA_TYPES, FIXED_VALIDATORS, fieldsOf, language, type FormConfig, type FormJson, type FormWidget, type OptionItem } from '../render';
import { CodeEditorDialog } from './dialogs';
import { newCol, newPane, paneLabel, setLabelPosition, setOption } from './model';

/** Suggested default-value expressions (§9): the signed-in user's fields and the current date. */
export const DEFAULT_EXPRESSIONS = ['${user.name}', '${user.id}', '${user.loginName}', '${user.no}', '${user.companyDTO.name}', '${user.companyDTO.id}', '${user.officeDTO.name}', '${user.officeDTO.id}', '${new Date()}'];

const CHOICES = ['radio', 'checkbox', 'select', 'cascader'];
const FIELD = (w: FormWidget) => !['grid', 'tabs', 'report', 'divider', 'text', 'html'].includes(w.type);

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

/** The widget tab: every option of §3.2 that applies to the type, with the bounds of §5.2. */
function WidgetPanelView({ w, isRoot, onChange }: { w: FormWidget | null; isRoot: boolean; onChange: (w: FormWidget) => void }) {
  const { t } = useTranslation('forms');
  const [form] = Form.useForm();
  useEffect(() => {
    if (w) form.setFieldsValue({ ...w.options, name: w.name, model: w.model });
  }, [w, form]);
  if (!w) return <div className="loom-fd-panel-empty">{t('panel.noSelection')}</div>;
  const o = w.options ?? {};
  const lang = language(getLang());
  const type = w.type;
  const b = BOUNDS;
  return (
    <Form
      key={w.key}
      form={form}
      size="small"
      layout="vertical"
      className="loom-fd-widget-panel"
      initialValues={{ ...o, name: w.name, model: w.model }}
      onValuesChange={(changed: Record<string, unknown>) => {
        let next = w;
        for (const [k, v] of Object.entries(changed)) {
          if (k === 'name' || k === 'model') next = { ...next, [k]: v as string };
          // one field of `props` changes at a time: keep the others
          else if (k === 'props') next = setOption(next, k, { ...(next.options?.props ?? {}), ...(v as object) });
          else next = setOption(next, k, v);
        }
        onChange(next);
      }}
    >
      {FIELD(w) && (
        <Form.Item label={t('prop.model')} name="model">
          <Input data-prop="model" />
        </Form.Item>
      )}
      <Form.Item label={t('prop.name')} name="name">
        <Input data-prop="name" />
      </Form.Item>
      {isRoot && (
        <Form.Item label={t('prop.span')} name="span">
          <InputNumber min={b.span?.min ?? 1} max={b.span?.max ?? 24} style={{ width: '100%' }} data-prop="span" />
        </Form.Item>
      )}
      {FIELD(w) && type !== 'table' && (
        <Form.Item label={t('prop.width')} name="width">
          <Input />
        </Form.Item>
      )}
      {['input', 'textarea', 'select', 'date', 'time', 'cascader', 'selectTree', 'user', 'office', 'role', 'area', 'dict'].includes(type) && (
        <Form.Item label={t('prop.placeholder')} name="placeholder">
          <Input />
        </Form.Item>
      )}
      {type === 'textarea' && (
        <Form.Item label={t('prop.rows')} name="rows">
          <InputNumber min={1} max={50} />
        </Form.Item>
      )}
      {type === 'input' && (
        <Form.Item label={t('prop.showPassword')} name="showPassword" valuePropName="checked">
          <Switch />
        </Form.Item>
      )}
      {['number', 'slider'].includes(type) && (
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
      )}
      {type === 'rate' && (
        <Space>
          <Form.Item label={t('prop.max')} name="max">
            <InputNumber min={1} max={20} />
          </Form.Item>
          <Form.Item label={t('prop.allowHalf')} name="allowHalf" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
      )}
      {type === 'color' && (
        <Form.Item label={t('prop.showAlpha')} name="showAlpha" valuePropName="checked">
          <Switch />
        </Form.Item>
      )}
      {type === 'switch' && (
        <Space>
          <Form.Item label={t('prop.activeText')} name="activeText">
            <Input />
          </Form.Item>
          <Form.Item label={t('prop.inactiveText')} name="inactiveText">
            <Input />
          </Form.Item>
        </Space>
      )}
      {type === 'slider' && (
        <Space>
          <Form.Item label={t('prop.range')} name="range" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item label={t('prop.showInput')} name="showInput" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
      )}
      {type === 'select' && (
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
      )}
      {CHOICES.includes(type) && (
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
      )}
      {type === 'dict' && (
        <Form.Item label={t('prop.dictType')} name="dictType">
          <DictTypeSelect data-prop="dictType" />
        </Form.Item>
      )}
      {type === 'date' && (
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
      )}
      {type === 'time' && (
        <>
          <Form.Item label={t('prop.format')} name="format">
            <Input />
          </Form.Item>
          <Form.Item label={t('prop.isRange')} name="isRange" valuePropName="checked">
            <Switch />
          </Form.Item>
        </>
      )}
      {['imgupload', 'fileupload', 'user', 'role'].includes(type) && (
        <Form.Item label={t('prop.limit')} name="limit">
          <InputNumber min={0} />
        </Form.Item>
      )}
      {['imgupload', 'fileupload'].includes(type) && (
        <>
          <Form.Item label={t('prop.action')} name="action">
            <Input />
          </Form.Item>
          <Form.Item label={t('prop.tip')} name="tip">
            <Input />
          </Form.Item>
        </>
      )}
      {type === 'selectTree' && (
        <>
          <Form.Item label={t('prop.dataUrl')} name="dataUrl">
            <Input />
          </Form.Item>
          <Form.Item label={t('prop.isOnlySelectLeaf')} name="isOnlySelectLeaf" valuePropName="checked">
            <Switch />
          </Form.Item>
        </>
      )}
      {type === 'divider' && (
        <Form.Item label={t('prop.contentPosition')} name="contentPosition">
          <Radio.Group options={['left', 'center', 'right'].map((v) => ({ value: v, label: v }))} />
        </Form.Item>
      )}
      {type === 'report' && (
        <Space>
          <Form.Item label={t('prop.borderWidth')} name="borderWidth">
            <InputNumber min={0} max={10} />
          </Form.Item>
          <Form.Item label={t('prop.borderColor')} name="borderColor" getValueFromEvent={(c) => c.toHexString()}>
            <ColorPicker />
          </Form.Item>
        </Space>
      )}
      {type === 'grid' && (
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
      )}
      {type === 'tabs' && (
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
      )}
      {FIELD(w) && !['table', 'imgupload', 'fileupload', 'editor', 'custom', 'component'].includes(type) && (
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
      )}
      {(type === 'text' || type === 'html') && (
        <Form.Item label={t('prop.defaultValue')} name="defaultValue">
          <Input.TextArea rows={3} />
        </Form.Item>
      )}
      {FIELD(w) && (
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
      )}
      {type === 'custom' && <CustomComponentSelect w={w} onChange={onChange} />}
      {type === 'component' && <TemplateEditor w={w} onChange={onChange} />}
      {type === 'blank' && (
        <Form.Item label={t('prop.defaultType')} name="defaultType">
          <Radio.Group options={['String', 'Array', 'Object'].map((v) => ({ value: v, label: v }))} />
        </Form.Item>
      )}
      <Form.Item label={t('prop.customClass')} name="customClass">
        <Input />
      </Form.Item>
    </Form>
  );
}

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

/** The form's custom JS (run before or after save, by the event type), edited in the code-editor dialog. */
function CustomJs({ config, onChange }: { config: FormConfig; onChange: (c: FormConfig) => void }) {
  const { t } = useTranslation('forms');
  const [open, setOpen] = useState(false);
  return (
    <>
      <pre className="loom-fd-code-peek" data-field="custom-js">{config.customJs ?? ''}</pre>
      <Button size="small" onClick={() => setOpen(true)} data-action="edit-custom-js">
        {t('prop.edit')}
      </Button>
      <CodeEditorDialog
        open={open}
        title={t('formProp.customJs')}
        language="javascript"
        value={config.customJs ?? ''}
        onClose={() => setOpen(false)}
        onOk={(v) => {
          setOpen(false);
          onChange({ ...config, customJs: v });
        }}
      />
    </>
  );
}

/** The form tab: label width and position, size, layout, custom class and JS, event type, jump links. */
function FormPanelView({ config, onChange }: { config: FormConfig; onChange: (c: FormConfig) => void }) {
  const { t } = useTranslation('forms');
  const b = BOUNDS.formLabelWidth ?? { min: 0, max: 200, step: 10 };
  const actions = config.actions ?? [];
  const setAction = (i: number, patch: Record<string, unknown>) => onChange({ ...config, actions: actions.map((a, j) => (j === i ? { ...a, ...patch } : a)) });
  return (
    <Form size="small" layout="vertical" className="loom-fd-form-panel">
      <Form.Item label={t('formProp.labelPosition')}>
        <Radio.Group
          data-prop="labelPosition"
          value={config.labelPosition}
          onChange={(e) => onChange(setLabelPosition(config, e.target.value))}
          options={(['left', 'right', 'top'] as const).map((v) => ({ value: v, label: t(`formProp.${v}`) }))}
          optionType="button"
        />
      </Form.Item>
      <Form.Item label={t('formProp.labelWidth')}>
        <InputNumber min={b.min} max={b.max} step={b.step ?? 10} value={config.labelWidth} onChange={(v) => onChange({ ...config, labelWidth: Number(v ?? 100) })} />
      </Form.Item>
      <Form.Item label={t('formProp.size')}>
        <Radio.Group value={config.size} onChange={(e) => onChange({ ...config, size: e.target.value })} options={(['medium', 'small', 'mini'] as const).map((v) => ({ value: v, label: t(`formProp.${v}`) }))} />
      </Form.Item>
      <Form.Item label={t('formProp.width')}>
        <Input value={config.width} onChange={(e) => onChange({ ...config, width: e.target.value })} />
      </Form.Item>
      <Form.Item>
        <Checkbox checked={!!config.hideLabel} onChange={(e) => onChange({ ...config, hideLabel: e.target.checked })}>
          {t('formProp.hideLabel')}
        </Checkbox>
      </Form.Item>
      <Form.Item label={t('formProp.customClass')}>
        <Input value={config.customClass} onChange={(e) => onChange({ ...config, customClass: e.target.value })} />
      </Form.Item>
      <Form.Item label={t('formProp.eventType')}>
        <Radio.Group value={config.eventType ?? '1'} onChange={(e) => onChange({ ...config, eventType: e.target.value })} options={[{ value: '1', label: t('formProp.beforeSave') }, { value: '2', label: t('formProp.afterSave') }]} />
      </Form.Item>
      <Form.Item label={t('formProp.customJs')}>
        <CustomJs config={config} onChange={onChange} />
      </Form.Item>
      <Form.Item label={t('formProp.actions')}>
        {actions.map((a, i) => (
          <div key={i} className="loom-fd-action" style={{ border: '1px solid #eee', padding: 6, marginBottom: 6 }}>
            <Space.Compact style={{ display: 'flex', marginBottom: 4 }}>
              <Input size="small" placeholder={t('formProp.actionName')} value={a.name} onChange={(e) => setAction(i, { name: e.target.value })} />
              <Button size="small" icon={<DeleteOutlined />} onClick={() => onChange({ ...config, actions: actions.filter((_x, j) => j !== i) })} />
            </Space.Compact>
            <Input size="small" placeholder={`${t('formProp.link')}: http://… | /…`} value={a.link} onChange={(e) => setAction(i, { link: e.target.value })} style={{ marginBottom: 4 }} />
            <Space.Compact style={{ display: 'flex', marginBottom: 4 }}>
              <Input size="small" placeholder={t('formProp.paramKey')} value={a.paramKey} onChange={(e) => setAction(i, { paramKey: e.target.value })} />
              <Input size="small" placeholder={`${t('formProp.paramValue')}: row.id`} value={a.paramValue} onChange={(e) => setAction(i, { paramValue: e.target.value })} />
            </Space.Compact>
            <Checkbox.Group value={a.position ?? []} onChange={(v) => setAction(i, { position: v })} options={[{ value: '1', label: t('formProp.toolbarPos') }, { value: '2', label: t('formProp.columnPos') }]} />
            <Input size="small" placeholder={t('formProp.auth')} value={a.auth} onChange={(e) => setAction(i, { auth: e.target.value })} />
          </div>
        ))}
        <Button size="small" type="dashed" icon={<PlusOutlined />} onClick={() => onChange({ ...config, actions: [...actions, { name: '', link: '', paramKey: 'id', paramValue: 'row.id', position: ['2'], auth: '' }] })}>
          {t('formProp.addAction')}
        </Button>
      </Form.Item>
    </Form>
  );
}

/** The list tab: which fields the online list shows, searches on and sorts by. */
function ListPanelView({ form, onToggle }: { form: FormJson; onToggle: (key: string, option: 'isShow' | 'isSearch' | 'isSort', value: boolean) => void }) {
  const { t } = useTranslation('forms');
  const fields = fieldsOf(form.list).filter((f) => f.type !== 'table');
  const box = (k: 'isShow' | 'isSearch' | 'isSort') => (_v: unknown, f: FormWidget) => (
    <Checkbox checked={k === 'isShow' ? f.options?.isShow !== false : !!f.options?.[k]} data-list={`${k}:${f.model}`} onChange={(e) => onToggle(f.key, k, e.target.checked)} />
  );
  return (
    <Table
      size="small"
      rowKey="key"
      pagination={false}
      className="loom-fd-list-panel"
      dataSource={fields}
      columns={[
        { title: t('listProp.field'), render: (_v, f) => f.name, ellipsis: true },
        { title: t('listProp.isShow'), width: 56, render: box('isShow') },
        { title: t('listProp.isSearch'), width: 56, render: box('isSearch') },
        { title: t('listProp.isSort'), width: 56, render: box('isSort') },
      ]}
    />
  );
}

/** The panels are memoised: the designer renders them only when their own value changes. */
export const WidgetPanel = memo(WidgetPanelView);
export const FormPanel = memo(FormPanelView);
export const ListPanel = memo(ListPanelView);

export { setOption };
