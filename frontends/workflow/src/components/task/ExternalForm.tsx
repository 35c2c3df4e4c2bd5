import { forwardRef, useEffect, useImperativeHandle, useRef, useState, type ReactNode } from 'react';
import { Form, Spin } from 'antd';
import { GeneratedFields, http, type FormRenderHandle, type GeneratedPages } from '@loom/ui';
import { moduleOfHref, type GeneratedModule } from '@loom/ui/core';

/** Where an external form's record lives: the instance's business key. */
export interface ExternalRecord {
  businessTable: string;
  businessId: string;
}

/** An external form: the form's handle, and saving its record through its module's own API. */
export interface ExternalFormHandle extends FormRenderHandle {
  /** Validates, saves the record (a new one under a new id) with `extra` values, answers where it is
   * (null: the address is no live module's form, nothing saved). */
  save(extra?: Record<string, unknown>): Promise<ExternalRecord | null>;
  /** Takes back the record this form's first save created, once the start it was saved for failed
   * (the module's `discard`: the caller's own record with no instance), so none is left behind. */
  discard(): Promise<void>;
}

interface ExternalFormProps {
  /** The node's form address, e.g. `/demo/leave/DemoLeaveForm`. */
  url: string;
  /** The record of the instance (its business id); none before the start. */
  businessId?: string | null;
  readOnly?: boolean;
  /** Drawn when no live generated module owns the address. */
  fallback: ReactNode;
  /** Told once the address is known to be a live module's form (true) or not (false). */
  onResolved?: (found: boolean) => void;
}

let modules: Promise<GeneratedModule[]> | null = null;
const liveModules = () =>
  (modules ??= http.get<GeneratedModule[]>('/apps/module/remotes', undefined, { silent: true }).catch(() => {
    modules = null;
    return [];
  }));

const newId = () => crypto.randomUUID().replace(/-/g, '');

/**
 * The page of a workflow-form module (seed 000 table type 6) bound to a start or task node as its
 * external form: drawn from the module's pages with @loom/ui's generated fields, its record read
 * and saved through the module's API under the instance's business key. The one place the task
 * center draws an external form: the module's federated form replaces the drawing here alone.
 */
export const ExternalForm = forwardRef<ExternalFormHandle, ExternalFormProps>(function ExternalForm(
  { url, businessId, readOnly, fallback, onResolved },
  ref,
) {
  const [form] = Form.useForm();
  const [pages, setPages] = useState<GeneratedPages | null | undefined>(undefined);
  // the record's id: the instance's, or the one a first save gave it (a later save changes that record)
  const recordId = useRef<string | null>(businessId ?? null);
  // whether that id is a record this form created (the only kind `discard` takes back)
  const created = useRef(false);

  useEffect(() => {
    let alive = true;
    setPages(undefined);
    void liveModules()
      .then((found) => {
        const owner = moduleOfHref(found, url);
        return owner ? http.get<GeneratedPages>('/apps/module/pages', { name: owner.name }, { silent: true }) : null;
      })
      .catch(() => null)
      .then((p) => {
        if (!alive) return;
        setPages(p);
        onResolved?.(!!p);
      });
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- resolved once per address
  }, [url]);

  useEffect(() => {
    recordId.current = businessId ?? null;
    created.current = false;
    if (!pages || !businessId) return;
    void http.get<Record<string, unknown>>(`${pages.apiPrefix}/queryById`, { id: businessId }, { silent: true }).then((r) => form.setFieldsValue(r));
  }, [pages, businessId, form]);

  useImperativeHandle(
    ref,
    () => ({
      form,
      getData: () => form.validateFields(),
      getValues: () => form.getFieldsValue(),
      reset: () => form.resetFields(),
      setData: (value) => form.setFieldsValue(value),
      setErrors: (errors) => form.setFields(Object.entries(errors).map(([name, e]) => ({ name, errors: [e] }))),
      save: async (extra = {}) => {
        if (!pages) return null;
        const values = await form.validateFields();
        const id = recordId.current ?? newId();
        await http.post(`${pages.apiPrefix}/save`, { ...form.getFieldsValue(true), ...values, ...extra, [pages.pk]: id });
        if (recordId.current === null) created.current = true;
        recordId.current = id;
        return { businessTable: pages.entity, businessId: id };
      },
      discard: async () => {
        const id = recordId.current;
        if (!pages || !id || !created.current) return;
        await http.delete(`${pages.apiPrefix}/discard`, { id }, { silent: true });
        recordId.current = null;
        created.current = false;
      },
    }),
    [form, pages],
  );

  if (pages === undefined) return <Spin />;
  if (pages === null) return <>{fallback}</>;
  return (
    <div className="loom-external-form" data-module={pages.name}>
      <Form form={form} layout="vertical" disabled={readOnly}>
        <GeneratedFields pages={pages} />
      </Form>
    </div>
  );
});

/** The handle of an external form (a dynamic form's has no `save`). */
export const isExternal = (handle: FormRenderHandle | null): handle is ExternalFormHandle => !!handle && 'save' in handle;
