import { createContext, type ReactNode, use } from 'react';
import type { Settings } from '../../contract/session.ts';
import type { Dictionaries } from '../../services/api/types.ts';
import type { HttpClient } from '../../services/http/types.ts';

/**
 * What the kit needs from the running app: the http client, the session's dictionaries and department
 * names, the user's department (default `dept_belong_id`) and the permission check of the current page.
 * Pages get it from `AppCrudEnv` (app-env.tsx); unit tests provide a fake.
 */
export type CrudEnv = {
  http: HttpClient;
  dictionaries: Dictionaries;
  deptNames: Record<number, string>;
  userDept?: number | null | undefined;
  /** `<Permission value>` check for the current route (seed §6). */
  can(value: string): boolean;
  /**
   * Where an uploaded file's url points: uploads answer relative `media/files/…` paths, which live on the
   * API origin (`resolveApiUrl`), not under the page's own path. Absent: the url as given.
   */
  fileUrl?: (url: string) => string;
  /** The system settings were saved and read again (the session keeps the header's site name and logo). */
  onSettingsChanged?: (settings: Settings) => void;
};

const CrudEnvContext = createContext<CrudEnv | null>(null);

export function CrudEnvProvider({ value, children }: { value: CrudEnv; children: ReactNode }) {
  return <CrudEnvContext value={value}>{children}</CrudEnvContext>;
}

export function useCrudEnv(): CrudEnv {
  const env = use(CrudEnvContext);
  if (!env) throw new Error('useCrudEnv outside CrudEnvProvider');
  return env;
}
