import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { UserInfo } from '../../../src/contract/index.ts';
import { profileMachine } from '../../../src/machines/profile/profile.machine.ts';

const user: UserInfo = { id: 1, username: 'superadmin', name: '超级管理员', gender: 1, avatar: null };
const valid = { oldPassword: 'old', newPassword: 'n3w', newPassword2: 'n3w' };

afterEach(() => vi.useRealTimers());

function start(overrides: Parameters<typeof profileMachine.provide>[0] = {}) {
  const saveProfile = vi.fn(async () => {});
  const changePassword = vi.fn(async () => {});
  const signOut = vi.fn();
  const actor = createActor(
    profileMachine.provide({
      ...overrides,
      actors: {
        saveProfile: fromPromise(saveProfile),
        saveAvatar: fromPromise(saveProfile),
        uploadAvatar: fromPromise(async () => ({ url: 'media/a.png' })),
        changePassword: fromPromise(changePassword),
        ...overrides.actors,
      },
      actions: { signOut, ...overrides.actions },
    }),
    { input: { user } },
  ).start();
  return { actor, saveProfile, changePassword, signOut };
}

describe('profile chart', () => {
  it('an avatar that is not an image is refused on the spot', () => {
    const { actor } = start();
    actor.send({ type: 'profile.avatarSelected', file: new File(['x'], 'a.exe') });
    expect(actor.getSnapshot().matches({ avatar: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.avatarError).toEqual({ key: 'profile:avatar.wrong_type' });
  });

  it('a refusal naming no field is a form error', async () => {
    const { actor } = start({
      actors: {
        saveProfile: fromPromise(async (): Promise<void> => {
          throw new Error('签名无效');
        }),
      },
    });
    actor.send({ type: 'profile.saveRequested', values: { name: 'x', gender: '1', mobile: '', email: '' } });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().matches({ details: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.formError).toEqual({ key: 'profile:save_failed', text: '签名无效' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
  });

  it('a changed password signs out only after the toast had time to be read', async () => {
    vi.useFakeTimers();
    const { actor, changePassword, signOut } = start();
    actor.send({ type: 'profile.passwordSubmitted', values: valid });
    await vi.advanceTimersByTimeAsync(0);
    expect(changePassword).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().matches({ password: 'changed' })).toBe(true);
    await vi.advanceTimersByTimeAsync(1499);
    expect(signOut).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('an empty password field is caught before sending', () => {
    const { actor, changePassword } = start();
    actor.send({ type: 'profile.passwordSubmitted', values: { ...valid, oldPassword: '' } });
    expect(actor.getSnapshot().context.passwordErrors).toEqual({
      oldPassword: { key: 'profile:password.required' },
    });
    expect(changePassword).not.toHaveBeenCalled();
  });
});
