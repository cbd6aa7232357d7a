/** Generated-path fixtures for the profile chart: valid and invalid forms, image and other files, every effect's outcomes. */
import type { UserInfo } from '../../../src/contract/index.ts';
import { profileMachine } from '../../../src/machines/profile/profile.machine.ts';
import type { ProfileContext } from '../../../src/machines/profile/types.ts';
import type { ChartFixture } from '../support/paths.ts';

const user: UserInfo = { id: 1, username: 'superadmin', name: '超级管理员', gender: 1, avatar: null };
const profileValues = { name: '超级管理员', gender: '1', mobile: '13333333333', email: 'a@b.cn' };
const passwordValues = { oldPassword: 'old', newPassword: 'n3w', newPassword2: 'n3w' };
// The guard reads the file's name only (a stand-in keeps the two variants apart in the traversal keys).
const file = (name: string) => ({ name }) as File;

export const profileFixture: ChartFixture = {
  machine: profileMachine,
  inputs: [{ user }],
  events: [
    { type: 'profile.saveRequested', values: profileValues },
    { type: 'profile.saveRequested', values: { ...profileValues, name: '' } },
    { type: 'profile.avatarSelected', file: file('a.png') },
    { type: 'profile.avatarSelected', file: file('a.exe') },
    { type: 'profile.passwordSubmitted', values: passwordValues },
    { type: 'profile.passwordSubmitted', values: { ...passwordValues, newPassword2: 'other' } },
  ],
  actors: {
    saveProfile: {
      done: [undefined],
      error: [{ message: '邮箱:请输入合法的邮件地址。' }, { message: '网络异常' }],
    },
    saveAvatar: { done: [undefined], error: [{ message: '网络异常' }] },
    uploadAvatar: { done: [{ url: 'media/a.png' }], error: [{ message: '上传失败' }] },
    changePassword: { done: [undefined], error: [{ message: '旧密码不正确' }] },
  },
  // No guard or delay reads the context: what is pending is enough to tell the runs apart.
  summarize: (c: ProfileContext) => ({
    update: c.pendingUpdate !== null,
    file: c.pendingFile !== null,
    password: c.pendingPassword !== null,
  }),
};
