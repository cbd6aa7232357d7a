import type { ReactNode } from 'react';
import { useCrudEnv } from './env.tsx';

/**
 * The permission directive (seed §6) through the kit's env: in the app the env's `can` is the check of
 * src/ui/permissions (same menus, same rule); unit tests give their own. An empty value throws.
 */
export function usePermission(value: string): boolean {
  if (!value) throw new Error('need permissions!');
  return useCrudEnv().can(value);
}

export function Permission({ value, children }: { value: string; children: ReactNode }) {
  return usePermission(value) ? children : null;
}
