import type { SnapshotFrom } from 'xstate';
import type { OverviewMachine } from './overview.machine.ts';

type S = SnapshotFrom<OverviewMachine>;

/** The panel is not drawn: the server refused this user. */
export const selectIsHidden = (s: S): boolean => s.matches('hidden');
/** The first figures are on their way (nothing to show yet). */
export const selectIsLoading = (s: S): boolean => s.matches('loading');
/** Newer figures are on their way; the shown ones stay. */
export const selectIsRefreshing = (s: S): boolean => s.matches('refreshing');
export const selectOverview = (s: S) => s.context.overview;
/** Why the first load failed (the panel shows it with a retry). */
export const selectLoadError = (s: S) => (s.matches('failed') ? s.context.error : null);
/** Why the last refresh failed, while older figures are shown. */
export const selectRefreshError = (s: S) => (s.matches('failed') ? null : s.context.error);
