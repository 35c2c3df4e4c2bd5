import { forwardRef, useEffect, useState } from 'react';
import { Alert, Grid, Spin } from 'antd';
import { FormRender, emptyForm, fieldsOf, http, HttpError, type FieldPermission, type FormJson, type FormRenderHandle } from '@loom/ui';
import type { FormVersion as VersionPublic } from '../../api/types';
import { taskService } from './service';

/** A form version as forms' `formDefinitionJson/queryById` answers it (its layout as JSON text). */
type FormVersion = VersionPublic;

function parseJson(json: FormVersion['json']): FormJson {
  if (!json) return emptyForm();
  const v = typeof json === 'string' ? (JSON.parse(json) as FormJson) : json;
  return { list: v.list ?? [], config: { ...emptyForm().config, ...(v.config ?? {}) } };
}

export interface DynamicFormProps {
  /** The form version's id (a dynamic node's form key). */
  jsonId: string;
  /** The instance whose stored form data is shown (read through workflow, which checks that the
   * reader may see the instance); none for a start form. */
  procInsId?: string | null;
  readOnly?: boolean;
  /** The node's field flags (null: every field readable and writable). */
  permissions?: Record<string, FieldPermission> | null;
  /** The instance whose process variables hold a draft kept with 保存 (`_flow_save`): its values
   * of the form's fields are shown over the stored ones, so a reopened task shows what was saved. */
  draftOf?: string | null;
}

/** The draft's values of the form's own fields (the variables also hold the process's own). */
function draftValues(json: FormJson, vars: Record<string, unknown>): Record<string, unknown> {
  const models = new Set(fieldsOf(json.list).map((w) => w.model));
  return Object.fromEntries(Object.entries(vars).filter(([k]) => models.has(k)));
}

/**
 * A node's dynamic form: the version's JSON from forms, the instance's stored data, rendered by
 * @loom/ui's renderer with the node's readable/writable flags (or read-only as a whole).
 */
export const DynamicForm = forwardRef<FormRenderHandle, DynamicFormProps>(function DynamicForm({ jsonId, procInsId, readOnly, permissions, draftOf }, ref) {
  const [json, setJson] = useState<FormJson | null>(null);
  const [value, setValue] = useState<Record<string, unknown> | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  // a phone-sized screen gets the renderer's mobile layout (one column, sub-table rows as cards)
  const phone = Grid.useBreakpoint().md === false;
  useEffect(() => {
    let alive = true;
    setJson(null);
    setError(null);
    const data = procInsId
      ? http
          .get<{ data: Record<string, unknown> | null }>('/flowable/task/formData', { procInsId, jsonId }, { silent: true })
          .then((d) => d.data ?? undefined)
          .catch(() => undefined)
      : Promise.resolve(undefined);
    const draft = draftOf ? taskService.variables(draftOf).catch(() => ({})) : Promise.resolve({});
    Promise.all([http.get<FormVersion>('/extension/formDefinitionJson/queryById', { id: jsonId }, { silent: true }), data, draft])
      .then(([version, stored, vars]) => {
        if (!alive) return;
        const form = parseJson(version.json);
        const saved = draftValues(form, vars);
        setValue(stored || Object.keys(saved).length ? { ...(stored ?? {}), ...saved } : undefined);
        setJson(form);
      })
      .catch((e: unknown) => alive && setError(e instanceof HttpError ? e.message : String(e)));
    return () => {
      alive = false;
    };
  }, [jsonId, procInsId, draftOf]);
  if (error) return <Alert type="error" showIcon message={error} />;
  if (!json) return <Spin />;
  return (
    <div className="loom-dynamic-form" data-json-id={jsonId}>
      <FormRender ref={ref} json={json} value={value} readOnly={readOnly} permissions={permissions ?? undefined} platform={phone ? 'mobile' : 'pc'} />
    </div>
  );
});
