import type { TFunction } from 'i18next';
import type { Reason } from '../../machines/shared/effects.ts';

/** A chart's reason as text: the server's own words win, else the translated key. */
export function reasonText(t: TFunction, reason: Reason | null | undefined): string | null {
  if (!reason) return null;
  return reason.text || t(reason.key);
}
