import { Fragment, memo, useEffect, useState } from 'react';
import { Button, Checkbox, Form, Input, InputNumber, Radio, Space, Table } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { getLang } from '@loom/ui';
import { BOUNDS, fieldsOf, language, type FormConfig, type FormJson, type FormWidget } from '../render';
import { CodeEditorDialog } from './dialogs';
import { setLabelPosition, setOption } from './model';
import { PROPERTY_SECTIONS, type SectionContext } from './widgetSections';

export { DEFAULT_EXPRESSIONS } from './widgetSections';

/** The widget tab: the property sections (`widgetSections.tsx`) that apply to the widget's kind. */
function WidgetPanelView({ w, isRoot, onChange }: { w: FormWidget | null; isRoot: boolean; onChange: (w: FormWidget) => void }) {
  const { t } = useTranslation('forms');
  const [form] = Form.useForm();
  useEffect(() => {
    if (w) form.setFieldsValue({ ...w.options, name: w.name, model: w.model });
  }, [w, form]);
  if (!w) return <div className="loom-fd-panel-empty">{t('panel.noSelection')}</div>;
  const ctx: SectionContext = { w, o: w.options ?? {}, type: w.type, isRoot, t, b: BOUNDS, lang: language(getLang()), onChange };
  return (
    <Form
      key={w.key}
      form={form}
      size="small"
      layout="vertical"
      className="loom-fd-widget-panel"
      initialValues={{ ...ctx.o, name: w.name, model: w.model }}
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
      {PROPERTY_SECTIONS.filter((section) => section.when(ctx)).map((section) => (
        <Fragment key={section.key}>{section.render(ctx)}</Fragment>
      ))}
    </Form>
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
