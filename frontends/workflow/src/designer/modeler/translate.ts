import { getLang } from '@loom/ui';
import { bpmnZhCN } from '../../locales/designer-bpmn';

/** diagram-js translate: zh-CN from our table (English when missing), en-US as bpmn-js writes it. */
export function translate(template: string, replacements?: Record<string, string>): string {
  const text = getLang() === 'zh-CN' ? (bpmnZhCN[template] ?? template) : template;
  return text.replace(/{([^}]+)}/g, (_m, key: string) => replacements?.[key] ?? `{${key}}`);
}

/** The DI module replacing diagram-js's `translate` service. */
export const translateModule = { translate: ['value', translate] };
