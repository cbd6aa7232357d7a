/** The page's one demo backend, shared by the service worker handlers and the fake live feed. */
import { createDemoBackend } from './backend.ts';

export const demoBackend = createDemoBackend();
