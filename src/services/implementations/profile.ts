/**
 * Binds the profile chart's effects (src/machines/profile/profile.machine.ts): update_user_info, the avatar
 * upload and change_password through the http client; what follows a save, a password change and the
 * sign-out after it is the caller's (the shell system tells the session and toasts).
 */
import { fromPromise } from 'xstate';
import type { ProfileMachine } from '../../machines/profile/profile.machine.ts';
import type { PasswordChangeInput, ProfileUpdate, UserInfo } from '../../machines/profile/types.ts';
import { changePassword, updateUserInfo, uploadAvatar } from '../api/profile.ts';
import type { HttpClient } from '../http/types.ts';

export type ProfileDeps = {
  http(): Promise<HttpClient>;
  /** The user was saved (send `session.userUpdated`, toast). */
  onUserSaved(user: UserInfo): void;
  /** The password changed (toast). */
  onPasswordChanged(): void;
  /** Sign out after the password change. */
  onSignOut(): void;
};

/** `profileMachine.provide(createProfileImplementations(deps))`. */
export function createProfileImplementations(deps: ProfileDeps) {
  return {
    actors: {
      saveProfile: fromPromise<void, ProfileUpdate>(async ({ input, signal }) =>
        updateUserInfo(await deps.http(), input, signal),
      ),
      saveAvatar: fromPromise<void, ProfileUpdate>(async ({ input, signal }) =>
        updateUserInfo(await deps.http(), input, signal),
      ),
      uploadAvatar: fromPromise<{ url: string }, { file: File }>(async ({ input, signal }) =>
        uploadAvatar(await deps.http(), input.file, signal),
      ),
      changePassword: fromPromise<void, PasswordChangeInput>(async ({ input, signal }) => {
        const { userId, ...fields } = input;
        return changePassword(await deps.http(), userId, fields, signal);
      }),
    },
    actions: {
      userSaved: (_: unknown, params: { user: UserInfo }) => deps.onUserSaved(params.user),
      passwordChanged: () => deps.onPasswordChanged(),
      signOut: () => deps.onSignOut(),
    },
  } satisfies Parameters<ProfileMachine['provide']>[0];
}
