import { pathInTree, findInTree, type MenuNode } from '@loom/ui/core';

/** Menu nodes shown in the side menu: directories and pages that are visible (buttons are never shown). */
export function visibleMenus(nodes: MenuNode[] | undefined): MenuNode[] {
  return (nodes ?? [])
    .filter((n) => n.type !== '2' && n.isShow !== '0')
    .map((n) => ({ ...n, children: visibleMenus(n.children) }));
}

export function normaliseHref(href: string | null | undefined): string {
  if (!href) return '';
  return href.startsWith('/') || /^https?:/.test(href) ? href : '/' + href;
}

/**
 * Whether a menu's href names the page at `path` with `search`: the same path, and every parameter
 * its href carries present with the same value (a page made by createMenu is
 * `/form/GenerateList?id=…`: its menu names it, not the route's last segment).
 */
export function hrefMatches(href: string | null | undefined, path: string, search = ''): boolean {
  const h = normaliseHref(href);
  if (!h) return false;
  const i = h.indexOf('?');
  if (i < 0) return h === path;
  if (h.slice(0, i) !== path) return false;
  const have = new URLSearchParams(search);
  return [...new URLSearchParams(h.slice(i + 1)).entries()].every(([k, v]) => have.get(k) === v);
}

export function findMenuByHref(menus: MenuNode[], path: string, search = ''): MenuNode | undefined {
  return findInTree(menus, (n) => hrefMatches(n.href, path, search));
}

export function menuPath(menus: MenuNode[], path: string, search = ''): MenuNode[] {
  return pathInTree(menus, (n) => hrefMatches(n.href, path, search));
}

export function isExternal(href: string | null | undefined): boolean {
  return !!href && /^https?:\/\//.test(href);
}

/** 首页: the menu's home entry, the JeePlus client's dashboard view; the shell opens its own home there. */
export const HOME_HREF = '/sys/dashboard/analysis/index';

/**
 * The hrefs Loom's menus named before the menu's hrefs became the JeePlus client's views (one menu
 * for both portals): a bookmark or an old link to one opens the page at its href now.
 */
const FORMER_HREFS: Record<string, string> = {
  '/sys/dict/DictList': '/sys/dict/DictTypeList',
  '/sys/icon/IconList': '/gen/icon/IconList',
  '/sys/file/FileManager': '/sys/file/index',
  '/gencode/table/GenTableList': '/gen/GenTableList',
  '/database/table/DataTableList': '/database/datatable/Table',
  '/gencode/validateType/ValidateTypeList': '/gen/GenValidateTypeList',
  '/gencode/showType/ShowTypeList': '/gen/GenShowTypeList',
  '/gencode/queryType/QueryTypeList': '/gen/GenQueryTypeList',
  '/gencode/dataBaseType/DataBaseTypeList': '/gen/GenDataBaseTypeList',
  '/gencode/codeParam/CodeParamForm': '/gen/GenCodeParamList',
  '/gencode/templateGroup/TemplateGroupList': '/gen/template/TemplateList',
  '/flowable/model/ModelList': '/flowable/process/ModelList',
  '/flowable/process/ProcessDefinitionList': '/flowable/process/DefinitionList',
  '/flowable/instance/RunningList': '/flowable/process/RunningList',
  '/flowable/instance/HistoryList': '/flowable/process/HistoryList',
  '/flowable/task/HistoricList': '/flowable/task/HistoryList',
  '/flowable/task/ProcessStart': '/flowable/task/ProcessList',
  '/extension/flowCopy/FlowCopyList': '/flowable/extension/FlowCopyList',
  '/extension/button/ButtonList': '/flowable/extension/ButtonList',
  '/extension/condition/ConditionList': '/flowable/extension/ConditionList',
  '/extension/listener/ListenerList': '/flowable/extension/ListenerList',
  '/extension/actCategory/ActCategoryList': '/flowable/extension/ActCategoryList',
  '/form/make/FormMakeList': '/form/MakeFormList',
  '/extension/formDefinition/FormDefinitionList': '/flowable/form/FormDefinitionList',
};
/** A form's page made by createMenu: its form's id was `formId`, the client's view reads `id`. */
const FORMER_FORM_PAGE = '/form/generate/GenerateFormList';

/** Where a former href (path and query) leads now, or null when it is a current one. */
export function currentHref(path: string, search = ''): string | null {
  if (path === FORMER_FORM_PAGE) {
    const query = new URLSearchParams(search);
    const id = query.get('formId');
    query.delete('formId');
    if (id) query.set('id', id);
    const rest = query.toString();
    return `/form/GenerateList${rest ? `?${rest}` : ''}`;
  }
  const now = FORMER_HREFS[path];
  return now ? now + search : null;
}
