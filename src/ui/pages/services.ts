/**
 * How views reach the app's http client: `PageServicesContext`, provided once by the entry point with the
 * app system's own client (token refresh through the session's single flight, auth expiry, the frontend
 * log), and by tests with fakes. One client for the whole console.
 */
import { createContext, useContext } from 'react';
import type { HttpClient } from '../../services/http/types.ts';

export type PageServices = {
  /** The http client (resolves once the network chunk is in; the same promise every call). */
  http(): Promise<HttpClient>;
  /**
   * Fetches the signed-in console's code and translations ahead, without running anything: the sign-in
   * page calls it in idle time once its form is usable (absent in tests that do not need it).
   */
  prefetchShell?(): void;
};

export const PageServicesContext = createContext<PageServices | null>(null);

/** The provided services; rendering a page outside the provider is a wiring error. */
export function usePageServices(): PageServices {
  const provided = useContext(PageServicesContext);
  if (!provided) throw new Error('usePageServices: no PageServicesContext provider above this view');
  return provided;
}
