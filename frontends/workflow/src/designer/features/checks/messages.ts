import { addMessages, catalogue, i18n } from '@loom/ui';
import zhCN from './messages.zh-CN.json';
import enUS from './messages.en-US.json';

/** Texts of the designer's checks, dry run, diff and simulation (namespace `workflowChecks`). */
const messages = catalogue(zhCN, enUS);

export const NS = 'workflowChecks';
addMessages(NS, messages);

/** A text of this namespace, outside React (lint rules run outside it). */
export function msg(key: string, params?: Record<string, unknown>): string {
  return i18n.t(key, { ns: NS, ...params }) as string;
}
