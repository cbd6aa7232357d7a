/** A small chart with every construct the diagrams draw, for the generator's own tests. */
import { and, assign, fromCallback, fromPromise, not, setup } from 'xstate';

export const sampleChart = setup({
  types: { context: {} as { n: number }, events: {} as { type: 'go' } | { type: 'stop' } | { type: 'ping' } },
  actors: {
    /** Loads the thing. */
    load: fromPromise<number>(async () => 1),
    watch: fromCallback(() => () => {}),
  },
  actions: {
    /** Tells the user. */
    notify: () => {},
    count: assign({ n: ({ context }) => context.n + 1 }),
  },
  guards: {
    /** Enough already. */
    isDone: ({ context }) => context.n > 2,
    isQuiet: () => true,
  },
  delays: { settle: 2000, computed: ({ context }) => context.n * 10 },
}).createMachine({
  id: 'sample',
  context: { n: 0 },
  invoke: { id: 'watch', src: 'watch' },
  initial: 'idle',
  on: { stop: { target: '.idle', actions: 'notify' } },
  states: {
    idle: { on: { go: 'busy-state', ping: { actions: 'count' } } },
    'busy-state': {
      type: 'parallel',
      entry: 'notify',
      states: {
        left: {
          initial: 'loading',
          states: {
            loading: {
              invoke: { id: 'load', src: 'load', onDone: 'checking', onError: { target: 'checking' } },
              after: { 5000: 'checking', computed: 'checking' },
            },
            checking: {
              always: [
                { guard: 'isDone', target: 'finished' },
                { guard: and(['isQuiet', not('isDone')]), target: 'loading' },
              ],
            },
            finished: { type: 'final' },
          },
        },
        right: {
          initial: 'waiting',
          states: {
            waiting: {
              tags: ['busy'],
              after: { settle: 'waiting' },
              on: { ping: { target: 'waiting', reenter: true } },
            },
          },
        },
      },
      on: { go: { guard: 'isQuiet', target: '.right.waiting' } },
    },
  },
});
