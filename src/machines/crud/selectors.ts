import type { SnapshotFrom } from 'xstate';
import type { Reason } from '../shared/effects.ts';
import type { FormMachine } from './form.machine.ts';
import type { ListMachine } from './list.machine.ts';
import type { TaskMachine } from './task.machine.ts';
import type { ChildrenEntry, FormValues, ListQuery, Row, RowId } from './types.ts';

type List = SnapshotFrom<ListMachine>;
type Form = SnapshotFrom<FormMachine>;
type Task = SnapshotFrom<TaskMachine>;

/* ---------- list ---------- */

export const selectRows = (s: List): Row[] => s.context.rows;
export const selectTotal = (s: List): number => s.context.total;
export const selectQuery = (s: List): ListQuery => s.context.query;
/** The first load: no rows yet. */
export const selectIsLoading = (s: List): boolean => s.matches({ data: 'loading' });
/** A reload (new page, filters, ordering, after a save): the old rows are still shown. */
export const selectIsReloading = (s: List): boolean => s.matches({ data: 'reloading' });
/** The load failed (first load or reload); `list.retry` tries again. */
export const selectLoadFailed = (s: List): boolean =>
  s.matches({ data: 'failed' }) || s.matches({ data: 'reloadFailed' });
export const selectLoadError = (s: List): Reason | null => (selectLoadFailed(s) ? s.context.error : null);
export const selectExpanded = (s: List): RowId[] => s.context.expanded;
export const selectChildren = (s: List): Record<string, ChildrenEntry> => s.context.children;
export const selectSelected = (s: List): string[] => s.context.selected;
export const selectIsDeleting = (s: List): boolean => s.matches({ data: 'deleting' });
export const selectDeleteError = (s: List): Reason | null =>
  s.matches({ data: 'deleteFailed' }) ? s.context.deleteError : null;

/* ---------- form ---------- */

export const selectFormValues = (s: Form): FormValues => s.context.values;
export const selectFormRecord = (s: Form): unknown => s.context.record;
export const selectFieldErrors = (s: Form): Record<string, string> => s.context.fieldErrors;
export const selectIsFormLoading = (s: Form): boolean => s.matches('loading');
export const selectFormLoadError = (s: Form): Reason | null =>
  s.matches('loadFailed') ? s.context.error : null;
/** The form can be edited (loaded, not loading). */
export const selectIsFormReady = (s: Form): boolean => !selectIsFormLoading(s) && !s.matches('loadFailed');
export const selectIsSubmitting = (s: Form): boolean => s.matches('submitting');
export const selectSubmitError = (s: Form): Reason | null => (s.matches('failed') ? s.context.error : null);
export const selectIsSaved = (s: Form): boolean => s.matches('done');

/* ---------- task ---------- */

export const selectIsRunning = (s: Task): boolean => s.matches('running');
export const selectTaskError = (s: Task): Reason | null => (s.matches('failed') ? s.context.error : null);
export const selectTaskOutput = (s: Task): unknown => s.context.output;
