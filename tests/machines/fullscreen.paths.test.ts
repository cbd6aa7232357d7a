import { describe, expect, it } from 'vitest';
import { fullscreenMachine } from '../../src/machines/fullscreen/fullscreen.machine.ts';
import type { FullscreenEvent } from '../../src/machines/fullscreen/types.ts';
import { type ChartFixture, coverChart } from './support/paths.ts';

/** Every event the chart handles, with the payload variants its guards tell apart. */
const events: FullscreenEvent[] = [
  { type: 'fullscreen.toggled' },
  { type: 'fullscreen.changed', active: true },
  { type: 'fullscreen.changed', active: false },
];

const fullscreenFixture: ChartFixture = {
  machine: fullscreenMachine,
  events,
  actors: {
    requestFullscreen: { done: [undefined], error: [new TypeError('Permissions check failed')] },
    exitFullscreen: { done: [undefined], error: [new TypeError('Document not active')] },
  },
  inert: ['watchFullscreen'],
  summarize: () => null,
};

describe('fullscreen: generated paths', () => {
  it('every state is reached and every transition taken', async () => {
    const report = await coverChart('fullscreen', fullscreenFixture);
    console.info(report.line);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.transitions.excepted).toEqual([]);
  });
});
