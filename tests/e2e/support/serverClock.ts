/**
 * Test-only preload for the reference server (`node --import tsx --import ./tests/e2e/support/serverClock.ts
 * server/main.ts`, added by ./server.ts when a spec asks for `clock: true`): the server's wall clock
 * (`Date`) runs ahead by an offset the test moves over IPC, so a test can move the browser's clock
 * (`page.clock`) and the server's by the same amount — tokens expire, refresh deadlines pass — without
 * waiting in real time. Timers and `performance.now()` are untouched. The server's own code is unchanged.
 */
const RealDate = Date;
const realNow = RealDate.now.bind(RealDate);
let offset = Number(process.env.E2E_CLOCK_OFFSET_MS ?? 0);

const now = () => realNow() + offset;

globalThis.Date = new Proxy(RealDate, {
  construct(target, args: unknown[]) {
    return args.length ? new target(...(args as [string])) : new target(now());
  },
  apply() {
    return new RealDate(now()).toString();
  },
  get(target, property, receiver) {
    if (property === 'now') return now;
    return Reflect.get(target, property, receiver);
  },
});

type ClockMessage = { type: 'clock.advance'; ms: number };

process.on('message', (message: ClockMessage) => {
  if (message?.type !== 'clock.advance') return;
  offset += message.ms;
  process.send?.({ type: 'clock.advanced', offset });
});
// the IPC channel must not keep the server alive
process.channel?.unref();
