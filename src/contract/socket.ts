import { z } from 'zod';

/** socket.io events (CONTRACT.md, "Messages and the live feed"). Handshake: `auth: {token: <access>}`. */
export const SOCKET_PATH = '/socket.io';
export const INVALID_TOKEN = 'invalid token';

/** Loose: the server's row carries more (task_name, first_seen, last_seen…), which the /items page shows. */
export const itemSchema = z.looseObject({
  id: z.union([z.number(), z.string()]),
  title: z.string(),
  price: z.number().nullish(),
  seller: z.string().nullish(),
  url: z.string().nullish(),
  image: z.string().nullish(),
  keywords: z.array(z.string()).nullish(),
  time: z.string().nullish(),
  /** When the listing was first and last seen: a duplicate's update has `first_seen` before `last_seen`. */
  first_seen: z.string().nullish(),
  last_seen: z.string().nullish(),
});
/** A listing seen again (the ingest's dedupe updated its price and last_seen), not a new one. */
export const isSeenAgain = (item: Item) =>
  Boolean(item.first_seen && item.last_seen && item.first_seen < item.last_seen);
export type Item = z.infer<typeof itemSchema>;

export const socketMessageSchema = z.object({ message: z.string(), type: z.string().optional() });
export const socketNotificationSchema = z.object({
  title: z.string(),
  message: z.string(),
  type: z.string().optional(),
  position: z.string().default('top-right'),
  duration: z.number().default(5000),
});

/** `phone`: a phone went online or offline (the monitoring pipeline, docs/domain.md). */
export const phoneStateSchema = z.object({
  id: z.number(),
  name: z.string(),
  serial: z.string(),
  online: z.boolean(),
  last_seen: z.string().nullish(),
});
export type PhoneState = z.infer<typeof phoneStateSchema>;

/**
 * `permissions` (issue 16): what a signed-in user is granted changed — a role's menus or buttons, a menu or
 * menu button, or the user's roles. `roles` names the affected roles (empty when the change reached the
 * user otherwise, e.g. a superuser after a menu change). The console fetches its menus again.
 */
export const permissionsChangedSchema = z.object({ roles: z.array(z.number()).default([]) });
export type PermissionsChanged = z.infer<typeof permissionsChangedSchema>;

export interface ServerToClientEvents {
  items: (payload: Item | Item[]) => void;
  phone: (payload: PhoneState) => void;
  message: (payload: z.input<typeof socketMessageSchema>) => void;
  notification: (payload: z.input<typeof socketNotificationSchema>) => void;
  permissions: (payload: z.input<typeof permissionsChangedSchema>) => void;
}

/** `GET /xy/message/get_message/` rows. type 0 success, 1 warning, 2 info, 3 error, other plain. */
export const messageSchema = z.object({
  id: z.number(),
  title: z.string(),
  message: z.string(),
  type: z.number(),
  status: z.number(),
  create_datetime: z.string().nullish(),
});
export type Message = z.infer<typeof messageSchema>;
