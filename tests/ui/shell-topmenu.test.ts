import { describe, expect, it, vi } from 'vitest';
import { TOP_MENU_RESIZE_THROTTLE_MS, throttle } from '../../src/ui/shell/TopMenu.tsx';

describe('top menu overflow measuring', () => {
  it('re-measures at most every 300 ms while the window resizes, and once more at the end', () => {
    vi.useFakeTimers();
    try {
      const measure = vi.fn();
      const throttled = throttle(measure, TOP_MENU_RESIZE_THROTTLE_MS);
      throttled.call();
      expect(measure).toHaveBeenCalledTimes(1);
      for (let i = 0; i < 10; i++) {
        vi.advanceTimersByTime(20);
        throttled.call();
      }
      expect(measure).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(TOP_MENU_RESIZE_THROTTLE_MS);
      expect(measure).toHaveBeenCalledTimes(2);
      throttled.cancel();
    } finally {
      vi.useRealTimers();
    }
  });
});
