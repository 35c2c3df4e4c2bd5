import { addMessages, catalogue } from '@loom/ui';
import zhCN from './work.zh-CN.json';
import enUS from './work.en-US.json';

/** Texts of the screens of work done by processes (issue 37): decision tables, external tasks and
 * their workers, incidents (namespace `work`). */
export const messages = catalogue(zhCN, enUS);

addMessages('work', messages);
