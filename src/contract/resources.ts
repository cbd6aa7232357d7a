/**
 * The system CRUD resources (CONTRACT.md "Generic CRUD resources"): one entry per resource with its list
 * path and the zod schema of a row. Every resource has the same REST shape under its path (list, `POST`,
 * `GET|PUT|DELETE <path><id>/`, `DELETE <path>multiple_delete/`, `POST <path>export/`), so the console's
 * CRUD kit needs only the path; the schema checks what the tables and forms rely on (other fields pass
 * through). Used by the views, the kit's services and the server tests.
 */
import { z } from 'zod';
import { deptSchema } from './dept.ts';
import { commonRowFields as common, rowId as id, row } from './rows.ts';

/** Any row of any resource: an id and whatever else. */
export const anyRowSchema = z.looseObject({ id });
export type AnyRow = z.infer<typeof anyRowSchema>;

export const menuRowSchema = row({
  name: z.string().nullish(),
  parent: z.number().nullish(),
  is_catalog: z.boolean().nullish(),
  web_path: z.string().nullish(),
  component: z.string().nullish(),
  has_children: z.number().nullish(),
});
export const menuButtonRowSchema = row({
  menu: z.number().nullish(),
  name: z.string().nullish(),
  value: z.string().nullish(),
  api: z.string().nullish(),
  method: z.number().nullish(),
});
export const roleRowSchema = row({
  name: z.string().nullish(),
  key: z.string().nullish(),
  sort: z.number().nullish(),
  status: z.boolean().nullish(),
  admin: z.boolean().nullish(),
  data_range: z.number().nullish(),
  dept: z.array(z.number()).nullish(),
  menu: z.array(z.number()).nullish(),
  permission: z.array(z.number()).nullish(),
});
export const userRowSchema = row({
  username: z.string().nullish(),
  name: z.string().nullish(),
  dept: z.number().nullish(),
  dept_name: z.string().nullish(),
  role: z.array(z.number()).nullish(),
  role_info: z.array(z.object({ id: z.number(), name: z.string() }).loose()).nullish(),
  is_active: z.boolean().nullish(),
});
export const deptRowSchema = deptSchema.extend({ ...common });
export const dictionaryRowSchema = row({
  label: z.string().nullish(),
  value: z.union([z.string(), z.number(), z.boolean()]).nullish(),
  parent: z.number().nullish(),
  type: z.number().nullish(),
  has_children: z.number().nullish(),
});
export const areaRowSchema = row({
  name: z.string().nullish(),
  code: z.string().nullish(),
  level: z.number().nullish(),
  pcode: z.string().nullish(),
  hasChild: z.boolean().nullish(),
});
export const fileRowSchema = row({
  name: z.string().nullish(),
  url: z.string().nullish(),
  mime_type: z.string().nullish(),
  size: z.union([z.number(), z.string()]).nullish(),
});
export const apiWhiteListRowSchema = row({ url: z.string().nullish(), method: z.number().nullish() });
export const loginLogRowSchema = row({ username: z.string().nullish(), ip: z.string().nullish() });
export const operationLogRowSchema = row({ request_path: z.string().nullish() });
export const messageCenterRowSchema = row({
  title: z.string().nullish(),
  content: z.string().nullish(),
  target_type: z.number().nullish(),
  is_read: z.boolean().nullish(),
});
/** A `system_config` row: groups have `parent: null`, their settings point at them. */
export const configRowSchema = z
  .object({
    id: z.number(),
    parent: z.number().nullable(),
    title: z.string(),
    key: z.string(),
    value: z.unknown(),
    sort: z.number().nullish(),
    form_item_type: z.number().nullish(),
    placeholder: z.string().nullish(),
  })
  .catchall(z.unknown());
export type ConfigRow = z.infer<typeof configRowSchema>;

/**
 * A menu of `role/<id>/roleId_get_menu/` (dvadmin 2.0, the reference server) with its buttons and the role's
 * grants (`isCheck`), or of stock 2.1's `role/role_get_menu/` (the menus the signed-in user may grant: no
 * `isCheck`; buttons also carry `api` and `method`).
 */
export const menuGrantSchema = z.object({
  id: z.number(),
  name: z.string(),
  parent: z.number().nullable(),
  isCheck: z.boolean().optional(),
  menuPermission: z.array(
    z.object({ id: z.number(), name: z.string(), value: z.string(), isCheck: z.boolean().optional() }),
  ),
});

export type ResourceContract<S extends z.ZodType = z.ZodType> = { path: string; row: S };
const resource = <S extends z.ZodType>(path: string, rowSchema: S): ResourceContract<S> => ({
  path,
  row: rowSchema,
});

/** Path and row schema per system resource. */
export const Resources = {
  menu: resource('/api/system/menu/', menuRowSchema),
  menuButton: resource('/api/system/menu_button/', menuButtonRowSchema),
  role: resource('/api/system/role/', roleRowSchema),
  user: resource('/api/system/user/', userRowSchema),
  dept: resource('/api/system/dept/', deptRowSchema),
  dictionary: resource('/api/system/dictionary/', dictionaryRowSchema),
  area: resource('/api/system/area/', areaRowSchema),
  file: resource('/api/system/file/', fileRowSchema),
  apiWhiteList: resource('/api/system/api_white_list/', apiWhiteListRowSchema),
  systemConfig: resource('/api/system/system_config/', configRowSchema),
  loginLog: resource('/api/system/login_log/', loginLogRowSchema),
  operationLog: resource('/api/system/operation_log/', operationLogRowSchema),
  messageCenter: resource('/api/system/message_center/', messageCenterRowSchema),
  messageReceived: resource('/api/system/message_center/get_self_receive/', messageCenterRowSchema),
} as const;
export type ResourceName = keyof typeof Resources;

/** The REST shape every resource shares (CONTRACT.md "Generic CRUD resources"). */
export const ResourcePaths = {
  item: (path: string, rowId: number | string) => `${path}${rowId}/`,
  multipleDelete: (path: string) => `${path}multiple_delete/`,
  export: (path: string) => `${path}export/`,
  import: (path: string) => `${path}import/`,
  roleMenus: (roleId: number | string) => `${Resources.role.path}${roleId}/roleId_get_menu/`,
  /** Stock 2.1: the menus and buttons the signed-in user may grant (any role). */
  roleGrantableMenus: `${Resources.role.path}role_get_menu/`,
  /** Stock 2.1: the data ranges `[{value, label}]` the signed-in user may give a role. */
  roleDataScope: `${Resources.role.path}data_scope/`,
  /** Stock 2.1: the departments `[{id, name, parent}]` the signed-in user may put in a custom range. */
  roleDataScopeDept: `${Resources.role.path}data_scope_dept/`,
  userResetPassword: (userId: number | string) => `${Resources.user.path}${userId}/reset_password/`,
  userDefaultPassword: (userId: number | string) =>
    `${Resources.user.path}${userId}/reset_to_default_password/`,
  configSave: `${Resources.systemConfig.path}save_content/`,
} as const;
