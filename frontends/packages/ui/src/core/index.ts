/**
 * @loom/ui/core — the parts of @loom/ui that do not need antd: HTTP client, session, permissions,
 * dictionaries, i18n. The shell's login page uses only this entry, so antd loads after login.
 */
export * from './qs';
export * from './events';
export * from './session';
export * from './i18n';
export * from './http';
export * from './auth';
export * from './dict';
export * from './tree';
export * from './activation';
export * from './hooks';
export * from './icons';
export * from './MenuIcon';
export * from './remote';
export * from './catalogue';
export type { ModulePages, ModulePublic, ModuleRemote, ModuleTestLog, PageColumn } from '../api/apps';
