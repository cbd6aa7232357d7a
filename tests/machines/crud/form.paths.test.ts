import { describe, expect, it } from 'vitest';
import { coverChart } from '../support/paths.ts';
import { formFixture } from './fixtures.ts';

describe('crudForm: generated paths', () => {
  it('every state is reached and every transition taken', async () => {
    const report = await coverChart('crudForm', formFixture);
    console.info(report.line);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.transitions.excepted).toEqual([]);
    expect(report.transitions.divergent).toEqual([]);
  });
});
