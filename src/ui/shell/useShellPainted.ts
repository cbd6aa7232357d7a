import { useEffect, useState } from 'react';

/**
 * False in the render that first shows the shell, true once that render has been painted: what can wait a
 * frame — the header's tools, the page — is left out of it, so the header, the side menu and the tab bar
 * appear that much sooner after sign-in. The rest follows in one render in the task after the paint (an
 * ordinary update: not a background render React would spread over many tasks and restart whenever the
 * charts change meanwhile, which cost the page 30 ms here).
 */
export function useShellPainted(): boolean {
  const [painted, setPainted] = useState(false);
  // once per mount: the state only ever goes from false to true
  useEffect(() => {
    // a hidden page is not painted (and gets no animation frames): everything at once
    if (document.visibilityState === 'hidden') {
      setPainted(true);
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    // the frame's callback runs before that frame is painted; the task it queues, after
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
