/** Types of the profile chart (src/machines/profile/profile.machine.ts). */
import type { UserInfo } from '../../contract/index.ts';
import type { Reason } from '../shared/effects.ts';
import type { FieldErrors, PasswordErrors, PasswordValues, ProfileValues } from './validation.ts';

export type { FieldErrors, PasswordErrors, PasswordValues, ProfileValues, Reason, UserInfo };

/** The saved profile as update_user_info takes it. */
export type ProfileUpdate = {
  name: string;
  gender: number | null;
  mobile: string;
  email: string;
  avatar: string | null;
};

export type ProfileContext = {
  /** The user as last saved (the session's, then each save's). */
  user: UserInfo;
  fieldErrors: FieldErrors;
  /** A refusal that names no field. */
  formError: Reason | null;
  /** The avatar chosen was refused, or its upload failed. */
  avatarError: Reason | null;
  passwordErrors: PasswordErrors;
  /** Waiting for an upload or save. */
  pendingUpdate: ProfileUpdate | null;
  pendingFile: File | null;
  pendingPassword: PasswordValues | null;
};

export type ProfileEvent =
  | { type: 'profile.saveRequested'; values: ProfileValues }
  | { type: 'profile.avatarSelected'; file: File }
  | { type: 'profile.passwordSubmitted'; values: PasswordValues };

/** What the shell's `shell.pageOpened` gives the chart: the session's user. */
export type ProfileInput = { user: UserInfo };

/** What `changePassword` takes: whose password, and the three fields as typed (md5 is the service's). */
export type PasswordChangeInput = PasswordValues & { userId: number };
