import { describe, expect, it } from 'vitest';
import { coverChart } from '../support/paths.ts';
import { loginFixture, menusRefetchFixture, sessionFixture, startupFixture } from './fixtures.ts';

describe('generated paths', () => {
  it.each([
    ['session', sessionFixture],
    ['login', loginFixture],
    ['startup', startupFixture],
    ['menusRefetch', menusRefetchFixture],
  ] as const)(
    'every %s state is reached and every transition taken',
    async (name, fixture) => {
      const report = await coverChart(name, fixture);
      console.log(report.line);
      expect(report.states.missing).toEqual([]);
      expect(report.transitions.missing).toEqual([]);
      expect(report.transitions.divergent).toEqual([]);
      expect(report.transitions.excepted).toEqual(Object.keys(fixture.exceptions ?? {}));
    },
    // The session's three parallel regions make ~3,400 paths to plan from (5–10 s on a busy 2-core machine).
    // Keep new work out of those regions (live permissions is the `menusRefetch` child chart): one more
    // state in a region multiplies the paths (one in `data` made ~4,700).
    180_000,
  );
});
