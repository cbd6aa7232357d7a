import { useEffect, useState } from 'react';
import { afterPaint } from '../app/after-paint.ts';

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
  useEffect(() => afterPaint(() => setPainted(true)), []);
  return painted;
}
