import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { getLoadingCount, loadingChanged } from './http';
import { session, type SessionState } from './session';

/** The login session, re-rendering on change. */
export function useSession(): SessionState {
  return useSyncExternalStore(
    (cb) => session.changed.on(cb),
    () => session.get(),
    () => session.get(),
  );
}

/** Returns `can(permission)`; re-renders when the permissions change. */
export function usePermission(): (key: string | undefined | null) => boolean {
  const s = useSession();
  return useCallback((key: string | undefined | null) => session.hasPermission(key), [s.permissions]);
}

/** True while at least one request made with `loading: true` is in flight. */
export function useHttpLoading(): boolean {
  const [n, setN] = useState(getLoadingCount());
  useEffect(() => loadingChanged.on(setN), []);
  return n > 0;
}
