import type { ReactNode } from 'react';
import { usePermission } from '../core/hooks';

export interface PermissionProps {
  /** Permission string, e.g. `sys:user:add`. Several strings: shown when the user holds any. */
  value: string | string[];
  children: ReactNode;
  /** Rendered instead when the permission is missing (default: nothing). */
  fallback?: ReactNode;
}

/** Renders its children only when the current user holds the permission. */
export function Permission({ value, children, fallback = null }: PermissionProps) {
  const can = usePermission();
  const keys = Array.isArray(value) ? value : [value];
  return <>{keys.some((k) => can(k)) ? children : fallback}</>;
}
