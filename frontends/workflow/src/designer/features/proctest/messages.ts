import { addMessages, catalogue, i18n } from '@loom/ui';
import zhCN from './messages.zh-CN.json';
import enUS from './messages.en-US.json';

/** Texts of the designer's process tests (namespace `workflowProcTests`). */
export const NS = 'workflowProcTests';
addMessages(NS, catalogue(zhCN, enUS));

/** A text of this namespace outside React (the publish gate's dialog is opened from a plain function). */
export function msg(key: string, params?: Record<string, unknown>): string {
  return i18n.t(key, { ns: NS, ...params }) as string;
}
