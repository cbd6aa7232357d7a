/**
 * Entry of the demo build (`vite build --mode demo`, see demo/vite-plugin.ts, which points index.html
 * here): start the mock API, then load the console's own entry unchanged.
 */
import { startDemo } from './start.ts';

startDemo()
  .catch((error: unknown) => console.error('[demo] the mock API did not start', error))
  .then(() => import('../main.tsx'));
