import { addMessages, catalogue } from '@loom/ui';
import zhCN from './tasks.zh-CN.json';
import enUS from './tasks.en-US.json';

/**
 * Texts of the task center (namespace `tasks`): start, to-do, done, my requests, copies, monitoring, the task page, home.
 * `reasons`: how an instance ended early (its delete reason's kind), one word per action as on the buttons.
 */
export const messages = catalogue(zhCN, enUS);

addMessages('tasks', messages);
