import { addMessages, catalogue } from '@loom/ui';
import zhCN from './locales.zh-CN.json';
import enUS from './locales.en-US.json';

/** Texts of the gencode area (namespace `gencode`). The zh-CN wording of rules and messages is the seed's. */
export const messages = catalogue(zhCN, enUS);

addMessages('gencode', messages);
