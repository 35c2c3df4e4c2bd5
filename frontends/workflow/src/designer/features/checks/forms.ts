/**
 * The dynamic forms bound to the diagram's start event and user tasks, from the forms service:
 * their fields are variables a condition may read, and the start form is what a dry run fills in.
 */
import { http, type FormJson } from '@loom/ui';
import { boundFields } from '../../panel/sections/FormSection';
import { formTypeOf } from '../../panel/rules';
import { attr, inSubProcess, is, type El } from './model';

export interface DynamicForm {
  key: string;
  json: FormJson | null;
  fields: string[];
}

const cache = new Map<string, Promise<DynamicForm>>();

/** The form definition behind a dynamic form key (empty when the key is unknown). */
export function loadForm(key: string): Promise<DynamicForm> {
  let found = cache.get(key);
  if (!found) {
    found = http
      .get<{ formDefinitionJson?: { json?: string } } | null>('/extension/formDefinition/queryByJsonId', { jsonId: key }, { silent: true })
      .then((f) => {
        const text = f?.formDefinitionJson?.json;
        let json: FormJson | null = null;
        try {
          json = text ? (JSON.parse(text) as FormJson) : null;
        } catch {
          json = null;
        }
        return { key, json, fields: boundFields(text).map((b) => b.id) };
      })
      .catch(() => ({ key, json: null, fields: [] }));
    cache.set(key, found);
  }
  return found;
}

/** The dynamic form key of an element that may carry a form ('' for none or an external form). */
export function dynamicFormKey(el: El): string {
  const holds = is(el, 'bpmn:UserTask') || (is(el, 'bpmn:StartEvent') && !inSubProcess(el));
  const key = attr(el, 'formKey');
  return holds && key && formTypeOf(attr(el, 'formType'), key) === '1' ? key : '';
}
