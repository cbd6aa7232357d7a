import { useDeferredValue } from 'react';

/**
 * False in the render that first shows the shell, true from the background render React starts right after
 * that one is painted (`useDeferredValue`'s initial value). What can wait a frame — the header's tools, the
 * page — is left out of the first render, so the header, the side menu and the tabs appear that much
 * sooner after sign-in; the rest follows at once.
 */
export function useShellPainted(): boolean {
  return useDeferredValue(true, false);
}
