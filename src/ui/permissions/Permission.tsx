import type { ReactNode } from 'react';
import { usePermission } from './usePermission.ts';

export type PermissionProps = {
  /** A button value of the current page's menu (`Create`, `Update`…), or several (any one grants). */
  value: string | readonly string[];
  children: ReactNode;
  /** Drawn instead when the permission is missing (default: nothing, the element is removed). */
  fallback?: ReactNode;
};

/** The permission directive (seed §6): its children only when the current page grants `value`. */
export function Permission({ value, children, fallback = null }: PermissionProps) {
  return usePermission(value) ? children : fallback;
}
