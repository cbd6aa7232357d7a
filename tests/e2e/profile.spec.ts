import {
  captchaField,
  fillLogin,
  openLogin,
  signInDirectly,
  startServerForThisFile,
} from './support/console.ts';
import { png } from './support/files.ts';
import { expect, type Page, test } from './support/test.ts';

// One server for the file; the tests run in order and the password change comes last.
const server = startServerForThisFile();

const greeting = (page: Page) => page.getByTestId('user-menu');

async function openProfile(page: Page) {
  await page.goto(`${server().url}/userInfo`);
  await expect(page.getByRole('button', { name: '保存' })).toBeVisible();
}

test('editing the name changes the header greeting, and it stays after a reload', async ({ page }) => {
  await signInDirectly(page, server());
  await openProfile(page);
  await page.getByLabel('姓名').fill('值班管理员');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('修改成功')).toBeVisible();
  await expect(greeting(page)).toContainText('你好 值班管理员');
  await page.reload();
  await expect(greeting(page)).toContainText('你好 值班管理员');
  await expect(page.getByLabel('姓名')).toHaveValue('值班管理员');
});

test('a refused value stays in the form with the message on its field', async ({ page }) => {
  await signInDirectly(page, server());
  await openProfile(page);
  await page.getByLabel('手机号码').fill('1'.repeat(31));
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('请输入正确的手机号码')).toBeVisible();
  await expect(page.getByLabel('手机号码')).toHaveValue('1'.repeat(31));
});

test('a server refusal lands on the field it names and the typed values stay', async ({ page }) => {
  await signInDirectly(page, server());
  await openProfile(page);
  // The client checks mirror the server's, so the server's own answer is played here.
  await page.route('**/api/system/user/update_user_info/**', (route) =>
    route.fulfill({ json: { code: 4000, msg: '邮箱:该邮箱已被其他用户使用。', data: null } }),
  );
  await page.getByLabel('姓名').fill('临时名字');
  await page.getByLabel('邮箱').fill('taken@example.test');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('该邮箱已被其他用户使用。')).toBeVisible();
  await expect(page.getByLabel('邮箱')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('姓名')).toHaveValue('临时名字');
  await expect(page.getByLabel('邮箱')).toHaveValue('taken@example.test');
  await expect(greeting(page)).not.toContainText('临时名字');
});

test('uploading an avatar previews it and puts it in the header', async ({ page }) => {
  await signInDirectly(page, server());
  await openProfile(page);
  const upload = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/system/file/');
  await page.getByTestId('avatar-input').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: png(8, 8, [64, 158, 255]),
  });
  await upload;
  await expect(page.getByTestId('avatar-preview').locator('img')).toHaveAttribute(
    'src',
    /\/media\/files\/.+\.png$/,
  );
  await expect(greeting(page).locator('img')).toHaveAttribute('src', /\/media\/files\/.+\.png$/);
  const src = await page.getByTestId('avatar-preview').locator('img').getAttribute('src');
  expect((await page.request.get(new URL(src as string, server().url).href)).ok()).toBe(true);
  await page.reload();
  await expect(greeting(page).locator('img')).toHaveAttribute('src', src as string);

  await page
    .getByTestId('avatar-input')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
  await expect(page.getByTestId('avatar-error')).toContainText('只能上传图片文件');
});

test('changing the password signs out; the new password signs in', async ({ page }) => {
  await signInDirectly(page, server());
  await openProfile(page);
  await page.getByLabel('原密码').fill('admin123456');
  await page.getByLabel('新密码').fill('n3w-Passw0rd');
  await page.getByLabel('确认密码').fill('n3w-Passw0rd');
  await page.getByRole('button', { name: '修改密码' }).click();
  await expect(page.getByText('密码修改成功，请重新登录')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  // Let the sign-out's own reload of /login settle before opening it afresh.
  await expect(page.getByLabel('用户名')).toBeEditable();
  await page.waitForLoadState('networkidle');

  const key = await openLogin(page, server());
  await fillLogin(page, server(), { username: 'superadmin', password: 'n3w-Passw0rd', captchaKey: key });
  await captchaField(page).press('Enter');
  await expect(greeting(page)).toBeVisible();
});
