import { z } from 'zod';

/** `GET /api/init/settings/`: a flat `"group.key": value` map. Known keys are typed, others pass through. */
export const settingsSchema = z
  .object({
    'base.captcha_state': z.boolean().optional(),
    'base.default_password': z.string().nullish(),
    'base.single_login': z.boolean().optional(),
    'login.site_name': z.string().nullish(),
    'login.site_logo': z.string().nullish(),
    'login.login_background': z.string().nullish(),
    'login.copyright': z.string().nullish(),
    'login.keep_record': z.string().nullish(),
    'login.help_url': z.string().nullish(),
    'login.privacy_url': z.string().nullish(),
    'login.clause_url': z.string().nullish(),
  })
  .catchall(z.unknown());
export type Settings = z.infer<typeof settingsSchema>;

/** `GET /api/captcha/`: `{}` when captcha is off. */
export const captchaSchema = z.union([
  z.object({ key: z.union([z.number(), z.string()]), image_base: z.string() }),
  z.object({}).strict(),
]);
export type Captcha = z.infer<typeof captchaSchema>;
export const captchaStatusSchema = z.object({ state: z.boolean() });

export const loginRequestSchema = z.object({
  username: z.string().min(1),
  password: z.string().regex(/^[0-9a-f]{32}$/, 'md5 hex'),
  captcha: z.union([z.string(), z.number()]).optional(),
  captchaKey: z.union([z.string(), z.number()]).nullish(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

const deptInfo = z.object({ dept_id: z.number().nullable(), dept_name: z.string().nullable() }).partial();
const roleInfo = z.object({ id: z.number(), name: z.string(), key: z.string() });

export const loginResponseSchema = z.object({
  access: z.string(),
  refresh: z.string(),
  name: z.string().nullish(),
  userId: z.number(),
  avatar: z.string().nullish(),
  user_type: z.number().optional(),
  dept_info: deptInfo.nullish(),
  role_info: z.array(roleInfo).nullish(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** dvadmin 2.0 answers raw `{access, refresh}`, 2.1 the envelope: both parse to this. */
export const tokenRefreshSchema = z.object({ access: z.string(), refresh: z.string().optional() });
export type TokenPair = z.infer<typeof tokenRefreshSchema>;

export const userInfoSchema = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string().nullish(),
  mobile: z.string().nullish(),
  email: z.string().nullish(),
  gender: z.number().nullish(),
  avatar: z.string().nullish(),
  dept: z.number().nullish(),
  is_superuser: z.boolean().optional(),
  user_type: z.number().optional(),
  role: z.array(z.number()).optional(),
  dept_info: deptInfo.nullish(),
  role_info: z.array(roleInfo).nullish(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const updateUserInfoSchema = z.object({
  name: z.string().max(40),
  gender: z.number().int().min(0).max(2).nullish(),
  mobile: z.string().max(30).nullish(),
  email: z.string().email().or(z.literal('')).nullish(),
  avatar: z.string().nullish(),
});

export const changePasswordSchema = z.object({
  oldPassword: z.string().min(1),
  newPassword: z.string().min(1),
  newPassword2: z.string().min(1),
});

/** JWT claims (CONTRACT.md): HS256, access 120 min, refresh 1 day. */
export type JwtClaims = {
  token_type: 'access' | 'refresh';
  exp: number;
  iat: number;
  jti: string;
  user_id: number;
};
