import { z } from 'zod';

/** socket.io events (CONTRACT.md, "Messages and the live feed"). Handshake: `auth: {token: <access>}`. */
export const SOCKET_PATH = '/socket.io';
export const INVALID_TOKEN = 'invalid token';

export const itemSchema = z.object({
  id: z.union([z.number(), z.string()]),
  title: z.string(),
  price: z.number().nullish(),
  seller: z.string().nullish(),
  url: z.string().nullish(),
  image: z.string().nullish(),
  keywords: z.array(z.string()).nullish(),
  time: z.string().nullish(),
});
export type Item = z.infer<typeof itemSchema>;

export const socketMessageSchema = z.object({ message: z.string(), type: z.string().optional() });
export const socketNotificationSchema = z.object({
  title: z.string(),
  message: z.string(),
  type: z.string().optional(),
  position: z.string().default('top-right'),
  duration: z.number().default(5000),
});

export interface ServerToClientEvents {
  items: (payload: Item | Item[]) => void;
  message: (payload: z.input<typeof socketMessageSchema>) => void;
  notification: (payload: z.input<typeof socketNotificationSchema>) => void;
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
