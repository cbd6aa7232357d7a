import { describe, expect, it } from 'vitest';
import { coverChart } from '../support/paths.ts';
import { inboxFixture, unreadFixture } from './fixtures.ts';

describe('inbox: generated paths', () => {
  it('every state is reached and every transition taken', async () => {
    const report = await coverChart('inbox', inboxFixture);
    console.info(report.line);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.transitions.divergent).toEqual([]);
  });
});

describe('unread: generated paths', () => {
  it('every state is reached and every transition taken', async () => {
    const report = await coverChart('unread', unreadFixture);
    console.info(report.line);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.transitions.divergent).toEqual([]);
  });
});
