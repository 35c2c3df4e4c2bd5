import { createContext, useContext, useEffect, useRef, type Context, type ReactNode } from 'react';
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
