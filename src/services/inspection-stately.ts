/**
 * The Stately browser inspector (`@statelyai/inspect`), in its own chunk: loaded only when `?inspect` (or
 * the `inspect` setting) is on. It opens https://stately.ai/inspect in a window and posts every inspection
 * event there, each one plain JSON and masked (passwords, tokens, cookies, authorization values at any
 * depth, with the registry's `maskSecrets`) by the inspector's `serialize` option.
 */
import { createBrowserInspector, type StatelyInspectionEvent } from '@statelyai/inspect';
import type { InspectionHub } from './inspection.ts';
import { maskedPlain } from './inspection-format.ts';

/** The inspector's `serialize`: what may leave the page. */
export function serializeForInspector(event: StatelyInspectionEvent): StatelyInspectionEvent {
  return maskedPlain(event, 12) as StatelyInspectionEvent;
}

/** Opens the inspector and feeds it from the hub (the boot's events included); returns the disconnect. */
export function connectStatelyInspector(
  hub: InspectionHub,
  options: Parameters<typeof createBrowserInspector>[0] = {},
): () => void {
  const inspector = createBrowserInspector({ serialize: serializeForInspector, ...options });
  const unsubscribe = hub.subscribe((event) => inspector.inspect.next?.(event));
  return () => {
    unsubscribe();
    inspector.stop();
  };
}
