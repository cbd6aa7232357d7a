/**
 * Generated-path fixtures for the shell chart: its inputs, events (the page charts opened and closed, each
 * once more while open / closed) and the saved-data read's outcomes.
 */
import { shellMachine } from '../../../src/machines/shell/shell.machine.ts';
import { PAGE_CHARTS, SHELL_CHILDREN, type ShellContext } from '../../../src/machines/shell/types.ts';
import { menus, user } from '../session/data.ts';
import type { ChartFixture } from '../support/paths.ts';

export const shellFixture: ChartFixture = {
  machine: shellMachine,
  // started before the session's start-up has the menus, and after
  inputs: [
    { uuid: '1', menus: null },
    { uuid: '1', menus },
  ],
  events: [
    { type: 'shell.menusLoaded', menus },
    { type: 'shell.menusChanged', menus },
    { type: 'shell.tokenRefreshed', token: 'fresh' },
    { type: 'shell.pageOpened', key: 'profile', chart: 'profile', input: { user } },
    { type: 'shell.pageOpened', key: 'inbox', chart: 'inbox' },
    { type: 'shell.pageOpened', key: 'feed', chart: 'feed' },
    { type: 'shell.pageClosed', key: 'profile' },
  ],
  actors: {
    readUserSlices: {
      done: [{ preferences: { size: 'small' }, tabs: { version: 1, tabs: [] } }],
      error: [new Error('indexedDB unavailable')],
    },
  },
  inert: [...SHELL_CHILDREN, ...PAGE_CHARTS],
  // The restore guard reads whether the menus are known; the page guards read which pages are open.
  summarize: (c: ShellContext) => ({
    menus: c.menus !== null,
    saved: c.savedTabs !== null,
    pages: [...c.pages].sort(),
  }),
};
