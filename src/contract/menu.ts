import { z } from 'zod';

/** One `web_router` item (CONTRACT.md, "Menus and permissions"). `frame_out` only in dvadmin 2.1. */
export const menuRecordSchema = z.object({
  id: z.number(),
  parent: z.number().nullable(),
  icon: z.string().nullish(),
  sort: z.number().nullish(),
  path: z.string().nullish(),
  name: z.string(),
  title: z.string().nullish(),
  is_link: z.boolean().nullish(),
  is_catalog: z.boolean().nullish(),
  web_path: z.string().nullish(),
  component: z.string().nullish(),
  component_name: z.string().nullish(),
  cache: z.boolean().nullish(),
  visible: z.boolean().nullish(),
  menuPermission: z.array(z.string()).nullable().optional(),
  frame_out: z.boolean().optional(),
});
export type MenuRecord = z.infer<typeof menuRecordSchema>;

/** The button values dvadmin grants per menu. */
export const BUTTON_VALUES = [
  'Search',
  'Retrieve',
  'Create',
  'Update',
  'Delete',
  'Save',
  'Import',
  'Export',
  'ResetPassword',
  'DefaultPassword',
] as const;
