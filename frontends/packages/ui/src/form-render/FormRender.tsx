import { forwardRef, useEffect, useImperativeHandle, useMemo, type CSSProperties, type ReactNode } from 'react';
import { Button, Col, Divider, Form, Row, Table, Tabs, type FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { getLang } from '../core/i18n';
import './locales';
import { initialValues } from './defaults';
import type { FieldPermission, FormJson, FormWidget, GridColumn, WidgetOptions } from './types';
import { checkField, isRequired, tableText } from './validators';
import { Control } from './widgets/Control';
import { FormSlotsCtx, type FormSlots } from './widgets/Custom';

/** pc uses md, pad sm, mobile xs (seed 001 §9). */
export type Platform = 'pc' | 'pad' | 'mobile';
const BREAKPOINT: Record<Platform, 'md' | 'sm' | 'xs'> = { pc: 'md', pad: 'sm', mobile: 'xs' };

export interface FormRenderProps {
  json: FormJson;
  /** The record to show (merged over the fields' default values). */
  value?: Record<string, unknown>;
  /** The whole form read-only (a process node with formReadOnly, a "view" dialog). */
  readOnly?: boolean;
  /** Per-field readable / writable flags by model (a process node's form properties). */
  permissions?: Record<string, FieldPermission>;
  platform?: Platform;
  /** Field-level errors from the server (`details` of a 400): `{model: message}`, `model.i.column` for rows. */
  errors?: Record<string, string>;
  className?: string;
  style?: CSSProperties;
  onValuesChange?: (changed: Record<string, unknown>, all: Record<string, unknown>) => void;
  /** What the page puts into the form's `blank` areas, by their model (bound to the field's value). */
  slots?: FormSlots;
}

export interface FormRenderHandle {
  /** Validates (same rules and messages as the server) and answers the record; rejects with validError's text. */
  getData(): Promise<Record<string, unknown>>;
  /** The record as it stands, without validating. */
  getValues(): Record<string, unknown>;
  reset(): void;
  setData(value: Record<string, unknown>): void;
  /** Shows the server's field-level errors beside their fields. */
  setErrors(errors: Record<string, string>): void;
  form: FormInstance;
}

const flag = (v: unknown, dflt = true) => (v === undefined || v === null || v === '' ? dflt : v === true || v === 'true' || v === '1' || v === 1);

interface Ctx {
  platform: Platform;
  readOnly: boolean;
  permissions?: Record<string, FieldPermission>;
  lang: string;
}

const NO_SLOTS: FormSlots = {};
const TEXT_LIKE = new Set(['input', 'textarea', 'number', 'blank']);

function colSpan(o: WidgetOptions, platform: Platform, fallback = 24): number {
  const bp = BREAKPOINT[platform];
  const v = Number(o[bp] ?? o.span ?? fallback);
  return platform === 'mobile' && o[bp] === undefined ? 24 : Number.isFinite(v) && v > 0 ? Math.min(24, v) : fallback;
}

function FieldItem({ w, ctx, name, label = true }: { w: FormWidget; ctx: Ctx; name?: (string | number)[]; label?: boolean }) {
  const o = w.options ?? {};
  const perm = ctx.permissions?.[w.model];
  if (o.hidden || (perm && !flag(perm.readable))) return null;
  const disabled = ctx.readOnly || !!o.disabled || !!o.readonly || (perm ? !flag(perm.writable) : false);
  const display = ['text', 'html', 'divider', 'component'].includes(w.type) || o.dataBind === false;
  const hideLabel = !label || !!o.hideLabel;
  const labelCol = !hideLabel && o.isLabelWidth && o.labelWidth ? { flex: `${o.labelWidth}px` } : undefined;
  if (display || !w.model) {
    return (
      <Form.Item label={hideLabel ? undefined : w.name} labelCol={labelCol} className={`loom-fr-item loom-fr-${w.type} ${o.customClass ?? ''}`} data-model={w.model || w.key}>
        <Control widget={w} disabled={disabled} />
      </Form.Item>
    );
  }
  return (
    <Form.Item
      name={name ?? w.model}
      label={hideLabel ? undefined : w.name}
      labelCol={labelCol}
      required={isRequired(w) && !disabled}
      validateTrigger={TEXT_LIKE.has(w.type) ? ['onBlur'] : ['onChange', 'onBlur']}
      rules={
        disabled
          ? []
          : [
              {
                validator: async (_r, v) => {
                  const m = checkField(w, v, ctx.lang);
                  if (m) throw new Error(m);
                },
              },
            ]
      }
      className={`loom-fr-item loom-fr-${w.type} ${o.customClass ?? ''}`}
      data-model={w.model}
    >
      <Control widget={w} disabled={disabled} />
    </Form.Item>
  );
}

function SubTable({ w, ctx }: { w: FormWidget; ctx: Ctx }) {
  const { t } = useTranslation('formRender');
  const perm = ctx.permissions?.[w.model];
  // a column's flags are the node's `<table>.<column>` property, given to the row's fields under the column's own model
  const colPerms = ctx.permissions
    ? Object.fromEntries((w.tableColumns ?? []).flatMap((c) => (ctx.permissions?.[`${w.model}.${c.model}`] ? [[c.model, ctx.permissions[`${w.model}.${c.model}`]!]] : [])))
    : undefined;
  const cols = (w.tableColumns ?? []).filter((c) => !c.options?.hidden && (!colPerms?.[c.model] || flag(colPerms[c.model]!.readable)));
  if (w.options?.hidden || (perm && !flag(perm.readable))) return null;
  const disabled = ctx.readOnly || !!w.options?.disabled || (perm ? !flag(perm.writable) : false);
  const canAdd = !disabled && flag(perm?.addable);
  const canDelete = !disabled && flag(perm?.deletable);
  const rowCtx: Ctx = { ...ctx, readOnly: disabled, permissions: colPerms };
  const mobile = ctx.platform === 'mobile';
  return (
    <Form.Item label={w.options?.hideLabel ? undefined : w.name} className="loom-fr-item loom-fr-table" data-model={w.model} required={isRequired(w)}>
      <Form.List
        name={w.model}
        rules={[
          {
            validator: async (_r, v) => {
              const m = disabled ? null : checkField(w, v, ctx.lang);
              if (m) throw new Error(m);
            },
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <div className="loom-fr-subtable">
            {mobile ? (
              fields.map((f, i) => (
                <div key={f.key} className="loom-fr-subtable-row" data-row={i}>
                  <div className="loom-fr-subtable-head" style={{ display: 'flex', justifyContent: 'space-between', fontWeight: 600 }}>
                    <span>{t('row', { n: i + 1 })}</span>
                    {canDelete && <Button size="small" type="link" danger icon={<DeleteOutlined />} onClick={() => remove(f.name)} data-action="remove-row" />}
                  </div>
                  {cols.map((c) => (
                    <FieldItem key={c.key} w={c} ctx={rowCtx} name={[f.name, c.model]} />
                  ))}
                </div>
              ))
            ) : (
              <Table
                size="small"
                bordered
                pagination={false}
                rowKey="key"
                dataSource={fields}
                scroll={{ x: 'max-content' }}
                locale={{ emptyText: t('tableEmpty') }}
                columns={[
                  { title: '#', width: 48, render: (_v, _r, i) => i + 1 },
                  ...cols.map((c) => ({
                    title: (
                      <span>
                        {isRequired(c) ? <span style={{ color: '#ff4d4f' }}>* </span> : null}
                        {c.name}
                      </span>
                    ),
                    key: c.key,
                    width: Number(String(c.options?.width ?? '').replace('px', '')) || 200,
                    render: (_v: unknown, f: { name: number }) => <FieldItem w={c} ctx={rowCtx} name={[f.name, c.model]} label={false} />,
                  })),
                  ...(!canDelete
                    ? []
                    : [
                        {
                          title: t('operation'),
                          width: 80,
                          render: (_v: unknown, f: { name: number }) => <Button size="small" type="link" danger icon={<DeleteOutlined />} onClick={() => remove(f.name)} data-action="remove-row" />,
                        },
                      ]),
                ]}
              />
            )}
            {canAdd && (
              <Button size="small" type="dashed" icon={<PlusOutlined />} onClick={() => add({})} data-action="add-row" style={{ marginTop: 8 }}>
                {t('addRow')}
              </Button>
            )}
            <Form.ErrorList errors={errors} />
          </div>
        )}
      </Form.List>
    </Form.Item>
  );
}

function GridCols({ w, ctx }: { w: FormWidget; ctx: Ctx }) {
  const o = w.options ?? {};
  return (
    <Row gutter={Number(o.gutter ?? 0)} justify={(o.justify as never) || undefined} align={(o.align as never) || undefined} className={`loom-fr-grid ${o.customClass ?? ''}`}>
      {(w.columns ?? []).map((c: GridColumn) => (
        <Col key={c.key} span={colSpan(c.options, ctx.platform, 12)} offset={c.options.offset} push={c.options.push} pull={c.options.pull} className={c.options.customClass}>
          <WidgetList list={c.list} ctx={ctx} />
        </Col>
      ))}
    </Row>
  );
}

function Report({ w, ctx }: { w: FormWidget; ctx: Ctx }) {
  const o = w.options ?? {};
  const border = `${Number(o.borderWidth ?? 1)}px solid ${String(o.borderColor ?? '#999')}`;
  return (
    <table className={`loom-fr-report ${o.customClass ?? ''}`} style={{ width: String(o.width ?? '100%'), borderCollapse: 'collapse' }}>
      <tbody>
        {(w.rows ?? []).map((r, i) => (
          <tr key={i}>
            {r.columns
              .filter((c) => !c.options.invisible)
              .map((c) => (
                <td
                  key={c.key}
                  colSpan={Number(c.options.colspan ?? 1)}
                  rowSpan={Number(c.options.rowspan ?? 1)}
                  style={{ border, padding: 6, textAlign: (c.options.align as never) ?? 'left', verticalAlign: (c.options.valign as never) ?? 'top', width: c.options.width as string, height: c.options.height as string }}
                  className={c.options.customClass}
                >
                  <WidgetList list={c.list} ctx={ctx} />
                </td>
              ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One widget of any type: containers lay out their children, fields become form items. */
export function WidgetView({ w, ctx }: { w: FormWidget; ctx: Ctx }): ReactNode {
  const o = w.options ?? {};
  if (o.hidden && ['grid', 'tabs', 'report', 'divider'].includes(w.type)) return null;
  switch (w.type) {
    case 'grid':
      return <GridCols w={w} ctx={ctx} />;
    case 'tabs':
      return (
        <Tabs
          className={`loom-fr-tabs ${o.customClass ?? ''}`}
          type={(o.type as never) || undefined}
          tabPosition={o.tabPosition ?? 'top'}
          items={(w.tabs ?? []).map((tab) => ({ key: tab.name, label: tab.label, forceRender: true, children: <WidgetList list={tab.list} ctx={ctx} /> }))}
        />
      );
    case 'report':
      return <Report w={w} ctx={ctx} />;
    case 'divider':
      return (
        <Divider orientation={o.contentPosition ?? 'center'} className={`loom-fr-divider ${o.customClass ?? ''}`}>
          {w.name}
        </Divider>
      );
    case 'table':
      return <SubTable w={w} ctx={ctx} />;
    default:
      return <FieldItem w={w} ctx={ctx} />;
  }
}

function WidgetList({ list, ctx }: { list: FormWidget[]; ctx: Ctx }) {
  return (
    <>
      {list.map((w) => (
        <WidgetView key={w.key} w={w} ctx={ctx} />
      ))}
    </>
  );
}

/** Sets `{model: message}` errors on a form (sub-table rows as `model.i.column`). */
export function showErrors(form: FormInstance, errors: Record<string, string>): void {
  form.setFields(Object.entries(errors).map(([k, m]) => ({ name: k.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), errors: [m] })));
}

/**
 * Renders a designer definition with antd: every widget type, defaults from the user's state,
 * validation with the shared validator table on blur and on submit, read-only and per-field flags.
 */
export const FormRender = forwardRef<FormRenderHandle, FormRenderProps>(function FormRender(
  { json, value, readOnly = false, permissions, platform = 'pc', errors, className, style, onValuesChange, slots },
  ref,
) {
  const [form] = Form.useForm();
  const { i18n } = useTranslation();
  const lang = i18n.language || getLang();
  const config = json?.config ?? ({} as FormJson['config']);
  const list = json?.list ?? [];
  const start = useMemo(() => ({ ...initialValues(list), ...(value ?? {}) }), [json, value]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(start);
  }, [form, start]);
  useEffect(() => {
    if (errors && Object.keys(errors).length) showErrors(form, errors);
  }, [form, errors]);
  useImperativeHandle(
    ref,
    () => ({
      form,
      async getData() {
        try {
          await form.validateFields();
        } catch {
          throw new Error(tableText('validError', lang));
        }
        return form.getFieldsValue(true) as Record<string, unknown>;
      },
      getValues: () => form.getFieldsValue(true) as Record<string, unknown>,
      reset() {
        form.resetFields();
        form.setFieldsValue(start);
      },
      setData(v) {
        form.setFieldsValue(v);
      },
      setErrors(e) {
        showErrors(form, e);
      },
    }),
    [form, lang, start],
  );
  const vertical = config.labelPosition === 'top' || config.layout === 'vertical';
  const ctx: Ctx = { platform, readOnly, permissions, lang };
  const size = config.size === 'medium' ? 'middle' : config.size === 'mini' ? 'small' : config.size === 'small' ? 'middle' : undefined;
  return (
    <Form
      form={form}
      className={`loom-form-render loom-fr-${platform} ${config.customClass ?? ''} ${className ?? ''}`}
      style={{ width: config.width || '100%', ...style }}
      layout={vertical ? 'vertical' : 'horizontal'}
      labelAlign={config.labelPosition === 'left' ? 'left' : 'right'}
      labelCol={vertical || config.hideLabel ? undefined : { flex: `${Number(config.labelWidth ?? 100)}px` }}
      labelWrap
      size={size}
      disabled={readOnly}
      initialValues={start}
      onValuesChange={onValuesChange}
      scrollToFirstError
    >
      <FormSlotsCtx.Provider value={slots ?? NO_SLOTS}>
        <Row gutter={12}>
          {list.map((w) => (
            <Col key={w.key} span={platform === 'mobile' ? 24 : colSpan(w.options ?? {}, 'pc')} data-key={w.key}>
              <WidgetView w={w} ctx={ctx} />
            </Col>
          ))}
        </Row>
      </FormSlotsCtx.Provider>
    </Form>
  );
});
