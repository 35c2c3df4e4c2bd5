/** Tiny typed event emitter used by the stores (no dependency on React). */
export type Listener<T> = (value: T) => void;

export class Emitter<T> {
  private listeners = new Set<Listener<T>>();
  on(fn: Listener<T>): () => void {
    this.listeners.add(fn);
    return () => {
      this.listeners.delete(fn);
    };
  }
  emit(value: T): void {
    for (const fn of [...this.listeners]) fn(value);
  }
}

/**
 * Returns a process-wide singleton stored on `globalThis`, so that a second copy of this
 * package (e.g. a remote that failed to pick up the shared module) still sees the same state.
 */
export function globalSingleton<T>(key: string, create: () => T): T {
  const g = globalThis as unknown as Record<string, unknown>;
  const k = `__loom_${key}`;
  if (!(k in g)) g[k] = create();
  return g[k] as T;
}

/**
 * Forgets the process-wide singletons except `keep` (the login bundle calls this before handing
 * the page over to the portal, so the portal builds its own with its own React and i18next).
 */
export function dropGlobalSingletons(keep: string[] = []): void {
  const g = globalThis as unknown as Record<string, unknown>;
  for (const k of Object.keys(g)) {
    if (k.startsWith('__loom_') && !keep.includes(k.slice(7))) delete g[k];
  }
}
