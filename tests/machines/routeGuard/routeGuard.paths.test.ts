import { describe, expect, it } from 'vitest';
import { coverChart } from '../support/paths.ts';
import { routeGuardFixture } from './fixtures.ts';

describe('routeGuard: generated paths', () => {
  it('every state is reached and every transition taken', async () => {
    const report = await coverChart('routeGuard', routeGuardFixture);
    console.info(report.line);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.transitions.divergent).toEqual([]);
    expect(report.transitions.excepted).toEqual([]);
  });
});
