/** Safe wrappers around Web Storage (tests and private windows may throw). */
function store(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return null;
  }
}

export function readJSON<T>(kind: 'local' | 'session', key: string, fallback: T): T {
  const raw = store(kind)?.getItem(key);
  if (raw == null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

export function writeJSON(kind: 'local' | 'session', key: string, value: unknown): void {
  try {
    store(kind)?.setItem(key, JSON.stringify(value));
  } catch {
    /* quota or disabled storage: keep going with in-memory state */
  }
}

export function readString(kind: 'local' | 'session', key: string): string | null {
  try {
    return store(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeString(kind: 'local' | 'session', key: string, value: string | null): void {
  try {
    const s = store(kind);
    if (!s) return;
    if (value == null) s.removeItem(key);
    else s.setItem(key, value);
  } catch {
    /* ignore */
  }
}
