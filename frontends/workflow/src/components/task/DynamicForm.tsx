import { forwardRef, useEffect, useState } from 'react';
import { Alert, Spin } from 'antd';
import { http, HttpError } from '@loom/ui';
import { FormRender, emptyForm, type FieldPermission, type FormJson, type FormRenderHandle } from './render';

interface FormVersion {
  id: string;
  json?: string | FormJson | null;
}

function parseJson(json: FormVersion['json']): FormJson {
  if (!json) return emptyForm();
  const v = typeof json === 'string' ? (JSON.parse(json) as FormJson) : json;
  return { list: v.list ?? [], config: { ...emptyForm().config, ...(v.config ?? {}) } };
}

export interface DynamicFormProps {
  /** The form version's id (a dynamic node's form key). */
  jsonId: string;
  /** Where forms keeps the instance's data; none for a start form. */
  businessKey?: string | null;
  readOnly?: boolean;
  /** The node's field flags (null: every field readable and writable). */
  permissions?: Record<string, FieldPermission> | null;
}

/**
 * A node's dynamic form: the version's JSON from forms, the instance's stored data, rendered by
 * @loom/ui's renderer with the node's readable/writable flags (or read-only as a whole).
 */
export const DynamicForm = forwardRef<FormRenderHandle, DynamicFormProps>(function DynamicForm({ jsonId, businessKey, readOnly, permissions }, ref) {
  const [json, setJson] = useState<FormJson | null>(null);
  const [value, setValue] = useState<Record<string, unknown> | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    setJson(null);
    setError(null);
    const data = businessKey
      ? http
          .get<{ data: Record<string, unknown> | string }>('/form/process/data', { businessKey, jsonId }, { silent: true })
          .then((d) => (typeof d.data === 'string' ? (JSON.parse(d.data) as Record<string, unknown>) : d.data))
          .catch(() => undefined)
      : Promise.resolve(undefined);
    Promise.all([http.get<FormVersion>('/extension/formDefinitionJson/queryById', { id: jsonId }, { silent: true }), data])
      .then(([version, stored]) => {
        if (!alive) return;
        setValue(stored ?? undefined);
        setJson(parseJson(version.json));
      })
      .catch((e: unknown) => alive && setError(e instanceof HttpError ? e.message : String(e)));
    return () => {
      alive = false;
    };
  }, [jsonId, businessKey]);
  if (error) return <Alert type="error" showIcon message={error} />;
  if (!json) return <Spin />;
  return (
    <div className="loom-dynamic-form" data-json-id={jsonId}>
      <FormRender ref={ref} json={json} value={value} readOnly={readOnly} permissions={permissions ?? undefined} />
    </div>
  );
});
