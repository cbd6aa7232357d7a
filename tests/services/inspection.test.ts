import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, type InspectionEvent } from 'xstate';
import { parseReport, replayReport } from '../../scripts/lib/replay.ts';
import { maskSecrets } from '../../src/machines/registry.ts';
import { createInspectionHub, readDevtoolsFlags } from '../../src/services/inspection.ts';
import { maskedPlain, summarize, toSafePlain } from '../../src/services/inspection-format.ts';
import { serializeForInspector } from '../../src/services/inspection-stately.ts';
import { createInspectionStore, EVENT_LIMIT } from '../../src/services/inspection-store.ts';
import { PASSWORD, SIGNED_IN_ACTORS, startSignedInSystem } from './inspection-support.ts';

const root = resolve(import.meta.dirname, '../..');
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJleHAiOjF9.c2lnbmF0dXJl';

describe('one masking for reports, the state panel and the inspector', () => {
  it('masks passwords, tokens, access/refresh, cookies and authorization values at any depth, in arrays too', () => {
    const masked = maskedPlain({
      password: 'p4ss',
      user: { profile: { oldPassword: 'old-secret', name: 'admin' } },
      list: [{ token: 'abc' }, [{ refresh: 'r-1', access: JWT }]],
      headers: { Authorization: `JWT ${JWT}`, Cookie: 'token=abc; uuid=1', accept: 'application/json' },
      cookies: { token: 'abc', sessionid: 'zzz' },
      set_cookie: ['a=1', 'b=2'],
      clientSecret: 'shh',
    }) as Record<string, unknown>;
    const text = JSON.stringify(masked);
    for (const secret of [
      'p4ss',
      'old-secret',
      '"abc"',
      'r-1',
      'c2lnbmF0dXJl',
      'token=abc',
      'zzz',
      'a=1',
      'shh',
    ])
      expect(text).not.toContain(secret);
    expect(masked).toMatchObject({
      password: '***',
      user: { profile: { oldPassword: '***', name: 'admin' } },
      headers: { accept: 'application/json' },
      clientSecret: '***',
    });
    // A JWT keeps its claims (the charts' timers read the expiry), never its signature.
    expect((masked.list as unknown[])[1]).toEqual([
      {
        refresh: expect.stringMatching(/^masked-/),
        access: expect.stringMatching(/^eyJhbGciOiJIUzI1NiJ9\.eyJleHAiOjF9\.masked-/),
      },
    ]);
    expect((masked.headers as Record<string, string>).Authorization).toMatch(/^masked-[0-9a-f]{8}$/);
    expect((masked.cookies as Record<string, string>).sessionid).toMatch(/^masked-[0-9a-f]{8}$/);
    // Equal secrets stay equal, empty ones empty.
    expect(maskSecrets({ cookie: 'x' })).toEqual(maskSecrets({ cookie: 'x' }));
    expect(maskSecrets({ cookie: '', password: '' })).toEqual({ cookie: '', password: '' });
  });

  it('plain JSON of actor data: toJSON honoured, logic named, cycles and depth cut, errors kept', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    const machine = createMachine({ id: 'tiny' });
    const ref = createActor(machine);
    expect(
      toSafePlain(
        { cyclic, fn: () => 1, logic: machine, ref, error: new Error('boom'), deep: { a: { b: { c: 1 } } } },
        3,
      ),
    ).toEqual({
      cyclic: { a: 1, self: '[circular]' },
      logic: '[logic tiny]',
      ref: { xstate$$type: 1, id: ref.id },
      error: { name: 'Error', message: 'boom' },
      deep: { a: { b: '[…]' } },
    });
    expect(summarize({ list: [1, 2, 3, 4, 5, 6, 7], text: 'x'.repeat(200) })).toEqual({
      list: [1, 2, 3, 4, 5, '… 2 more'],
      text: `${'x'.repeat(120)}…`,
    });
  });

  it('the Stately inspector is sent masked events only (its serialize option)', () => {
    const event = serializeForInspector({
      type: '@xstate.snapshot',
      event: { type: 'login.submitted', username: 'admin', password: PASSWORD },
      snapshot: { status: 'active', value: 'x', context: { token: JWT, nested: [{ cookie: 'c=1' }] } },
      sessionId: 'x:1',
      rootId: 'x:0',
      createdAt: '1',
      id: '1',
      _version: '0.7.2',
    } as never);
    const text = JSON.stringify(event);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain('c2lnbmF0dXJl');
    expect(text).not.toContain('c=1');
    expect(event).toMatchObject({ type: '@xstate.snapshot', sessionId: 'x:1', event: { username: 'admin' } });
  });
});

describe('the inspection hub', () => {
  it('a tool that subscribes late still hears the boot, until the hub settles; a failing tool breaks nothing', () => {
    const hub = createInspectionHub();
    const seen: string[] = [];
    const broken = vi.spyOn(console, 'error').mockImplementation(() => {});
    hub.subscribe(() => {
      throw new Error('tool bug');
    });
    const actor = createActor(createMachine({ id: 'm', on: { go: {} } }), { inspect: hub.inspect }).start();
    hub.subscribe((e) => seen.push(e.type));
    expect(seen).toContain('@xstate.actor');
    hub.settle();
    const late: InspectionEvent[] = [];
    hub.subscribe((e) => late.push(e));
    actor.send({ type: 'go' });
    expect(late.some((e) => e.type === '@xstate.actor')).toBe(false);
    expect(late.some((e) => e.type === '@xstate.snapshot')).toBe(true);
    expect(broken).toHaveBeenCalled();
    broken.mockRestore();
  });

  it('switches: the panel with development, ?debug or the setting; the inspector with ?inspect or the setting', () => {
    expect(readDevtoolsFlags('', false, null)).toEqual({ panel: false, inspector: false });
    expect(readDevtoolsFlags('', true, null)).toEqual({ panel: true, inspector: false });
    expect(readDevtoolsFlags('?debug', false, null)).toEqual({ panel: true, inspector: false });
    expect(readDevtoolsFlags('?inspect', false, null)).toEqual({ panel: false, inspector: true });
    expect(readDevtoolsFlags('?redirect=%2Fdept', false, 'debug,inspect')).toEqual({
      panel: true,
      inspector: true,
    });
  });
});

describe('the state panel store on a real app system', () => {
  it('lists every actor of the system with its state, and masks their contexts and events', async () => {
    const { app, hub, token } = await startSignedInSystem();
    const store = createInspectionStore(hub);
    const actors = store.actors();
    const byKey = Object.fromEntries(actors.map((a) => [a.key, a]));
    for (const key of ['app', ...SIGNED_IN_ACTORS]) expect(byKey[key], key).toBeDefined();
    expect(actors[0]).toMatchObject({ key: 'app', depth: 0 });
    expect(byKey.session?.depth).toBe(1);
    expect(JSON.stringify(byKey.session?.state)).toMatch(/signedIn/);
    expect(byKey.tabs?.state).toMatchObject({ ready: expect.anything() });
    const everything = JSON.stringify([actors, store.events()]);
    expect(everything).not.toContain(PASSWORD);
    expect(everything).not.toContain(token.split('.')[2]);
    expect(store.events().some((e) => e.actor === 'tabs' && e.type === 'tab.opened')).toBe(true);
    app.stop();
    store.dispose();
  });

  it(`keeps only the last ${EVENT_LIMIT} events for the panel, while the report keeps them all`, () => {
    const hub = createInspectionHub();
    const store = createInspectionStore(hub);
    const counter = createActor(createMachine({ id: 'app', on: { tick: {} } }), {
      inspect: hub.inspect,
    }).start();
    for (let i = 0; i < EVENT_LIMIT + 50; i++) counter.send({ type: 'tick' });
    const events = store.events();
    expect(events).toHaveLength(EVENT_LIMIT);
    expect(events.at(-1)?.seq).toBe(EVENT_LIMIT + 51);
    expect(events[0]?.seq).toBe(52);
    expect(store.report().actors.app?.events).toHaveLength(EVENT_LIMIT + 51);
    store.dispose();
  });

  it('its report (what "copy report" gives) replays without divergence, through `npm run replay` too', async () => {
    const { app, hub, token } = await startSignedInSystem();
    const store = createInspectionStore(hub);
    app.system.get('session')?.send({ type: 'session.logoutRequested' });
    await Promise.resolve();
    const json = `${JSON.stringify(store.report(), null, 2)}\n`;
    expect(json).not.toContain(PASSWORD);
    expect(json).not.toContain(token.split('.')[2]);
    const report = parseReport(JSON.parse(json));
    expect(Object.keys(report.actors)).toEqual(
      expect.arrayContaining(['app', 'session', 'routeGuard', 'log', 'tabs', 'socket', 'messagePoller']),
    );

    expect(report.actors['app/shell']?.chart).toBe('shell');
    const result = await replayReport(report);
    expect(result.actors.filter((a) => a.divergence).map((a) => a.divergence)).toEqual([]);
    expect(result.ok).toBe(true);

    const dir = mkdtempSync(join(tmpdir(), 'state-report-'));
    try {
      const file = join(dir, 'report.json');
      writeFileSync(file, json);
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/replay.ts', file], {
        cwd: root,
        encoding: 'utf8',
      });
      expect(run.stderr).not.toMatch(/DIVERGED/);
      expect(run.stdout).toMatch(/every recorded state reproduced/);
      expect(run.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      app.stop();
      store.dispose();
    }
  });
});
