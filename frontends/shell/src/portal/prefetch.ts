import { areaOfHref, type MenuNode } from '@loom/ui/core';
import { AREAS } from '../../../federation.shared';
import { loadAreaRoutes } from './remotes';

declare global {
  interface Window {
    /** How far the prefetch of the menus' pages is (read by bench/frontend/pages.mjs). */
    __loomPrefetch?: { done: boolean; pages: number };
  }
}

/** The hrefs of the pages a menu tree leads to (menus shown, not buttons), each once, in menu order. */
function pageHrefs(menus: MenuNode[], out = new Set<string>()): Set<string> {
  for (const m of menus) {
    const href = (m.href ?? '').split('?')[0];
    if (href && m.type !== '2') out.add(href);
    pageHrefs(m.children ?? [], out);
  }
  return out;
}

const whenIdle = (fn: () => void) => (typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(fn, { timeout: 1500 }) : window.setTimeout(fn, 50));

const progress: { done: boolean; pages: number } = (window.__loomPrefetch = { done: false, pages: 0 });
let started = false;

/**
 * After login, while the user looks at the home page, fetches the code of every page the user's
 * menus lead to: one page at a time, each when the browser is idle, so it never competes with what
 * the user is doing. A first open then only renders and asks for its data. The modules stay in the
 * browser's module map; a page that fails to load here is simply loaded again when opened. Only the
 * built-in areas' pages: a generated module's remote is registered and loaded when its page opens.
 */
export function prefetchMenuPages(menus: MenuNode[]): void {
  if (started || !menus.length) return;
  started = true;
  const queue = [...pageHrefs(menus)].map((href) => ({ href, area: areaOfHref(href) })).filter((p): p is { href: string; area: string } => !!p.area && AREAS.includes(p.area));
  const next = () => {
    const page = queue.shift();
    if (!page) {
      progress.done = true;
      return;
    }
    loadAreaRoutes(page.area)
      .then((routes) => routes[page.href]?.())
      .catch(() => undefined)
      .finally(() => {
        progress.pages += 1;
        whenIdle(next);
      });
  };
  whenIdle(next);
}
