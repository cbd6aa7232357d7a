/**
 * In-page probes for the live-feed benchmark (scripts/bench-feed.ts), and the arithmetic on what they record.
 * `installFeedProbe` runs in the page (through `page.evaluate`): every animation frame it notes the frame's
 * time and the workbench's 今日 count (`feed-today`); a PerformanceObserver notes long tasks; a
 * MutationObserver on the live-feed card notes every distinct item row (`feed-item`, `data-id`) that enters
 * the DOM. Nothing is sent anywhere: `readFeedProbe` hands the record back.
 */

export type FeedProbeRecord = {
  /** rAF timestamps (performance.now), in order. */
  frames: number[];
  /** Long tasks: start and duration, ms. */
  longTasks: { start: number; duration: number }[];
  /** The 今日 count each time it changed: [time, value]. */
  counts: [number, number][];
  /** Distinct item rows that entered the DOM since the probe started. */
  rowsMounted: number;
  /** Rows in the list now. */
  rowsNow: number;
  /** `data-id` of the first (newest) row now. */
  topId: string | null;
  /** performance.now() and Date.now() when the count first reached the target (null: not yet). */
  doneAt: number | null;
  doneEpoch: number | null;
  /** Whether the browser reports long tasks at all. */
  longTaskSupported: boolean;
};

type Probe = {
  record: FeedProbeRecord;
  target: number;
  ids: Set<string>;
  stop: () => void;
};

/** In the page: starts recording; `target` is the 今日 count that means every pushed item was rendered. */
export function installFeedProbe(target: number): void {
  const w = window as unknown as { __feedProbe?: Probe };
  w.__feedProbe?.stop();
  const record: FeedProbeRecord = {
    frames: [],
    longTasks: [],
    counts: [],
    rowsMounted: 0,
    rowsNow: 0,
    topId: null,
    doneAt: null,
    doneEpoch: null,
    longTaskSupported: PerformanceObserver.supportedEntryTypes.includes('longtask'),
  };
  const ids = new Set<string>();
  const noteRow = (node: Node) => {
    if (!(node instanceof Element)) return;
    const rows = node.matches('[data-testid="feed-item"]')
      ? [node]
      : node.querySelectorAll('[data-testid="feed-item"]');
    for (const row of rows) {
      const id = row.getAttribute('data-id');
      if (id !== null) ids.add(id);
    }
  };
  const card = document.querySelector('[data-testid="live-feed"]');
  const mutations = new MutationObserver((list) => {
    for (const m of list) for (const node of m.addedNodes) noteRow(node);
  });
  if (card) mutations.observe(card, { childList: true, subtree: true });
  const tasks = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) record.longTasks.push({ start: e.startTime, duration: e.duration });
  });
  if (record.longTaskSupported) tasks.observe({ type: 'longtask' });
  let last = Number.NaN;
  let running = true;
  const frame = (t: number) => {
    if (!running) return;
    record.frames.push(t);
    const value = Number(document.querySelector('[data-testid="feed-today"]')?.textContent ?? Number.NaN);
    if (value !== last && !Number.isNaN(value)) {
      last = value;
      record.counts.push([t, value]);
      if (value >= probe.target && record.doneAt === null) {
        record.doneAt = t;
        record.doneEpoch = Date.now();
      }
    }
    requestAnimationFrame(frame);
  };
  const probe: Probe = {
    record,
    target,
    ids,
    stop: () => {
      running = false;
      mutations.disconnect();
      tasks.disconnect();
    },
  };
  w.__feedProbe = probe;
  requestAnimationFrame(frame);
}

/** In the page: a new target (fewer items were pushed than planned). */
export function setFeedProbeTarget(target: number): void {
  const probe = (window as unknown as { __feedProbe?: Probe }).__feedProbe;
  if (!probe) return;
  probe.target = target;
  const reached = probe.record.counts.find(([, value]) => value >= target);
  if (reached && probe.record.doneAt === null) {
    probe.record.doneAt = reached[0];
    probe.record.doneEpoch = Date.now() - (performance.now() - reached[0]);
  }
}

/** In the page: whether the 今日 count has reached the target. */
export function feedProbeDone(): boolean {
  const w = window as unknown as { __feedProbe?: Probe };
  return w.__feedProbe?.record.doneAt != null;
}

/** In the page: stops the probe and returns its record. */
export function readFeedProbe(): FeedProbeRecord {
  const w = window as unknown as { __feedProbe?: Probe };
  const probe = w.__feedProbe;
  if (!probe) throw new Error('no feed probe installed');
  probe.stop();
  const rows = document.querySelectorAll('[data-testid="feed-item"]');
  return {
    ...probe.record,
    rowsMounted: probe.ids.size,
    rowsNow: rows.length,
    topId: rows[0]?.getAttribute('data-id') ?? null,
  };
}

/** The median gap between consecutive frames (the display's frame time as the page sees it). */
export function frameTime(frames: readonly number[]): number {
  const gaps: number[] = [];
  for (let i = 1; i < frames.length; i++) gaps.push((frames[i] as number) - (frames[i - 1] as number));
  if (!gaps.length) return Number.NaN;
  gaps.sort((a, b) => a - b);
  return gaps[Math.floor(gaps.length / 2)] as number;
}

export type FrameStats = {
  /** Frames the display would have shown in the window. */
  expected: number;
  /** Frames missed: a gap of k frame times misses k − 1 (gaps under 1.5 frame times miss none). */
  dropped: number;
  /** The longest gap between two frames, ms. */
  longestGap: number;
};

/** Dropped frames between `from` and `to` (performance.now), against a frame time measured while idle. */
export function frameStats(frames: readonly number[], from: number, to: number, frameMs: number): FrameStats {
  let dropped = 0;
  let longestGap = 0;
  let previous: number | undefined;
  for (const t of frames) {
    if (t < from) {
      previous = t;
      continue;
    }
    if (t > to) break;
    if (previous !== undefined) {
      const gap = t - previous;
      longestGap = Math.max(longestGap, gap);
      if (gap >= 1.5 * frameMs) dropped += Math.round(gap / frameMs) - 1;
    }
    previous = t;
  }
  return { expected: Math.max(1, Math.round((to - from) / frameMs)), dropped, longestGap };
}
