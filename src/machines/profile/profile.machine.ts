/**
 * Profile: the 个人信息 page. The shell spawns it when the page mounts (`shell.pageOpened`, input: the
 * session's user) and stops it when the page goes (`shell.pageClosed`); effects are bound in
 * src/services/implementations/profile.ts.
 *
 * Regions (parallel):
 * - `details`: `editing` → `saving` on a valid `profile.saveRequested` (client checks first; an invalid form
 *   stays with its errors and sends nothing). Saved → `userSaved` (the session and the header follow);
 *   refused → back to `editing` with the server's `"<label>:<message>"` on its field (or as a form error).
 *   The form keeps what the user typed either way: the view owns the drafts, the chart only the verdicts.
 * - `avatar`: `idle` → `uploading` for an image (.png .jpeg .jpg .ico .bmp .gif; anything else is refused
 *   on the spot) → `saving` (`saveAvatar`: update_user_info with the saved fields and the new URL) → `idle`.
 *   An empty upload answer fails with 上传失败 (the upload service).
 * - `password`: `idle` → `changing` when the three fields are filled and the repeat matches (md5 on the
 *   wire is the service's) → `changed` (a toast) → after `signOutDelay`, `signingOut` (the session signs
 *   out); a refusal
 *   goes back to `idle` with 旧密码不正确 / 两次密码不匹配 on their fields.
 */
import { assign, setup } from 'xstate';
import { notProvided, reasonFromError } from '../shared/effects.ts';
import type {
  PasswordChangeInput,
  PasswordValues,
  ProfileContext,
  ProfileEvent,
  ProfileInput,
  ProfileUpdate,
  UserInfo,
} from './types.ts';
import {
  hasErrors,
  isImageFileName,
  serverFieldError,
  serverPasswordError,
  validatePassword,
  validateProfile,
} from './validation.ts';

const messageOf = (error: unknown) => (error as { message?: string } | undefined)?.message;

/** The saved fields of `user` as update_user_info takes them. */
export function toUpdate(user: UserInfo): ProfileUpdate {
  return {
    name: user.name ?? '',
    gender: user.gender ?? null,
    mobile: user.mobile ?? '',
    email: user.email ?? '',
    avatar: user.avatar ?? null,
  };
}

export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    input: {} as ProfileInput,
  },
  actors: {
    saveProfile: notProvided<void, ProfileUpdate>('saveProfile'),
    /** The same save (update_user_info) with the new avatar URL, from the avatar region. */
    saveAvatar: notProvided<void, ProfileUpdate>('saveAvatar'),
    uploadAvatar: notProvided<{ url: string }, { file: File }>('uploadAvatar'),
    changePassword: notProvided<void, PasswordChangeInput>('changePassword'),
  },
  actions: {
    /** The user as saved: tell the session (header name and avatar) and say so. */
    userSaved: (_, _params: { user: UserInfo }) => {},
    /** The password changed: say so. */
    passwordChanged: () => {},
    /** End the session (the old password's session is over). */
    signOut: () => {},
    storeSaved: assign({
      user: ({ context }) => ({ ...context.user, ...context.pendingUpdate }),
      pendingUpdate: null,
    }),
  },
  delays: {
    /** Long enough to read the success toast before the page goes to /login and reloads. */
    signOutDelay: 1500,
  },
  guards: {
    isProfileValid: ({ event }) =>
      event.type === 'profile.saveRequested' && !hasErrors(validateProfile(event.values)),
    isImage: ({ event }) => event.type === 'profile.avatarSelected' && isImageFileName(event.file.name),
    isPasswordValid: ({ event }) =>
      event.type === 'profile.passwordSubmitted' && !hasErrors(validatePassword(event.values)),
  },
}).createMachine({
  id: 'profile',
  context: ({ input }) => ({
    user: input.user,
    fieldErrors: {},
    formError: null,
    avatarError: null,
    passwordErrors: {},
    pendingUpdate: null,
    pendingFile: null,
    pendingPassword: null,
  }),
  type: 'parallel',
  states: {
    details: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'profile.saveRequested': [
              {
                guard: 'isProfileValid',
                target: 'saving',
                actions: assign(({ context, event }) => ({
                  fieldErrors: {},
                  formError: null,
                  pendingUpdate: {
                    name: event.values.name.trim(),
                    gender: event.values.gender === '' ? null : Number(event.values.gender),
                    mobile: event.values.mobile.trim(),
                    email: event.values.email.trim(),
                    avatar: context.user.avatar ?? null,
                  },
                })),
              },
              {
                actions: assign({
                  fieldErrors: ({ event }) => validateProfile(event.values),
                  formError: null,
                }),
              },
            ],
          },
        },
        saving: {
          invoke: {
            id: 'saveProfile',
            src: 'saveProfile',
            input: ({ context }) => context.pendingUpdate as ProfileUpdate,
            onDone: {
              target: 'editing',
              actions: [
                'storeSaved',
                { type: 'userSaved', params: ({ context }) => ({ user: context.user }) },
              ],
            },
            onError: {
              target: 'editing',
              actions: assign(({ event }) => {
                const onField = serverFieldError(messageOf(event.error));
                return onField
                  ? { fieldErrors: onField, pendingUpdate: null }
                  : { formError: reasonFromError(event.error, 'profile:save_failed'), pendingUpdate: null };
              }),
            },
          },
        },
      },
    },
    avatar: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'profile.avatarSelected': [
              {
                guard: 'isImage',
                target: 'uploading',
                actions: assign({ pendingFile: ({ event }) => event.file, avatarError: null }),
              },
              { actions: assign({ avatarError: { key: 'profile:avatar.wrong_type' } }) },
            ],
          },
        },
        uploading: {
          invoke: {
            id: 'uploadAvatar',
            src: 'uploadAvatar',
            input: ({ context }) => ({ file: context.pendingFile as File }),
            onDone: {
              target: 'saving',
              actions: assign(({ context, event }) => ({
                pendingFile: null,
                pendingUpdate: { ...toUpdate(context.user), avatar: event.output.url },
              })),
            },
            onError: {
              target: 'idle',
              actions: assign({
                pendingFile: null,
                avatarError: ({ event }) => reasonFromError(event.error, 'profile:avatar.upload_failed'),
              }),
            },
          },
        },
        saving: {
          invoke: {
            id: 'saveAvatar',
            src: 'saveAvatar',
            input: ({ context }) => context.pendingUpdate as ProfileUpdate,
            onDone: {
              target: 'idle',
              actions: [
                'storeSaved',
                { type: 'userSaved', params: ({ context }) => ({ user: context.user }) },
              ],
            },
            onError: {
              target: 'idle',
              actions: assign({
                pendingUpdate: null,
                avatarError: ({ event }) => reasonFromError(event.error, 'profile:save_failed'),
              }),
            },
          },
        },
      },
    },
    password: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'profile.passwordSubmitted': [
              {
                guard: 'isPasswordValid',
                target: 'changing',
                actions: assign({ pendingPassword: ({ event }) => event.values, passwordErrors: {} }),
              },
              { actions: assign({ passwordErrors: ({ event }) => validatePassword(event.values) }) },
            ],
          },
        },
        changing: {
          invoke: {
            id: 'changePassword',
            src: 'changePassword',
            input: ({ context }) => ({
              userId: context.user.id,
              ...(context.pendingPassword as PasswordValues),
            }),
            onDone: { target: 'changed', actions: [assign({ pendingPassword: null }), 'passwordChanged'] },
            onError: {
              target: 'idle',
              actions: assign({
                pendingPassword: null,
                passwordErrors: ({ event }) => serverPasswordError(messageOf(event.error)),
              }),
            },
          },
        },
        changed: { after: { signOutDelay: 'signingOut' } },
        signingOut: { entry: 'signOut' },
      },
    },
  },
});

export type ProfileMachine = typeof profileMachine;
