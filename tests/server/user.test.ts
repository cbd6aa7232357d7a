import { beforeAll, expect, it } from 'vitest';
import { md5Hex } from '../../src/contract/password.ts';
import { Paths } from '../../src/contract/paths.ts';
import { userInfoSchema } from '../../src/contract/session.ts';
import { describeEachDatabase } from './helpers.ts';

describeEachDatabase('the signed-in user', (server) => {
  let token = '';
  beforeAll(async () => {
    token = (await server.login('test')).access;
  });

  it('user_info answers the profile with dept and roles', async () => {
    const { json } = await server.get(Paths.userInfo, { token });
    expect(json).toMatchObject({ code: 2000, msg: '获取成功' });
    expect(userInfoSchema.parse(json.data)).toMatchObject({
      id: 3,
      username: 'test',
      name: '测试人员',
      dept: 3,
      is_superuser: false,
      role: [2],
      dept_info: { dept_id: 3, dept_name: '技术部' },
      role_info: [{ id: 2, name: '用户', key: 'public' }],
    });
  });

  it('update_user_info changes the profile and answers 修改成功', async () => {
    const body = {
      name: '测试员',
      gender: 2,
      mobile: '13900000000',
      email: 'test@example.com',
      avatar: 'media/a.png',
    };
    expect((await server.put(Paths.updateUserInfo, body, { token })).json).toEqual({
      code: 2000,
      data: null,
      msg: '修改成功',
    });
    const { json } = await server.get(Paths.userInfo, { token });
    expect(json.data).toMatchObject(body);
  });

  it('update_user_info validates like a serializer', async () => {
    expect((await server.put(Paths.updateUserInfo, { gender: 1 }, { token })).json.msg).toBe(
      '姓名:该字段是必填项。',
    );
    expect((await server.put(Paths.updateUserInfo, { name: 'x', email: 'nope' }, { token })).json.msg).toBe(
      '邮箱:请输入合法的邮件地址。',
    );
    expect((await server.put(Paths.updateUserInfo, { name: 'x', gender: 7 }, { token })).json.msg).toBe(
      '性别:“7” 不是合法选项。',
    );
  });

  it('change_password: mismatch and wrong old password answer 400', async () => {
    const path = Paths.changePassword(3);
    const mismatch = {
      oldPassword: md5Hex('admin123456'),
      newPassword: md5Hex('n1'),
      newPassword2: md5Hex('n2'),
    };
    expect((await server.put(path, mismatch, { token })).json).toEqual({
      code: 400,
      data: null,
      msg: '两次密码不匹配',
    });
    const wrongOld = { oldPassword: md5Hex('nope'), newPassword: md5Hex('n1'), newPassword2: md5Hex('n1') };
    expect((await server.put(path, wrongOld, { token })).json).toEqual({
      code: 400,
      data: null,
      msg: '旧密码不正确',
    });
    expect((await server.put(path, { oldPassword: md5Hex('x') }, { token })).json.msg).toBe('参数不能为空');
    expect((await server.put(Paths.changePassword(1), wrongOld, { token })).json.code).toBe(400);
  });

  it('change_password with the right old password changes it; login then needs the new one', async () => {
    const body = {
      oldPassword: md5Hex('admin123456'),
      newPassword: md5Hex('new-pass-1'),
      newPassword2: md5Hex('new-pass-1'),
    };
    expect((await server.put(Paths.changePassword(3), body, { token })).json).toEqual({
      code: 2000,
      data: null,
      msg: '修改成功',
    });
    expect((await server.loginReply('test', 'admin123456', '10.9.0.1')).json.code).toBe(401);
    expect((await server.loginReply('test', 'new-pass-1', '10.9.0.1')).json.code).toBe(2000);
  });

  it('these endpoints need a token', async () => {
    expect((await server.get(Paths.userInfo)).json.msg).toBe('身份认证信息未提供。');
    expect((await server.put(Paths.updateUserInfo, { name: 'x' })).json.msg).toBe('身份认证信息未提供。');
  });
});
