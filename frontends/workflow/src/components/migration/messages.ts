import { addMessages, catalogue } from '@loom/ui';
import zhCN from './messages.zh-CN.json';
import enUS from './messages.en-US.json';

/** Texts of instance migration (namespace `migration`): the plan, the dry run and the report. */
export const NS = 'migration';
addMessages(NS, catalogue(zhCN, enUS));
