/** What the 个人信息 page reads of the profile chart. */
import type { SnapshotFrom } from 'xstate';
import type { ProfileMachine } from './profile.machine.ts';

type ProfileSnapshot = SnapshotFrom<ProfileMachine>;

export const selectSavedUser = (s: ProfileSnapshot) => s.context.user;
export const selectFieldErrors = (s: ProfileSnapshot) => s.context.fieldErrors;
export const selectFormError = (s: ProfileSnapshot) => s.context.formError;
export const selectAvatarError = (s: ProfileSnapshot) => s.context.avatarError;
export const selectPasswordErrors = (s: ProfileSnapshot) => s.context.passwordErrors;
export const selectIsSaving = (s: ProfileSnapshot) => s.matches({ details: 'saving' });
/** Uploading the avatar or saving its URL. */
export const selectIsAvatarBusy = (s: ProfileSnapshot) => !s.matches({ avatar: 'idle' });
export const selectIsChangingPassword = (s: ProfileSnapshot) => s.matches({ password: 'changing' });
/** The password changed (the page signs out shortly). */
export const selectPasswordChanged = (s: ProfileSnapshot) =>
  s.matches({ password: 'changed' }) || s.matches({ password: 'signingOut' });
