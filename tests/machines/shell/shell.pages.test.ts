/**
 * The shell runs the page charts: a page's `shell.pageOpened` spawns its chart under the page's key (seen in
 * the shell's children, in the same actor system), `shell.pageClosed` stops it, a key already open is kept.
 */
import { describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor, fromCallback, fromPromise } from 'xstate';
import { replayReport } from '../../../scripts/lib/replay.ts';
import { createReportRecorder } from '../../../src/machines/registry.ts';
import { createShellMachine } from '../../../src/machines/shell/shell.machine.ts';
import { user } from '../session/data.ts';

// Effects that never settle: only which charts run, and where, matters here.
const never = fromPromise(() => new Promise<never>(() => {})) as never;
const inert = fromCallback(() => () => {}) as never;

function startShell(inspect?: ReturnType<typeof createReportRecorder>['inspect']) {
  const shell = createActor(
    createShellMachine({
      messagePoller: { actors: { ticker: inert } },
      socket: { actors: { connection: inert } },
      unread: { actors: { loadCount: never, watchMessages: inert } },
      inbox: { actors: { loadPage: never, watchChanges: inert } },
      feed: { actors: { loadLatest: never, loadStats: never, watchSocket: inert } },
      shell: { actors: { readUserSlices: never } },
    }),
    { input: { uuid: '1', menus: null }, ...(inspect ? { inspect } : {}) },
  ).start();
  const children = () => shell.getSnapshot().children as Record<string, AnyActorRef | undefined>;
  return { shell, children };
}

describe('shell: page charts', () => {
  it('a page that opens its chart finds it among the shell’s children, in the same system', () => {
    const { shell, children } = startShell();
    shell.send({ type: 'shell.pageOpened', key: 'profile', chart: 'profile', input: { user } });
    const profile = children().profile;
    expect(profile?.getSnapshot().context.user).toEqual(user);
    expect(profile?.system).toBe(shell.system);
    shell.send({ type: 'shell.pageOpened', key: 'inbox', chart: 'inbox' });
    expect(children().inbox?.getSnapshot().matches('loading')).toBe(true);
    shell.stop();
  });

  it('closing the page stops its chart; a second open of an open key keeps the running chart', () => {
    const { shell, children } = startShell();
    shell.send({ type: 'shell.pageOpened', key: 'feed', chart: 'feed' });
    const feed = children().feed;
    shell.send({ type: 'shell.pageOpened', key: 'feed', chart: 'feed' });
    expect(children().feed).toBe(feed);
    shell.send({ type: 'shell.pageClosed', key: 'feed' });
    expect(children().feed).toBeUndefined();
    expect(feed?.getSnapshot().status).toBe('stopped');
    expect(shell.getSnapshot().context.pages).toEqual([]);
    shell.stop();
  });

  it('the unread count and the search panel run for the shell’s life under their systemIds', () => {
    const { shell } = startShell();
    expect(shell.system.get('unread')).toBeDefined();
    expect(shell.system.get('search')?.getSnapshot().value).toBe('closed');
    shell.stop();
    expect(shell.system.get('unread')).toBeUndefined();
  });
});

describe('shell: page charts in reports', () => {
  it('a report records the page charts and the header charts under their keys, and replays', async () => {
    const recorder = createReportRecorder({ app: 'test' });
    const { shell } = startShell(recorder.inspect);
    shell.send({ type: 'shell.pageOpened', key: 'profile', chart: 'profile', input: { user } });
    shell.send({ type: 'shell.pageOpened', key: 'inbox', chart: 'inbox' });
    shell.send({ type: 'shell.pageClosed', key: 'inbox' });
    shell.stop();
    const report = recorder.report();
    expect(Object.keys(report.actors)).toEqual(
      expect.arrayContaining(['shell', 'unread', 'search', 'shell/profile', 'shell/inbox']),
    );
    expect(report.actors['shell/profile']?.chart).toBe('profile');
    const replayed = await replayReport(report);
    expect(replayed.actors.filter((a) => a.divergence)).toEqual([]);
  });
});
