import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { formMachine } from '../../../src/machines/crud/form.machine.ts';
import {
  selectFieldErrors,
  selectFormLoadError,
  selectFormValues,
  selectIsFormLoading,
  selectIsSaved,
  selectIsSubmitting,
  selectSubmitError,
} from '../../../src/machines/crud/selectors.ts';
import type { FormInput, FormValues, LoadedRecord, SubmitResult } from '../../../src/machines/crud/types.ts';
import { controllable, recordEffects, settle } from '../support/fakes.ts';

function start(input: FormInput) {
  const fetchRecord = controllable<LoadedRecord>();
  const submitForm = controllable<SubmitResult, { values: FormValues }>();
  const effects = recordEffects(['notifySaved'], {
    notifySaved: (p: { message: string | null }) => String(p.message),
  });
  const actor = createActor(
    formMachine.provide({
      actors: { fetchRecord: fetchRecord.logic, submitForm: submitForm.logic },
      actions: effects.actions,
    }),
    { input },
  ).start();
  return { actor, fetchRecord, submitForm, effects, snap: () => actor.getSnapshot() };
}

describe('crudForm: opening', () => {
  it('a create form edits its given values at once, loading nothing', () => {
    const t = start({ values: { name: '' } });
    expect(t.snap().value).toBe('editing');
    expect(t.fetchRecord.calls).toHaveLength(0);
  });

  it('an edit form loads its record; a failed load shows the reason and form.retry loads again', async () => {
    const t = start({ load: true });
    expect(selectIsFormLoading(t.snap())).toBe(true);
    t.fetchRecord.last.reject({ message: '记录不存在' });
    await settle();
    expect(selectFormLoadError(t.snap())).toEqual({ key: 'crud:load_failed', text: '记录不存在' });
    t.actor.send({ type: 'form.retry' });
    expect(t.fetchRecord.calls).toHaveLength(2);
    t.fetchRecord.last.resolve({ values: { name: 'admin' }, record: { id: 1 } });
    await settle();
    expect(t.snap().value).toBe('editing');
    expect(selectFormValues(t.snap())).toEqual({ name: 'admin' });
    expect(t.snap().context.record).toEqual({ id: 1 });
  });
});

describe('crudForm: submitting', () => {
  it('a failed submit keeps every value and puts the server’s field errors on their fields', async () => {
    const t = start({ values: { name: '', key: '' } });
    const typed = { name: '系统管理', key: 'admin', sort: 3 };
    t.actor.send({ type: 'form.changed', values: typed, fields: ['name', 'key', 'sort'] });
    t.actor.send({ type: 'form.submitted', values: typed });
    expect(selectIsSubmitting(t.snap())).toBe(true);
    expect(t.submitForm.last.input).toEqual({ values: typed });
    t.submitForm.last.reject({ message: '权限标识:已存在', fieldErrors: { key: '已存在' } });
    await settle();

    expect(t.snap().value).toBe('failed');
    expect(selectFormValues(t.snap())).toEqual(typed);
    expect(selectFieldErrors(t.snap())).toEqual({ key: '已存在' });
    expect(selectSubmitError(t.snap())).toEqual({ key: 'crud:save_failed', text: '权限标识:已存在' });
    expect(t.effects.order).toEqual([]);
  });

  it('changing a field clears only that field’s server error', async () => {
    const t = start({ values: {} });
    t.actor.send({ type: 'form.submitted', values: { a: 1, b: 2 } });
    t.submitForm.last.reject({ message: 'bad', fieldErrors: { a: 'x', b: 'y' } });
    await settle();
    t.actor.send({ type: 'form.changed', values: { a: 3, b: 2 }, fields: ['a'] });
    expect(t.snap().value).toBe('editing');
    expect(selectFieldErrors(t.snap())).toEqual({ b: 'y' });
    expect(selectFormValues(t.snap())).toEqual({ a: 3, b: 2 });
  });

  it('form.retry submits the same values again; a success notifies with the server’s message', async () => {
    const t = start({ values: {} });
    t.actor.send({ type: 'form.submitted', values: { name: 'x' } });
    t.submitForm.last.reject({ message: 'timeout' });
    await settle();
    t.actor.send({ type: 'form.retry' });
    expect(t.submitForm.calls.map((c) => c.input)).toEqual([
      { values: { name: 'x' } },
      { values: { name: 'x' } },
    ]);
    t.submitForm.last.resolve({ message: '更新成功' });
    await settle();
    expect(selectIsSaved(t.snap())).toBe(true);
    expect(selectSubmitError(t.snap())).toBeNull();
    expect(selectFieldErrors(t.snap())).toEqual({});
    expect(t.effects.order).toEqual(['notifySaved:更新成功']);
  });

  it('a form that stays open takes the reloaded record after a save and keeps editing', async () => {
    const t = start({ load: true });
    t.fetchRecord.last.resolve({ values: { v: 1 }, record: ['old'] });
    await settle();
    t.actor.send({ type: 'form.submitted', values: { v: 2 } });
    t.submitForm.last.resolve({ message: 'ok', reloaded: { values: { v: 2 }, record: ['new'] } });
    await settle();
    expect(selectFormValues(t.snap())).toEqual({ v: 2 });
    expect(t.snap().context.record).toEqual(['new']);
    t.actor.send({ type: 'form.changed', values: { v: 3 } });
    expect(t.snap().value).toBe('editing');
    // the record is not loaded again
    expect(t.fetchRecord.calls).toHaveLength(1);
  });
});
