// The time source of the modules whose behaviour depends on elapsed time (phone presence): the system clock
// in production, a controlled one in tests (BuildOptions.clock), so no test has to sleep.
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to (tests). */
export function manualClock(start = new Date()): Clock & { set(d: Date): void; advance(ms: number): void } {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    set: (d) => {
      t = d.getTime();
    },
    advance: (ms) => {
      t += ms;
    },
  };
}
