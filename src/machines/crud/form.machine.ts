/**
 * CRUD form: a create / edit / view form, and any page that loads a record, edits it and saves it (the
 * system config page, a role's permission tree, a password reset). One actor per open form.
 *
 * Lifecycle: the form starts `editing` the given values, or, when the input says `load: true`, goes on at
 * once to `loading` (`fetchRecord`, e.g. `GET <path><id>/`; no snapshot shows `editing` before it). A failed load → `loadFailed` with the reason and
 * `form.retry`. `editing` keeps every `form.changed`; `form.submitted` → `submitting` (`submitForm`), then
 * `done` (the server's message, `notifySaved`) or `failed`: every typed value stays, the server's field
 * errors sit on their fields (`fieldErrors`) and the whole message in `error`; `form.retry` submits the same
 * values again, a change goes back to `editing` and clears the changed fields' errors. `done` is not final:
 * a page that stays open (config) keeps editing; a modal closes on `notifySaved`.
 *
 * Not modelled: required-field checks (the view's @mantine/form validates before `form.submitted`).
 */
import { assign, setup } from 'xstate';
import { notProvided, reasonFromError } from '../shared/effects.ts';
import type {
  FormContext,
  FormError,
  FormEvent,
  FormInput,
  FormValues,
  LoadedRecord,
  SubmitResult,
} from './types.ts';

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

const withoutFields = (errors: Record<string, string>, fields: readonly string[] | undefined) =>
  fields ? Object.fromEntries(Object.entries(errors).filter(([name]) => !fields.includes(name))) : {};

export const formMachine = setup({
  types: {
    context: {} as FormContext & { load: boolean },
    events: {} as FormEvent,
    input: {} as FormInput,
  },
  actors: {
    /** The record to edit, as form values (and the record itself when the page needs it). */
    fetchRecord: notProvided<LoadedRecord>('fetchRecord'),
    /** Saves the values; rejects with a `FormError` (field errors placed by the service). */
    submitForm: notProvided<SubmitResult, { values: FormValues }>('submitForm'),
  },
  actions: {
    /** 保存成功 toast (the server's message) and whatever the page does next (close, reload the list). */
    notifySaved: (_, _params: { message: string | null }) => {},
    change: assign(({ context, event }) =>
      event.type === 'form.changed'
        ? { values: event.values, fieldErrors: withoutFields(context.fieldErrors, event.fields) }
        : {},
    ),
    storeValues: assign({
      values: ({ context, event }) => (event.type === 'form.submitted' ? event.values : context.values),
    }),
    storeRecord: assign((_, loaded: LoadedRecord) => ({
      values: loaded.values,
      record: loaded.record ?? null,
      error: null,
    })),
    /** The record is loaded once, on opening; a later `editing` stays. */
    loadStarted: assign({ load: false }),
    storeLoadError: assign({ error: (_, error: unknown) => reasonFromError(error, 'crud:load_failed') }),
    storeSaved: assign(({ context }, result: SubmitResult) => ({
      savedMessage: result?.message ?? null,
      fieldErrors: {},
      error: null,
      ...(result?.reloaded
        ? { values: result.reloaded.values, record: result.reloaded.record ?? context.record }
        : {}),
    })),
    storeSubmitError: assign((_, error: unknown) => ({
      fieldErrors: (error as FormError | undefined)?.fieldErrors ?? {},
      error: reasonFromError(error, 'crud:save_failed'),
    })),
  },
  guards: {
    shouldLoad: ({ context }) => context.load,
  },
}).createMachine({
  id: 'crudForm',
  context: ({ input }) => ({
    load: input.load ?? false,
    values: input.values ?? {},
    record: null,
    fieldErrors: {},
    error: null,
    savedMessage: null,
  }),
  on: { 'form.changed': { actions: 'change' } },
  initial: 'editing',
  states: {
    loading: {
      invoke: {
        id: 'fetchRecord',
        src: 'fetchRecord',
        onDone: { target: 'editing', actions: { type: 'storeRecord', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'storeLoadError', params: errorOf } },
      },
    },
    loadFailed: {
      on: { 'form.retry': 'loading' },
    },
    editing: {
      always: { guard: 'shouldLoad', target: 'loading', actions: 'loadStarted' },
      on: { 'form.submitted': { target: 'submitting', actions: 'storeValues' } },
    },
    submitting: {
      invoke: {
        id: 'submitForm',
        src: 'submitForm',
        input: ({ context }) => ({ values: context.values }),
        onDone: {
          target: 'done',
          actions: [
            { type: 'storeSaved', params: ({ event }) => event.output },
            { type: 'notifySaved', params: ({ event }) => ({ message: event.output?.message ?? null }) },
          ],
        },
        onError: { target: 'failed', actions: { type: 'storeSubmitError', params: errorOf } },
      },
    },
    // Every typed value is still in `values`; the server's messages sit on their fields.
    failed: {
      on: {
        'form.changed': { target: 'editing', actions: 'change' },
        'form.submitted': { target: 'submitting', actions: 'storeValues' },
        'form.retry': 'submitting',
      },
    },
    done: {
      on: {
        'form.changed': { target: 'editing', actions: 'change' },
        'form.submitted': { target: 'submitting', actions: 'storeValues' },
      },
    },
  },
});

export type FormMachine = typeof formMachine;
