/**
 * The personal-info page's checks, as pure functions the chart's guards and actions use. Client checks
 * mirror the server's (server/modules/user/routes.ts) so a valid form is rarely refused; the server's own
 * `"<label>:<message>"` answers are mapped back to the field they name, in either language.
 */
import type { Reason } from '../shared/effects.ts';

export type ProfileField = 'name' | 'gender' | 'mobile' | 'email' | 'avatar';
export type ProfileValues = { name: string; gender: string; mobile: string; email: string };
export type FieldErrors = Partial<Record<ProfileField, Reason>>;

export type PasswordField = 'oldPassword' | 'newPassword' | 'newPassword2';
export type PasswordValues = Record<PasswordField, string>;
export type PasswordErrors = Partial<Record<PasswordField, Reason>>;

export const NAME_MAX = 40;

/** Image uploaders accept these (seed §5). */
export const IMAGE_EXTENSIONS = ['.png', '.jpeg', '.jpg', '.ico', '.bmp', '.gif'] as const;

export function isImageFileName(name: string): boolean {
  const lower = name.toLowerCase();
  return IMAGE_EXTENSIONS.some((ext) => lower.endsWith(ext));
}
const MOBILE = /^\+?[0-9\-() ]{3,30}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateProfile(values: ProfileValues): FieldErrors {
  const errors: FieldErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = { key: 'profile:errors.name_required' };
  else if (name.length > NAME_MAX) errors.name = { key: 'profile:errors.name_too_long' };
  if (values.mobile.trim() && !MOBILE.test(values.mobile.trim()))
    errors.mobile = { key: 'profile:errors.mobile' };
  if (values.email.trim() && (!EMAIL.test(values.email.trim()) || values.email.length > 255))
    errors.email = { key: 'profile:errors.email' };
  return errors;
}

export const hasErrors = (errors: object) => Object.keys(errors).length > 0;

/** The server's field labels (zh and en, server/modules/user/routes.ts) → the form's fields. */
const LABELS: Record<string, ProfileField> = {
  姓名: 'name',
  name: 'name',
  性别: 'gender',
  gender: 'gender',
  电话: 'mobile',
  手机号码: 'mobile',
  mobile: 'mobile',
  邮箱: 'email',
  email: 'email',
  头像: 'avatar',
  avatar: 'avatar',
};

/** `"邮箱:请输入合法的邮件地址。"` → `{email: {text: '请输入合法的邮件地址。'}}`; null when no field is named. */
export function serverFieldError(message: string | undefined): FieldErrors | null {
  const match = /^\s*([^:：]{1,40})[:：]\s*(.+)$/s.exec(message ?? '');
  const field = match?.[1] ? (LABELS[match[1].trim().toLowerCase()] ?? LABELS[match[1].trim()]) : undefined;
  if (!field || !match?.[2]) return null;
  return { [field]: { key: 'profile:errors.server', text: match[2].trim() } };
}

export function validatePassword(values: PasswordValues): PasswordErrors {
  const errors: PasswordErrors = {};
  for (const field of ['oldPassword', 'newPassword', 'newPassword2'] as const) {
    if (!values[field]) errors[field] = { key: 'profile:password.required' };
  }
  if (values.newPassword && values.newPassword2 && values.newPassword !== values.newPassword2)
    errors.newPassword2 = { key: 'profile:password.mismatch' };
  return errors;
}

/** The server's 400 answers: 旧密码不正确 belongs to the old password, 两次密码不匹配 to the repeat. */
export function serverPasswordError(message: string | undefined): PasswordErrors {
  const text = message?.trim() || undefined;
  const reason: Reason = text ? { key: 'profile:password.failed', text } : { key: 'profile:password.failed' };
  if (text && /旧密码|old password/i.test(text)) return { oldPassword: reason };
  if (text && /不匹配|do not match/i.test(text)) return { newPassword2: reason };
  return { newPassword: reason };
}
