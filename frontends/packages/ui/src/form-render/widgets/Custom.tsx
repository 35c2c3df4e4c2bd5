/**
 * The designer's custom group (seed 001 §3.2): `custom` fields drawn by components an area
 * registers, `blank` areas filled by the page that renders the form, and `component` widgets that
 * show an HTML template with the record's values.
 */
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import { Form, Input } from 'antd';
import DOMPurify from 'dompurify';
import { useTranslation } from 'react-i18next';
import { globalSingleton } from '../../core/events';
import type { FormWidget } from '../types';

/** What a custom field component and a blank slot receive: the field's value, bound to its model. */
export interface CustomFieldProps {
  widget: FormWidget;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
  id?: string;
}

/** A component the designer offers for `custom` widgets (by `name`, kept in the widget's `el`). */
export interface FormComponentDef {
  name: string;
  /** The name shown in the designer, per language (`zh-CN`, `en-US`) or one text. */
  label?: string | Record<string, string>;
  component: ComponentType<CustomFieldProps>;
}

const registry = globalSingleton('formComponents', () => new Map<string, FormComponentDef>());

/** Registers a component for `custom` widgets; registering a name again replaces it. */
export function registerFormComponent(def: FormComponentDef): void {
  registry.set(def.name, def);
}

/** The registered custom components, in registration order. */
export function formComponents(): FormComponentDef[] {
  return [...registry.values()];
}

/** The component name of a `custom` widget (JeePlus keeps it in `el`). */
export function customName(w: FormWidget): string {
  return String(w.el ?? w.options?.component ?? '');
}

/** What the page rendering a form puts into its `blank` areas, by the area's model. */
export type FormSlots = Record<string, (props: CustomFieldProps) => ReactNode>;
export const FormSlotsCtx = createContext<FormSlots>({});

/** A `custom` widget: its registered component, or a notice naming the missing one. */
export function CustomField(props: CustomFieldProps) {
  const { t } = useTranslation('formRender');
  const name = customName(props.widget);
  const def = registry.get(name);
  if (!def) return <div className="loom-fr-custom loom-fr-custom-missing">{t('customMissing', { name: name || '—' })}</div>;
  const C = def.component;
  return <C {...props} />;
}

/** A `blank` area: the page's slot for the model, else a plain text input bound to it. */
export function BlankField(props: CustomFieldProps) {
  const slots = useContext(FormSlotsCtx);
  const slot = slots[props.widget.model];
  if (slot) return <div className="loom-fr-blank">{slot(props)}</div>;
  const o = props.widget.options ?? {};
  return (
    <Input
      id={props.id}
      disabled={props.disabled}
      style={{ width: (o.width as string) || '100%' }}
      value={typeof props.value === 'string' ? props.value : props.value === undefined || props.value === null ? '' : JSON.stringify(props.value)}
      placeholder={o.placeholder as string | undefined}
      onChange={(e) => props.onChange?.(e.target.value)}
    />
  );
}

const escape = (v: unknown) =>
  String(v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : v).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Fills `{{model}}` (or `{{a.b}}`) in a template with the record's values, escaped, then sanitises it. */
export function fillTemplate(template: string, values: Record<string, unknown>): string {
  const html = template.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_m, path: string) => {
    let cur: unknown = values;
    for (const p of path.split('.')) cur = cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[p] : undefined;
    return escape(cur);
  });
  return DOMPurify.sanitize(html);
}

/** A `component` widget: its HTML template with the record's values, following every change. */
export function TemplateView({ widget }: { widget: FormWidget }) {
  const form = Form.useFormInstance();
  const values = (Form.useWatch((v: Record<string, unknown>) => v, { form, preserve: true }) ?? {}) as Record<string, unknown>;
  return <div className={`loom-fr-component ${widget.options?.customClass ?? ''}`} dangerouslySetInnerHTML={{ __html: fillTemplate(String(widget.options?.template ?? ''), values) }} />;
}
