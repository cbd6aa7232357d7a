// @vitest-environment jsdom
// The sign-in page fetches the shell's code at the visitor's first touch (src/ui/login/LoginPage.tsx), so that
// signing in does not wait for it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchOnFirstTouch } from '../../src/ui/login/LoginPage.tsx';

afterEach(() => {
  document.body.replaceChildren();
  vi.useRealTimers();
});

describe('the shell’s prefetch at the first touch of the sign-in page', () => {
  it('waits for a key, a pointer or a focus, then runs once', () => {
    const start = vi.fn();
    const stop = prefetchOnFirstTouch(start);
    expect(start).not.toHaveBeenCalled();
    document.dispatchEvent(new KeyboardEvent('keydown'));
    document.dispatchEvent(new KeyboardEvent('keydown'));
    expect(start).toHaveBeenCalledTimes(1);
    stop();
  });

  it('runs at once when the visitor is in a field already (their focus handed over from the page’s first form)', () => {
    const input = document.createElement('input');
    document.body.append(input);
    input.focus();
    const start = vi.fn();
    const stop = prefetchOnFirstTouch(start);
    expect(start).toHaveBeenCalledTimes(1);
    input.blur();
    input.focus();
    expect(start).toHaveBeenCalledTimes(1);
    stop();
  });

  it('runs after a quiet while untouched (a password manager may fill the form), and never once stopped', () => {
    vi.useFakeTimers();
    const start = vi.fn();
    prefetchOnFirstTouch(start);
    vi.advanceTimersByTime(3_000);
    expect(start).toHaveBeenCalledTimes(1);
    const stopped = vi.fn();
    prefetchOnFirstTouch(stopped)();
    vi.advanceTimersByTime(3_000);
    document.dispatchEvent(new KeyboardEvent('keydown'));
    expect(stopped).not.toHaveBeenCalled();
  });
});
