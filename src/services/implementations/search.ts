/** Binds the header search chart's `openEntry` (src/machines/search/search.machine.ts): navigate or open a window. */
import type { SearchMachine } from '../../machines/search/search.machine.ts';
import type { SearchEntry } from '../../machines/search/types.ts';

export type SearchDeps = {
  navigate(to: string): void;
  /** Opens an http(s) address in a new window (`window.open`). */
  openWindow(url: string): void;
};

/** `searchMachine.provide(createSearchImplementations(deps))`. */
export function createSearchImplementations(deps: SearchDeps) {
  return {
    actions: {
      openEntry: (_: unknown, { entry }: { entry: SearchEntry }) => {
        if (entry.external) deps.openWindow(entry.path);
        else deps.navigate(entry.path);
      },
    },
  } satisfies Parameters<SearchMachine['provide']>[0];
}
