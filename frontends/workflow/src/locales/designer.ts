import { addMessages, catalogue } from '@loom/ui';
import zhCN from './designer.zh-CN.json';
import enUS from './designer.en-US.json';

/** Texts of the process designer, the viewer and the workflow administration screens (namespace `designer`). */
export const messages = catalogue(zhCN, enUS);

addMessages('designer', messages);
