import { describe, expect, it } from 'vitest';
import { coverChart } from '../support/paths.ts';
import { appFixture } from './fixtures.ts';

describe('app: generated paths', () => {
  it('every state is reached and every transition taken', async () => {
    const report = await coverChart('app', appFixture);
    console.info(report.line);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.transitions.divergent).toEqual([]);
  });
});
