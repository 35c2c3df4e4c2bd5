import { useEffect, useState } from 'react';
import { fieldsOf, http, type FormJson, type FormWidget } from '@loom/ui';
import type { FormVersion as VersionPublic } from '../../api/types';

/** A form version's layout, parsed from its JSON text as forms answers it. */
export async function loadFormJson(jsonId: string): Promise<FormJson | null> {
  const v = await http.get<VersionPublic>('/extension/formDefinitionJson/queryById', { id: jsonId }, { silent: true });
  return v.json ? (JSON.parse(v.json) as FormJson) : null;
}

/** `{model: widget}` of every field of a dynamic form version (null while loading, or without a form):
 * what the task screens need to show a stored value by its label. */
export function useFormFields(jsonId: string | null | undefined): Record<string, FormWidget> | null {
  const [fields, setFields] = useState<Record<string, FormWidget> | null>(null);
  useEffect(() => {
    setFields(null);
    if (!jsonId) return;
    let alive = true;
    loadFormJson(jsonId)
      .then((json) => alive && json && setFields(Object.fromEntries(fieldsOf(json.list ?? []).map((w) => [w.model, w]))))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [jsonId]);
  return fields;
}
