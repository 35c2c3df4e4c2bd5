import { addMessages, catalogue } from '@loom/ui';
import zhCN from './messages.zh-CN.json';
import enUS from './messages.en-US.json';

/** Texts of 流程分析 (namespace `analytics`). */
export const NS = 'analytics';
addMessages(NS, catalogue(zhCN, enUS));
