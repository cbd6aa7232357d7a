import { describe, expect, it } from 'vitest';
import { coverChart } from '../support/paths.ts';
import { liveFixture } from './fixtures.ts';

describe('itemsLive: generated paths', () => {
  it('every state is reached and every transition taken', async () => {
    const report = await coverChart('itemsLive', liveFixture);
    console.info(report.line);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.transitions.excepted).toEqual([]);
    expect(report.transitions.divergent).toEqual([]);
  });
});
