import { fromPromise } from 'xstate';
import {
  changePassword,
  type PasswordChange,
  updateUserInfo,
  uploadAvatar,
} from '../../services/api/profile.ts';
import type { HttpClient } from '../../services/http/types.ts';
import type { profileMachine } from './profile.machine.ts';
import type { ProfileUpdate, UserInfo } from './types.ts';

export type ProfileDeps = {
  http(): Promise<HttpClient>;
  /** The user was saved (send `session.userUpdated`, toast). */
  onUserSaved(user: UserInfo): void;
  /** The password changed (toast). */
  onPasswordChanged(): void;
  /** Sign out after the password change. */
  onSignOut(): void;
};

export function createProfileImplementations(deps: ProfileDeps, userId: number) {
  return {
    actors: {
      saveProfile: fromPromise<void, ProfileUpdate>(async ({ input, signal }) =>
        updateUserInfo(await deps.http(), input, signal),
      ),
      uploadAvatar: fromPromise<{ url: string }, { file: File }>(async ({ input, signal }) =>
        uploadAvatar(await deps.http(), input.file, signal),
      ),
      changePassword: fromPromise<void, PasswordChange>(async ({ input, signal }) =>
        changePassword(await deps.http(), userId, input, signal),
      ),
    },
    actions: {
      userSaved: (_: unknown, params: { user: UserInfo }) => deps.onUserSaved(params.user),
      passwordChanged: () => deps.onPasswordChanged(),
      signOut: () => deps.onSignOut(),
    },
  } satisfies Parameters<(typeof profileMachine)['provide']>[0];
}
