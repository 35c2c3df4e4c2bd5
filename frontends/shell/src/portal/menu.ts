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

export function findMenuByHref(menus: MenuNode[], path: string): MenuNode | undefined {
  return findInTree(menus, (n) => !!n.href && normaliseHref(n.href) === path);
}

export function menuPath(menus: MenuNode[], path: string): MenuNode[] {
  return pathInTree(menus, (n) => !!n.href && normaliseHref(n.href) === path);
}

export function isExternal(href: string | null | undefined): boolean {
  return !!href && /^https?:\/\//.test(href);
}
