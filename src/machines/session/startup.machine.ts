/**
 * Start-up: the loads after sign-in (invoked by `session` in `signedIn.data.loading`).
 *
 * Lifecycle: `loading` is a parallel state with one region per step — `userInfo`, `settings`,
 * `dictionaries`, `departments`, `menus` — so the five requests go out in one wave (issue 17 item 8: the
 * shell is reached in one round trip, not five); each region is `loading` → `loaded`, and the wave is
 * bounded by `stepTimeout` (a timeout names the first step still loading). When every region has loaded
 * the chart is `done`. The first failure or timeout ends in
 * `failed` with its step and reason (the other requests are cancelled); the output says which, and
 * `session` shows the error state with retry and sign-out. A retry runs the whole wave again (the requests
 * are small; partial results are not kept).
 * Optional steps (`departments`, OPTIONAL_STARTUP_STEPS): when the server refuses the user the data (stock
 * dvadmin answers 4000 to a user without the department-list grant) the step is skipped — its data null,
 * its name in `startupSkipped`, a frontend log entry (`reportSkipped`) — and the start-up goes on.
 *
 * Lives in `session` rather than `routeGuard` because everything it loads belongs to the signed-in user
 * and is cleared with the session; `routeGuard` only needs the menus, which `session` hands over when done.
 * When the menu request fails, the menus cached in session storage (`menuData`, read at restore) are used.
 * Every state and transition is taken by the generated paths (no exceptions).
 * Not modelled: which request of a wave failed second (only the first failure is reported).
 */
import { assign, setup, stateIn } from 'xstate';
import type { MenuRecord, Settings, UserInfo } from '../../contract/index.ts';
import { isRefusedError, notProvided, type Reason, reasonFromError } from '../shared/effects.ts';
import type {
  Departments,
  Dictionaries,
  OptionalStartupStep,
  StartupContext,
  StartupData,
  StartupInput,
  StartupOutput,
  StartupSkip,
  StartupStep,
} from './types.ts';

type Failure = { step: StartupStep; reason: Reason };

const failed = (step: StartupStep) =>
  ({
    target: '#startup.failed',
    actions: {
      type: 'recordFailure',
      params: ({ event }: { event: { error?: unknown } }): Failure => ({
        step,
        reason: reasonFromError(event.error, 'session:startup.failed'),
      }),
    },
  }) as const;

/** A refused optional step: its data null, named in `startupSkipped`, logged; the sequence goes on. */
const skipped = (step: OptionalStartupStep) =>
  ({
    guard: 'isRefused',
    target: 'loaded',
    actions: [
      {
        type: 'recordSkip',
        params: ({ event }: { event: { error?: unknown } }): StartupSkip => ({
          step,
          reason: reasonFromError(event.error, 'session:startup.refused'),
        }),
      },
      {
        type: 'reportSkipped',
        params: ({ event }: { event: { error?: unknown } }): StartupSkip => ({
          step,
          reason: reasonFromError(event.error, 'session:startup.refused'),
        }),
      },
    ],
  }) as const;

const timedOut = (step: StartupStep) =>
  ({
    target: '#startup.failed',
    actions: { type: 'recordFailure', params: { step, reason: { key: 'session:startup.timeout' } } },
  }) as const;

export const startupMachine = setup({
  types: {
    context: {} as StartupContext,
    input: {} as StartupInput,
    output: {} as StartupOutput,
  },
  actors: {
    loadUserInfo: notProvided<UserInfo>('loadUserInfo'),
    loadSettings: notProvided<Settings>('loadSettings'),
    loadDictionaries: notProvided<Dictionaries>('loadDictionaries'),
    loadDepartments: notProvided<Departments>('loadDepartments'),
    loadMenus: notProvided<MenuRecord[]>('loadMenus'),
  },
  actions: {
    recordFailure: assign((_, failure: Failure) => ({ failure })),
    recordSkip: assign(({ context }, skip: StartupSkip) => ({
      data: {
        ...context.data,
        [skip.step]: null,
        startupSkipped: [...(context.data.startupSkipped ?? []), skip.step],
      },
    })),
    /** Writes the skip to the frontend log (services bind it). */
    reportSkipped: (_, _skip: StartupSkip) => {},
  },
  guards: {
    isRefused: ({ event }) => isRefusedError((event as { error?: unknown }).error),
    hasCachedMenus: ({ context }) => (context.cachedMenus?.length ?? 0) > 0,
  },
  delays: {
    /** Per request; the API's own timeout is 60 s, the user should see an error sooner. */
    stepTimeout: 30_000,
  },
}).createMachine({
  id: 'startup',
  context: ({ input }) => ({ cachedMenus: input.cachedMenus, data: { startupSkipped: [] }, failure: null }),
  initial: 'loading',
  output: ({ context }) =>
    context.failure ? { ok: false, ...context.failure } : { ok: true, data: context.data as StartupData },
  states: {
    loading: {
      type: 'parallel',
      onDone: 'done',
      // One bound for the wave (the requests went out together): the first step still loading is named.
      after: {
        stepTimeout: [
          { guard: stateIn('#startup.loading.userInfo.loading'), ...timedOut('userInfo') },
          { guard: stateIn('#startup.loading.settings.loading'), ...timedOut('settings') },
          { guard: stateIn('#startup.loading.dictionaries.loading'), ...timedOut('dictionaries') },
          { guard: stateIn('#startup.loading.departments.loading'), ...timedOut('departments') },
          timedOut('menus'),
        ],
      },
      states: {
        userInfo: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'loadUserInfo',
                src: 'loadUserInfo',
                onDone: {
                  target: 'loaded',
                  actions: assign({
                    data: ({ context, event }) => ({ ...context.data, user: event.output }),
                  }),
                },
                onError: failed('userInfo'),
              },
            },
            loaded: { type: 'final' },
          },
        },
        settings: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'loadSettings',
                src: 'loadSettings',
                onDone: {
                  target: 'loaded',
                  actions: assign({
                    data: ({ context, event }) => ({ ...context.data, settings: event.output }),
                  }),
                },
                onError: failed('settings'),
              },
            },
            loaded: { type: 'final' },
          },
        },
        dictionaries: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'loadDictionaries',
                src: 'loadDictionaries',
                onDone: {
                  target: 'loaded',
                  actions: assign({
                    data: ({ context, event }) => ({ ...context.data, dictionaries: event.output }),
                  }),
                },
                onError: failed('dictionaries'),
              },
            },
            loaded: { type: 'final' },
          },
        },
        departments: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'loadDepartments',
                src: 'loadDepartments',
                onDone: {
                  target: 'loaded',
                  actions: assign({
                    data: ({ context, event }) => ({ ...context.data, departments: event.output }),
                  }),
                },
                onError: [skipped('departments'), failed('departments')],
              },
            },
            loaded: { type: 'final' },
          },
        },
        menus: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'loadMenus',
                src: 'loadMenus',
                onDone: {
                  target: 'loaded',
                  actions: assign({
                    data: ({ context, event }) => ({ ...context.data, menus: event.output }),
                  }),
                },
                onError: [
                  {
                    guard: 'hasCachedMenus',
                    target: 'loaded',
                    actions: assign({
                      data: ({ context }) => ({ ...context.data, menus: context.cachedMenus ?? [] }),
                    }),
                  },
                  failed('menus'),
                ],
              },
            },
            loaded: { type: 'final' },
          },
        },
      },
    },
    done: { type: 'final' },
    failed: { type: 'final' },
  },
});
