import { describe, expect, it } from 'vitest';
import { coverChart } from '../support/paths.ts';
import { profileFixture } from './fixtures.ts';

describe('profile: generated paths', () => {
  it('every state is reached and every transition taken', async () => {
    const report = await coverChart('profile', profileFixture);
    console.info(report.line);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.transitions.divergent).toEqual([]);
  });
});
