import { pathInTree, findInTree, type MenuNode } from '@loom/ui/core';

/** Menu nodes shown in the side menu: directories and pages that are visible (buttons are never shown). */
export function visibleMenus(nodes: MenuNode[] | undefined): MenuNode[] {
  return (nodes ?? [])
    .filter((n) => n.type !== '2' && n.isShow !== '0')
    .map((n) => ({ ...n, children: n.children?.length ? visibleMenus(n.children) : undefined }));
}

export function normaliseHref(href: string | null | undefined): string {
  if (!href) return '';
  return href.startsWith('/') || /^https?:/.test(href) ? href : '/' + href;
}

/**
 * Whether a menu's href names the page at `path` with `search`: the same path, and every parameter
 * its href carries present with the same value (a page made by createMenu is
 * `/form/generate/GenerateFormList?formId=…`: its menu names it, not the route's last segment).
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
