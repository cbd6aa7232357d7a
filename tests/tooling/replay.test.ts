import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { formatReplay, parseReport, ReportError, replayReport } from '../../scripts/lib/replay.ts';
import { createAppMachine } from '../../src/machines/app/app.machine.ts';
import { getRouteGuardRef, getSessionRef } from '../../src/machines/app/selectors.ts';
import { type ChartReport, createReportRecorder, maskSecrets } from '../../src/machines/registry.ts';
import { loginMachine } from '../../src/machines/session/login.machine.ts';
import { startupMachine } from '../../src/machines/session/startup.machine.ts';
import type { LoginOutcome, RefreshedTokens, StoredSession } from '../../src/machines/session/types.ts';
import {
  loginResult,
  NOW,
  networkError,
  REFRESHED_TOKEN,
  startupData,
  storedNothing,
} from '../machines/session/data.ts';
import { controllable, resolvesWith, settle } from '../machines/support/fakes.ts';
import { sampleChart } from './fixtures.ts';

const root = resolve(import.meta.dirname, '../..');

/**
 * A whole visit recorded through `inspect`: no stored session, sign in through the login chart (a secret
 * password), start-up, a deep link, a timed token refresh that fails on the network and succeeds on the
 * retry, then a confirmed logout whose API call hangs until `logoutTimeout`; then the app stops.
 */
async function recordVisit(mask = true): Promise<ChartReport> {
  vi.useFakeTimers({ now: NOW });
  try {
    const recorder = createReportRecorder({ app: '2.0.4', mask });
    const stored = controllable<StoredSession>();
    const login = controllable<LoginOutcome>();
    const refresh = controllable<RefreshedTokens>();
    const machine = createAppMachine({
      session: {
        actors: {
          readStoredSession: stored.logic,
          login: loginMachine.provide({
            actors: {
              loadSettings: resolvesWith(startupData.settings),
              loadCaptchaState: resolvesWith(false) as never,
              login: login.logic as never,
            },
          }),
          startup: startupMachine.provide({
            actors: {
              loadUserInfo: resolvesWith(startupData.user),
              loadSettings: resolvesWith(startupData.settings),
              loadDictionaries: resolvesWith(startupData.dictionaries),
              loadDepartments: resolvesWith(startupData.departments),
              loadMenus: resolvesWith(startupData.menus),
            },
          }),
          refreshToken: refresh.logic,
          logout: controllable<void>().logic,
          clearLocalDatabase: resolvesWith(undefined),
        },
      },
    } as never);
    const app = createActor(machine, { inspect: recorder.inspect }).start();
    const session = getSessionRef(app);
    stored.last.resolve(storedNothing);
    await settle(20);
    const loginRef = (session.getSnapshot() as { children: Record<string, { send(e: unknown): void }> })
      .children.login;
    loginRef?.send({ type: 'login.submitted', username: 'admin', password: 'admin123456' });
    await settle(20);
    const { username: _username, ...outcome } = loginResult;
    login.last.resolve(outcome);
    await settle(40);
    getRouteGuardRef(app).send({ type: 'route.requested', path: '/dept', search: '' });
    await vi.advanceTimersByTimeAsync(120 * 60_000);
    refresh.last.reject(networkError);
    await settle(20);
    await vi.advanceTimersByTimeAsync(10_000);
    refresh.last.resolve({ access: REFRESHED_TOKEN, receivedAt: Date.now() });
    await settle(20);
    session.send({ type: 'session.logoutRequested' });
    session.send({ type: 'session.logoutConfirmed' });
    await vi.advanceTimersByTimeAsync(5_000);
    await settle(20);
    app.stop();
    return recorder.report();
  } finally {
    vi.useRealTimers();
  }
}

const clone = (report: ChartReport): ChartReport => JSON.parse(JSON.stringify(report));
const typesOf = (report: ChartReport, key: string) => report.actors[key]?.events.map((e) => e.type) ?? [];

let visit: ChartReport;
let dir: string;
beforeAll(async () => {
  visit = await recordVisit();
  dir = mkdtempSync(join(tmpdir(), 'replay-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('recording a report through inspect', () => {
  it('keys actors by systemId, the root by its chart, a child without systemId under its parent', () => {
    expect(Object.keys(visit.actors).sort()).toEqual(
      [
        'app',
        'log',
        'routeGuard',
        'session',
        'session/login',
        'session/menusRefetch',
        'session/startup',
      ].sort(),
    );
    expect(visit.actors['session/login']?.chart).toBe('login');
    expect(visit).toMatchObject({ version: 1, app: '2.0.4' });
    for (const actor of Object.values(visit.actors)) {
      expect(actor.events[0]?.type).toBe('xstate.init');
      expect(actor.states).toHaveLength(actor.events.length);
    }
  });

  it('records invoked actors’ done and error events and fired timers as events of the parent', () => {
    const session = typesOf(visit, 'session');
    expect(session).toContain('xstate.done.actor.login');
    expect(session).toContain('xstate.error.actor.refreshToken');
    expect(session).toContain('xstate.after.refreshRetryDelay.session.signedIn.token.waitingToRetry');
    expect(session).toContain('xstate.after.logoutTimeout.session.signingOut.callingLogoutApi');
    expect(visit.actors.session?.states.at(-1)).toBe('loggedOut');
    expect(typesOf(visit, 'app').at(-1)).toBe('xstate.stop');
    expect(typesOf(visit, 'session').at(-1)).toBe('xstate.stop');
  });

  it('masks the password and the tokens, keeping emptiness and equality', () => {
    const submitted = visit.actors['session/login']?.events.find((e) => e.type === 'login.submitted');
    expect(submitted?.password).toBe('***');
    const json = JSON.stringify(visit);
    expect(json).not.toContain('admin123456');
    expect(json).not.toContain(loginResult.access);
    expect(maskSecrets({ password: '', token: 'undefined' })).toEqual({ password: '', token: 'undefined' });
    expect(maskSecrets({ token: 'abc' })).toEqual(maskSecrets({ token: 'abc' }));
    expect(maskSecrets({ token: 'abc' })).not.toEqual(maskSecrets({ token: 'abd' }));
  });

  it('cuts cycles, keeps the type of an event JSON cannot hold, records the stop, and only the charts it is given', async () => {
    const entry = {
      name: 'sample',
      machine: sampleChart,
      description: 'sample',
      source: 'tests/tooling/fixtures.ts',
    };
    const record = async (mask: boolean) => {
      const recorder = createReportRecorder({ app: 'test', charts: [entry], now: () => NOW, mask });
      const actor = createActor(sampleChart, { inspect: recorder.inspect }).start();
      const cyclic: Record<string, unknown> = {};
      cyclic.self = cyclic;
      actor.send({ type: 'ping', cyclic } as never);
      actor.send({ type: 'go' });
      actor.stop();
      return recorder.report();
    };
    const masked = await record(true);
    expect(Object.keys(masked.actors)).toEqual(['sample']);
    expect(masked.actors.sample?.events.map((e) => e.type)).toEqual([
      'xstate.init',
      'ping',
      'go',
      'xstate.stop',
    ]);
    expect(masked.actors.sample?.events[1]).toEqual({
      type: 'ping',
      cyclic: { self: '[circular]' },
      at: NOW,
    });
    expect((await record(false)).actors.sample?.events[1]).toEqual({ type: 'ping', at: NOW });
    expect((await replayReport(clone(masked), [entry])).ok).toBe(true);
  });
});

describe('replaying a report', () => {
  it('a recorded visit replays cleanly, actor by actor, through its JSON form', async () => {
    const result = await replayReport(clone(visit));
    expect(result.actors.filter((a) => a.divergence).map((a) => a.divergence)).toEqual([]);
    expect(result.ok).toBe(true);
    for (const actor of result.actors) {
      expect(actor.trail.map((s) => s.state)).toEqual(visit.actors[actor.actor]?.states);
    }
    expect(formatReplay(result)).toMatch(/every recorded state reproduced$/);
  });

  it('an unmasked recording replays too', async () => {
    expect((await replayReport(clone(await recordVisit(false)))).ok).toBe(true);
  });

  it('a tampered state fails at that step with the expected and the actual state', async () => {
    const tampered = clone(visit);
    const session = tampered.actors.session as ChartReport['actors'][string];
    const step = session.events.findIndex((e) => e.type === 'session.logoutConfirmed');
    const actual = session.states[step];
    session.states[step] = 'loggedOut';
    const result = await replayReport(tampered);
    expect(result.ok).toBe(false);
    expect(result.actors.find((a) => a.actor === 'session')?.divergence).toEqual({
      actor: 'session',
      step,
      event: 'session.logoutConfirmed',
      expected: 'loggedOut',
      actual,
      reason: 'the state differs',
    });
    expect(result.actors.filter((a) => a.divergence)).toHaveLength(1);
  });

  it('a dropped event makes the next step diverge', async () => {
    const tampered = clone(visit);
    const session = tampered.actors.session as ChartReport['actors'][string];
    const step = session.events.findIndex((e) => e.type === 'session.logoutRequested');
    session.events.splice(step, 1);
    session.states.splice(step, 1);
    const divergence = (await replayReport(tampered)).actors.find((a) => a.actor === 'session')?.divergence;
    expect(divergence).toMatchObject({ step, event: 'session.logoutConfirmed', reason: 'the state differs' });
    expect(divergence?.expected).toEqual({ signingOut: 'callingLogoutApi' });
    expect(divergence?.actual).toMatchObject({ signedIn: { logout: 'idle' } });
  });

  it('a result for an actor that is not running, or a timer that is not scheduled, is a divergence', async () => {
    const early = clone(visit);
    const session = early.actors.session as ChartReport['actors'][string];
    session.events.splice(1, 0, { type: 'xstate.done.actor.startup', output: { ok: true }, at: NOW });
    session.states.splice(1, 0, 'restoring');
    expect((await replayReport(early)).actors.find((a) => a.actor === 'session')?.divergence).toMatchObject({
      step: 1,
      reason: 'invoked actor "startup" is not running',
      actual: 'restoring',
    });
    const timer = clone(visit);
    const login = timer.actors['session/login'] as ChartReport['actors'][string];
    login.events.splice(1, 0, { type: 'xstate.after.captchaLifetime.login.ready.captcha.shown', at: NOW });
    login.states.splice(1, 0, 'loadingSettings');
    expect(
      (await replayReport(timer)).actors.find((a) => a.actor === 'session/login')?.divergence,
    ).toMatchObject({
      step: 1,
      reason: 'no timer scheduled for xstate.after.captchaLifetime.login.ready.captcha.shown',
    });
  });

  it('an unknown chart is a divergence at step 0', async () => {
    const report = clone(visit);
    (report.actors.log as ChartReport['actors'][string]).chart = 'nope';
    const result = await replayReport(report);
    expect(result.actors.find((a) => a.actor === 'log')?.divergence?.reason).toBe(
      'no chart named "nope" in the registry',
    );
  });

  it('refuses what is not a version-1 report with one state per event', () => {
    expect(() => parseReport({ ...visit, version: 2 })).toThrow(ReportError);
    const uneven = clone(visit);
    uneven.actors.log?.states.pop();
    expect(() => parseReport(uneven)).toThrow(/events but .* states/);
    expect(parseReport(clone(visit))).toEqual(visit);
  });
});

describe('npm run replay', () => {
  const run = (file: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/replay.ts', file], {
      cwd: root,
      encoding: 'utf8',
    });

  it('prints the trail and exits 0 for a clean report, 1 with the first divergence for a tampered one', () => {
    const clean = join(dir, 'clean.json');
    writeFileSync(clean, JSON.stringify(visit));
    const ok = run(clean);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('session (chart session)');
    expect(ok.stdout).toMatch(
      /xstate\.done\.actor\.login\s+signedIn\.\{data\.loading, token\.valid, logout\.idle\}/,
    );

    const tampered = clone(visit);
    const session = tampered.actors.session as ChartReport['actors'][string];
    const step = session.events.findIndex((e) => e.type === 'session.logoutConfirmed');
    session.states[step] = 'loggedOut';
    const bad = join(dir, 'tampered.json');
    writeFileSync(bad, JSON.stringify(tampered));
    const failed = run(bad);
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain(
      `DIVERGED session at step ${step} (session.logoutConfirmed): expected loggedOut, actual signingOut.callingLogoutApi`,
    );
  });

  it('exits 2 for a file that is not a report', () => {
    const junk = join(dir, 'junk.json');
    writeFileSync(junk, '{"version": 1}');
    const result = run(junk);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('not a replayable report: "app" must be a string');
  });
});
