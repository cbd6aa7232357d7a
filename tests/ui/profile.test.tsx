// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { md5Hex, type UserInfo } from '../../src/contract/index.ts';
import { profileMachine } from '../../src/machines/profile/profile.machine.ts';
import { serverFieldError } from '../../src/machines/profile/validation.ts';
import { createProfileImplementations } from '../../src/services/implementations/profile.ts';
import { ProfilePanel } from '../../src/ui/profile/ProfilePanel.tsx';
import { bodyOf, reply, setup, urlOf } from '../services/harness.ts';
import { renderUi } from './support/render.tsx';

afterEach(cleanup);

const user: UserInfo = {
  id: 1,
  username: 'superadmin',
  name: '超级管理员',
  mobile: '13333333333',
  email: 'dvadmin@django-vue-admin.com',
  gender: 1,
  avatar: null,
};

type Answer = { code: number; msg: string; data: unknown };
const ok: Answer = { code: 2000, msg: 'ok', data: null };

/** A server answering each `METHOD path` from `answers` (2000 otherwise). */
function profileServer(answers: Record<string, Answer> = {}) {
  const harness = setup((config) => {
    const key = `${(config.method ?? 'get').toUpperCase()} ${urlOf(config).pathname}`;
    return reply(config, answers[key] ?? ok);
  });
  const onUserSaved = vi.fn();
  const onPasswordChanged = vi.fn();
  const onSignOut = vi.fn();
  // The chart as the shell runs it, with the services' effects.
  const profile = createActor(
    profileMachine.provide(
      createProfileImplementations({
        http: async () => harness.http,
        onUserSaved,
        onPasswordChanged,
        onSignOut,
      }),
    ),
    { input: { user } },
  ).start();
  renderUi(<ProfilePanel profile={profile} user={user} apiBase="http://api.test" />);
  const sent = (method: string, path: string) =>
    harness.calls.filter(
      (c: InternalAxiosRequestConfig) => c.method?.toUpperCase() === method && urlOf(c).pathname === path,
    );
  return { ...harness, onUserSaved, onPasswordChanged, onSignOut, sent };
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
const fieldValue = (label: string) =>
  (screen.getByLabelText(label, { exact: false }) as HTMLInputElement).value;

describe('personal info', () => {
  it('keeps the typed values after a server validation error and shows it on its field', async () => {
    const server = profileServer({
      'PUT /api/system/user/update_user_info/': {
        code: 4000,
        msg: '邮箱:请输入合法的邮件地址。',
        data: null,
      },
    });
    type('姓名', '新名字');
    type('邮箱', 'someone@example.test');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.getByText('请输入合法的邮件地址。')).toBeTruthy());
    const email = screen.getByLabelText('邮箱', { exact: false });
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toContain(screen.getByText('请输入合法的邮件地址。').id);
    expect(fieldValue('姓名')).toBe('新名字');
    expect(fieldValue('邮箱')).toBe('someone@example.test');
    expect(server.onUserSaved).not.toHaveBeenCalled();
    expect(bodyOf(server.sent('PUT', '/api/system/user/update_user_info/')[0]!)).toMatchObject({
      name: '新名字',
      email: 'someone@example.test',
      gender: 1,
      mobile: '13333333333',
    });
  });

  it('checks the fields before sending anything', () => {
    const server = profileServer();
    type('姓名', '  ');
    type('邮箱', 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(screen.getByText('请输入姓名')).toBeTruthy();
    expect(screen.getByText('请输入正确的邮箱地址')).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });

  it('a save hands the new user to the session (the header follows), gender from the select', async () => {
    const server = profileServer();
    type('姓名', '王五');
    fireEvent.change(screen.getByLabelText('性别'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(server.onUserSaved).toHaveBeenCalledTimes(1));
    expect(server.onUserSaved.mock.calls[0]?.[0]).toMatchObject({
      id: 1,
      username: 'superadmin',
      name: '王五',
      gender: 2,
    });
  });

  it('maps the server’s "<label>:<message>" to the field in both languages', () => {
    expect(serverFieldError('姓名:该字段是必填项。')).toEqual({
      name: { key: 'profile:errors.server', text: '该字段是必填项。' },
    });
    expect(serverFieldError('Email:Enter a valid email address.')?.email?.text).toBe(
      'Enter a valid email address.',
    );
    expect(serverFieldError('签名无效')).toBeNull();
  });
});

describe('avatar', () => {
  const choose = (file: File) =>
    fireEvent.change(screen.getByTestId('avatar-input'), { target: { files: [file] } });

  it('refuses a file that is not an image, without uploading', () => {
    const server = profileServer();
    choose(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByTestId('avatar-error').textContent).toContain('只能上传图片文件');
    expect(server.calls).toHaveLength(0);
  });

  it('shows 上传失败 when the upload answers without data, and saves nothing', async () => {
    const server = profileServer({ 'POST /api/system/file/': { code: 2000, msg: '新增成功', data: null } });
    choose(new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByTestId('avatar-error').textContent).toBe('上传失败'));
    expect(server.sent('PUT', '/api/system/user/update_user_info/')).toHaveLength(0);
    expect(server.onUserSaved).not.toHaveBeenCalled();
  });

  it('uploads one image, saves its URL through update_user_info and previews it at 100×100', async () => {
    const server = profileServer({
      'POST /api/system/file/': {
        code: 2000,
        msg: '新增成功',
        data: { id: 9, url: 'media/files/a/b/abc.png' },
      },
    });
    choose(new File([new Uint8Array([137, 80, 78, 71])], 'me.PNG', { type: 'image/png' }));
    await waitFor(() => expect(server.onUserSaved).toHaveBeenCalledTimes(1));
    expect(bodyOf(server.sent('PUT', '/api/system/user/update_user_info/')[0]!)).toMatchObject({
      name: '超级管理员',
      avatar: 'media/files/a/b/abc.png',
    });
    expect(server.onUserSaved.mock.calls[0]?.[0]).toMatchObject({ avatar: 'media/files/a/b/abc.png' });
    const preview = screen.getByTestId('avatar-preview');
    await waitFor(() =>
      expect(preview.querySelector('img')?.getAttribute('src')).toBe(
        'http://api.test/media/files/a/b/abc.png',
      ),
    );
  });
});

describe('change password', () => {
  const fill = (old: string, next: string, repeat: string) => {
    type('原密码', old);
    type('新密码', next);
    type('确认密码', repeat);
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
  };

  it('catches a repeat that does not match before sending', () => {
    const server = profileServer();
    fill('admin123456', 'new-secret-1', 'new-secret-2');
    expect(screen.getByText('两次输入的密码不一致')).toBeTruthy();
    expect(server.calls).toHaveLength(0);
    expect(server.onPasswordChanged).not.toHaveBeenCalled();
    expect(server.onSignOut).not.toHaveBeenCalled();
  });

  it('sends md5 hex of each field, says so, then signs out', async () => {
    const server = profileServer();
    fill('admin123456', 'new-secret-1', 'new-secret-1');
    await waitFor(() => expect(server.onPasswordChanged).toHaveBeenCalledTimes(1));
    expect(server.onSignOut).not.toHaveBeenCalled();
    await waitFor(() => expect(server.onSignOut).toHaveBeenCalledTimes(1), { timeout: 3000 });
    const [call] = server.sent('PUT', '/api/system/user/1/change_password/');
    expect(bodyOf(call!)).toEqual({
      oldPassword: md5Hex('admin123456'),
      newPassword: md5Hex('new-secret-1'),
      newPassword2: md5Hex('new-secret-1'),
    });
  });

  it('shows 旧密码不正确 on the old password', async () => {
    const server = profileServer({
      'PUT /api/system/user/1/change_password/': { code: 400, msg: '旧密码不正确', data: null },
    });
    fill('wrong', 'new-secret-1', 'new-secret-1');
    await waitFor(() => expect(screen.getByText('旧密码不正确')).toBeTruthy());
    const old = screen.getByLabelText('原密码', { exact: false });
    expect(old.getAttribute('aria-describedby')).toBe(screen.getByText('旧密码不正确').id);
    expect(server.onPasswordChanged).not.toHaveBeenCalled();
  });
});
