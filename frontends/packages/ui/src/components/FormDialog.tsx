import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Button, Checkbox, Form, Modal, Spin, type FormInstance, type FormProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from './feedback';

export type FormMode = 'add' | 'edit' | 'view';

export interface FormDialogProps<V extends object> {
  open: boolean;
  mode: FormMode;
  /** Entity name used in the default title ("新建用户", "修改用户", "查看用户"). */
  name?: string;
  /** Explicit title (overrides the default). */
  title?: ReactNode;
  width?: number | string;
  /** Loads the values to edit or view (e.g. `queryById`); called each time the dialog opens in edit/view mode. */
  load?: () => Promise<Partial<V>>;
  /** Initial values (add mode, or merged under what `load` answers). */
  initialValues?: Partial<V>;
  /**
   * Saves the values. A string result is shown as the success message. Reject to keep the
   * dialog open (the HTTP client has already shown the error).
   */
  onSubmit: (values: V, mode: FormMode) => Promise<unknown>;
  onClose: () => void;
  /** Called after each successful save (e.g. reload the list). */
  onSaved?: () => void;
  /** Form fields; a function receives the form and the mode. */
  children: ReactNode | ((ctx: { form: FormInstance<V>; mode: FormMode }) => ReactNode);
  form?: FormInstance<V>;
  formProps?: Omit<FormProps<V>, 'form' | 'onFinish' | 'disabled'>;
  /** Offer "continue adding" in add mode (default true). */
  continueAdding?: boolean;
}

/**
 * Add / edit / view dialog around an antd Form. View mode is read-only and hides the confirm
 * button; the dialog never closes on an outside click; Enter submits; fields validate on blur
 * and on submit; add mode offers "continue adding" (save, clear the form, stay open).
 */
export function FormDialog<V extends object>(props: FormDialogProps<V>) {
  const { t } = useTranslation('ui');
  const { message } = useFeedback();
  const [ownForm] = Form.useForm<V>();
  const form = props.form ?? ownForm;
  const { open, mode, load, initialValues } = props;
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [keepAdding, setKeepAdding] = useState(false);

  // Before the first paint of the opened dialog: a value typed (or filled by a browser) into a field
  // the moment it shows must not be wiped by a reset that React would otherwise run a frame later.
  useLayoutEffect(() => {
    if (!open) return;
    form.resetFields();
    if (initialValues) form.setFieldsValue(initialValues as Parameters<typeof form.setFieldsValue>[0]);
    if (load && mode !== 'add') {
      setLoading(true);
      load()
        .then((v) => form.setFieldsValue({ ...(initialValues ?? {}), ...v } as Parameters<typeof form.setFieldsValue>[0]))
        .catch(() => undefined)
        .finally(() => setLoading(false));
    }
    // re-run only when the dialog opens or the mode changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, mode]);

  // What was last typed into each number field (by its id): a number field drops letters without a
  // word, on blur or on Enter, and the record would be saved with the field blank
  const typed = useRef<Record<string, string>>({});
  const noteTyped = (e: FormEvent<HTMLDivElement>) => {
    const el = e.target as HTMLInputElement;
    if (el.classList?.contains('ant-input-number-input') && el.id) typed.current[el.id] = el.value;
  };
  useEffect(() => {
    if (open) typed.current = {};
  }, [open, mode]);

  const submit = useCallback(async () => {
    if (mode === 'view' || saving) return;
    const unreadable = Object.entries(typed.current).filter(([, text]) => text.trim() !== '' && !Number.isFinite(Number(text.replace(/,/g, ''))));
    if (unreadable.length) {
      form.setFields(unreadable.map(([id]) => ({ name: id as never, errors: [t('numberInvalid')] })));
      void message.error(t('numberInvalid'));
      return;
    }
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const res = await props.onSubmit({ ...(initialValues ?? {}), ...form.getFieldsValue(true), ...values } as V, mode);
      if (typeof res === 'string' && res) void message.success(res);
      props.onSaved?.();
      if (mode === 'add' && keepAdding) {
        form.resetFields();
        if (initialValues) form.setFieldsValue(initialValues as Parameters<typeof form.setFieldsValue>[0]);
      } else {
        props.onClose();
      }
    } catch {
      /* the error was shown by the HTTP client; keep the dialog open */
    } finally {
      setSaving(false);
    }
  }, [mode, saving, form, props, initialValues, message, keepAdding]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    const el = e.target as HTMLElement;
    // a dialog opened from a field (a picker) is a portal: its Enter bubbles here through React, not the DOM
    if (!e.currentTarget.contains(el)) return;
    if (el.tagName === 'TEXTAREA' || el.getAttribute('role') === 'combobox' || el.tagName === 'BUTTON') return;
    if (el.tagName !== 'INPUT') return;
    e.preventDefault();
    void submit();
  };

  const title = props.title ?? (props.name ? t(mode === 'add' ? 'addTitle' : mode === 'edit' ? 'editTitle' : 'viewTitle', { name: props.name }) : undefined);
  const showContinue = mode === 'add' && props.continueAdding !== false;

  return (
    <Modal
      open={open}
      title={title}
      width={props.width ?? 800}
      maskClosable={false}
      destroyOnHidden
      onCancel={props.onClose}
      className="loom-form-dialog"
      footer={
        <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 8 }}>
          {showContinue ? (
            <Checkbox checked={keepAdding} onChange={(e) => setKeepAdding(e.target.checked)} style={{ marginRight: 'auto' }} data-action="continue-adding">
              {t('continueAdding')}
            </Checkbox>
          ) : null}
          <Button onClick={props.onClose} data-action="close">
            {t('close')}
          </Button>
          {mode !== 'view' ? (
            <Button type="primary" loading={saving} onClick={() => void submit()} data-action="confirm">
              {t('confirm')}
            </Button>
          ) : null}
        </div>
      }
    >
      <Spin spinning={loading}>
        <div onKeyDown={onKeyDown} onInputCapture={noteTyped}>
          <Form<V> form={form} layout="horizontal" labelCol={{ span: 6 }} wrapperCol={{ span: 16 }} validateTrigger="onBlur" disabled={mode === 'view'} {...props.formProps}>
            {typeof props.children === 'function' ? props.children({ form, mode }) : props.children}
          </Form>
        </div>
      </Spin>
    </Modal>
  );
}

export interface DialogState<K = string> {
  open: boolean;
  mode: FormMode;
  id?: K;
}

/** State of a form dialog: `dlg.show('edit', id)`, `<FormDialog open={dlg.open} mode={dlg.mode} onClose={dlg.close} …/>`. */
export function useFormDialog<K = string>() {
  const [s, setS] = useState<DialogState<K>>({ open: false, mode: 'add' });
  const show = useCallback((mode: FormMode, id?: K) => setS({ open: true, mode, id }), []);
  const close = useCallback(() => setS((p) => ({ ...p, open: false })), []);
  return { ...s, show, close };
}
