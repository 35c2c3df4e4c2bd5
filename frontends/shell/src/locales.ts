import { addMessages, catalogue } from '@loom/ui/core';
import zhCN from './locales.zh-CN.json';
import enUS from './locales.en-US.json';

/** Texts of the shell (namespace `shell`). */
export const messages = catalogue(zhCN, enUS);

addMessages('shell', messages);
