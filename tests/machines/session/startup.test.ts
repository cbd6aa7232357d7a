import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyActorLogic, createActor } from 'xstate';
import { startupMachine } from '../../../src/machines/session/startup.machine.ts';
import type { StartupInput } from '../../../src/machines/session/types.ts';
import { controllable, settle } from '../support/fakes.ts';
import { menus, NOW, startupData } from './data.ts';

const STEPS = ['loadUserInfo', 'loadSettings', 'loadDictionaries', 'loadDepartments', 'loadMenus'] as const;

function startStartup(input: StartupInput = { cachedMenus: null }, reportSkipped?: (skip: unknown) => void) {
  const order: string[] = [];
  const fakes = Object.fromEntries(STEPS.map((step) => [step, controllable<unknown>()])) as Record<
    (typeof STEPS)[number],
    ReturnType<typeof controllable<unknown>>
  >;
  const actors = Object.fromEntries(STEPS.map((step) => [step, fakes[step].logic])) as Record<
    string,
    AnyActorLogic
  >;
  const machine = startupMachine.provide({
    actors: actors as never,
    ...(reportSkipped && { actions: { reportSkipped: (_, skip) => reportSkipped(skip) } }),
  });
  const actor = createActor(machine, { input });
  actor.subscribe((s) => {
    const value = String(s.value);
    if (order.at(-1) !== value) order.push(value);
  });
  actor.start();
  return { actor, fakes, order };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('start-up', () => {
  it('asks for user info, settings, dictionaries, departments and menus in one wave; done when all have answered', async () => {
    const { actor, fakes } = startStartup();
    const results = [
      startupData.user,
      startupData.settings,
      startupData.dictionaries,
      startupData.departments,
      menus,
    ];
    for (const step of STEPS) expect(fakes[step].calls).toHaveLength(1);
    // answers arrive in any order: the last one ends the start-up
    for (const i of [4, 2, 0, 3]) {
      fakes[STEPS[i] as (typeof STEPS)[number]].last.resolve(results[i]);
      await settle();
      expect(actor.getSnapshot().status).toBe('active');
    }
    fakes.loadSettings.last.resolve(startupData.settings);
    await settle();
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ ok: true, data: startupData });
  });

  it('a step that takes longer than 30 s fails with a timeout naming the step', async () => {
    vi.useFakeTimers({ now: NOW });
    const { actor, fakes } = startStartup();
    fakes.loadUserInfo.last.resolve(startupData.user);
    await settle();
    vi.advanceTimersByTime(30_000 - 1);
    expect(actor.getSnapshot().matches({ loading: { settings: 'loading', userInfo: 'loaded' } })).toBe(true);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().output).toEqual({
      ok: false,
      step: 'settings',
      reason: { key: 'session:startup.timeout' },
    });
    expect(fakes.loadSettings.last.signal.aborted).toBe(true);
  });

  it('a failed request ends the start-up with the server message and cancels the others', async () => {
    const { actor, fakes } = startStartup();
    fakes.loadUserInfo.last.reject({ message: '您没有执行该操作的权限。' });
    await settle();
    expect(actor.getSnapshot().output).toEqual({
      ok: false,
      step: 'userInfo',
      reason: { key: 'session:startup.failed', text: '您没有执行该操作的权限。' },
    });
    expect(fakes.loadMenus.last.signal.aborted).toBe(true);
  });

  it('when the menu request fails the menus cached in sessionStorage are used', async () => {
    const { actor, fakes } = startStartup({ cachedMenus: menus });
    const results = [
      startupData.user,
      startupData.settings,
      startupData.dictionaries,
      startupData.departments,
    ];
    for (const [i, step] of STEPS.slice(0, 4).entries()) {
      fakes[step].last.resolve(results[i]);
      await settle();
    }
    fakes.loadMenus.last.reject(new Error('Network Error'));
    await settle();
    expect(actor.getSnapshot().output).toEqual({ ok: true, data: startupData });
  });

  it('a department list the server refuses this user is skipped (null, named, logged) and the start-up goes on', async () => {
    const reportSkipped = vi.fn();
    const { actor, fakes } = startStartup({ cachedMenus: null }, reportSkipped);
    fakes.loadUserInfo.last.resolve(startupData.user);
    await settle();
    fakes.loadSettings.last.resolve(startupData.settings);
    await settle();
    fakes.loadDictionaries.last.resolve(startupData.dictionaries);
    await settle();
    fakes.loadDepartments.last.reject({ message: '您没有执行该操作的权限。', refused: true });
    await settle();
    expect(actor.getSnapshot().matches({ loading: { departments: 'loaded', menus: 'loading' } })).toBe(true);
    fakes.loadMenus.last.resolve(menus);
    await settle();
    expect(actor.getSnapshot().output).toEqual({
      ok: true,
      data: { ...startupData, departments: null, startupSkipped: ['departments'] },
    });
    expect(reportSkipped).toHaveBeenCalledWith({
      step: 'departments',
      reason: { key: 'session:startup.refused', text: '您没有执行该操作的权限。' },
    });
  });

  it('a department list that fails for another reason (not a refusal) still fails the start-up', async () => {
    const { actor, fakes } = startStartup();
    for (const [i, value] of [startupData.user, startupData.settings, startupData.dictionaries].entries()) {
      fakes[STEPS[i] as (typeof STEPS)[number]].last.resolve(value);
      await settle();
    }
    fakes.loadDepartments.last.reject({ message: 'Network Error', transient: true });
    await settle();
    expect(actor.getSnapshot().output).toMatchObject({ ok: false, step: 'departments' });
  });
});
