import { z } from 'zod';

/**
 * Stock dvadmin 2.1's workbench figures (`/api/system/datav/<figure>/`) and the signed-in user's button
 * list (`/api/system/menu_button/get_btn_permission/`), as recorded from a stock backend
 * (fixtures datav_*.json, menu_button_get_btn_permission.json). The reference server answers the same.
 */
export const DatavPaths = {
  figure: (name: DatavFigure) => `/api/system/datav/${name}/`,
  btnPermission: '/api/system/menu_button/get_btn_permission/',
} as const;

const perDay = z.array(z.object({ day: z.string(), count: z.number() }).loose());

export const datavSchemas = {
  users_total: z.object({ users_total: z.number() }).loose(),
  users_login_total: z.object({ login_total: z.number() }).loose(),
  attachment_total: z.object({ count: z.number(), occupy_space: z.string() }).loose(),
  database_total: z.object({ count: z.number(), space: z.string() }).loose(),
  login_user: z.object({ login_user: perDay }).loose(),
  registered_user: z.object({ registered_user_list: perDay }).loose(),
  users_active: z
    .object({
      today_users: z.number(),
      today_logins: z.number(),
      three_days: z.number(),
      seven_days: z.number(),
      seven_days_active: z.number(),
      monthly_active: z.number(),
    })
    .loose(),
  login_region: z.array(z.object({ region: z.string(), count: z.number() }).loose()),
} as const;

export type DatavFigure = keyof typeof datavSchemas;

/** `"<web_path>:<value>"`, e.g. `/user:ResetPassword`. */
export const btnPermissionSchema = z.array(z.string());
