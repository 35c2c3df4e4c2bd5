import { createContext, useCallback, useContext, useEffect, useRef, type Context, type ReactNode } from 'react';
import { globalSingleton } from './events';

/**
 * Whether the page (tab) that renders a component is the active one. The shell keeps opened
 * pages mounted in tabs and provides this context; lists reload when their page is activated again.
 */
function pageActiveContext(): Context<boolean> {
  return globalSingleton('pageActiveContext', () => createContext<boolean>(true));
}

/** Provides whether the page is the active one (the shell wraps each tab with it). */
export function PageActiveProvider({ active, children }: { active: boolean; children?: ReactNode }) {
  const Ctx = pageActiveContext();
  return <Ctx.Provider value={active}>{children}</Ctx.Provider>;
}

/** Calls `fn` each time the enclosing page becomes active again (not on first mount). */
export function usePageActivated(fn: () => void): void {
  const active = useContext(pageActiveContext());
  const prev = useRef(active);
  const cb = useRef(fn);
  cb.current = fn;
  useEffect(() => {
    if (active && !prev.current) cb.current();
    prev.current = active;
  }, [active]);
}

export function usePageActive(): boolean {
  return useContext(pageActiveContext());
}

/**
 * Where a page tells the shell its title. A page opened by an href without a menu entry (a task,
 * an instance) names its tab and the window with `usePageTitle`; the shell provides the setter per tab.
 */
function pageTitleContext(): Context<(title: string) => void> {
  return globalSingleton('pageTitleContext', () => createContext<(title: string) => void>(() => undefined));
}

/** Gives the pages of one tab the setter of that tab's title (the shell wraps each tab with it). */
export function PageTitleProvider({ onTitle, children }: { onTitle: (title: string) => void; children?: ReactNode }) {
  const Ctx = pageTitleContext();
  return <Ctx.Provider value={onTitle}>{children}</Ctx.Provider>;
}

/** Names the enclosing page's tab (nothing while `title` is empty, e.g. still loading). */
export function usePageTitle(title: string | null | undefined): void {
  const set = useContext(pageTitleContext());
  useEffect(() => {
    if (title) set(title);
  }, [title, set]);
}

/**
 * Where a page asks the shell to close its own tab (a finished task's page: the task no longer
 * exists) and go to another page. The shell provides it per tab; outside the shell there is none.
 */
function pageCloseContext(): Context<((then?: string) => void) | null> {
  return globalSingleton('pageCloseContext', () => createContext<((then?: string) => void) | null>(null));
}

/** Gives the pages of one tab the closer of that tab (the shell wraps each tab with it). */
export function PageCloseProvider({ onClose, children }: { onClose: (then?: string) => void; children?: ReactNode }) {
  const Ctx = pageCloseContext();
  return <Ctx.Provider value={onClose}>{children}</Ctx.Provider>;
}

/** Closes the enclosing page's tab and opens `then` (else the neighbouring tab); answers false when
 * the page is not in a shell tab, so the caller navigates itself. */
export function useClosePage(): (then?: string) => boolean {
  const close = useContext(pageCloseContext());
  return useCallback(
    (then?: string) => {
      if (!close) return false;
      close(then);
      return true;
    },
    [close],
  );
}
