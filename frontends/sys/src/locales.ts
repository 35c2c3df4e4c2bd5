import { addMessages, catalogue } from '@loom/ui';
import zhCN from './locales.zh-CN.json';
import enUS from './locales.en-US.json';

/** Texts of the sys area (namespace `sys`). */
export const messages = catalogue(zhCN, enUS);

addMessages('sys', messages);
