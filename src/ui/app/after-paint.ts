/**
 * Runs `run` in the task after the next frame is painted (a frame's callback runs before its paint; the task
 * it queues, after), or at once in a hidden page, which is not painted and gets no frames. Returns a cancel.
 */
export function afterPaint(run: () => void): () => void {
  if (document.visibilityState === 'hidden') {
    run();
    return () => {};
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
