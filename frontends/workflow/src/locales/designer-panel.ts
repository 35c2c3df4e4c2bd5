import { addMessages, catalogue } from '@loom/ui';
import zhCN from './designer-panel.zh-CN.json';
import enUS from './designer-panel.en-US.json';

/** Texts of the designer dialog, its toolbar and both properties panels (namespace `designer`, keys `designer.*`, `panel.*`). */
const messages = catalogue(zhCN, enUS);

addMessages('designer', messages);
