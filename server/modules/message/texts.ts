// Messages of the message, message-centre, items and file modules, in Chinese (default) and English, kept
// here rather than in http/messages.ts so these modules stay self-contained.
import type { FastifyRequest } from 'fastify';
import { Code } from '../../../src/contract/envelope.ts';
import { ApiError, type Label, localeOf } from '../../http/envelope.ts';
import type { Locale } from '../../http/messages.ts';

export type Text = Record<Locale, string>;

export const TEXTS = {
  messageNotFound: { zh: '消息不存在', en: 'Message not found' },
  messageNotOwner: { zh: '只能标记自己的消息', en: 'You can only mark your own messages' },
  idMismatch: { zh: '请求体中的 id 与地址中的不一致', en: 'The id in the body does not match the URL' },
  permissionDenied: {
    zh: '您没有执行该操作的权限。',
    en: 'You do not have permission to perform this action.',
  },
  listEmpty: { zh: '列表不能为空。', en: 'This list may not be empty.' },
  badIngestToken: { zh: 'API 令牌无效', en: 'Invalid API token' },
  notAuthenticated: { zh: '身份认证信息未提供。', en: 'Authentication credentials were not provided.' },
  itemNotFound: { zh: '商品不存在', en: 'Item not found' },
  badUrl: { zh: '请输入合法的 URL（http:// 或 https://）。', en: 'Enter a valid http(s) URL.' },
  badTime: {
    zh: '日期时间格式错误，请使用 YYYY-MM-DD HH:MM:SS。',
    en: 'Invalid datetime; use YYYY-MM-DD HH:MM:SS.',
  },
  tooManyItems: { zh: '一次最多提交 {max} 条。', en: 'At most {max} items per request.' },
  fileMissing: { zh: '请选择要上传的文件（字段 file）。', en: 'Choose a file to upload (field "file").' },
  fileTooLarge: { zh: '文件过大，上限为 {limit}。', en: 'File too large; the limit is {limit}.' },
  fileEmpty: { zh: '上传的文件为空。', en: 'The uploaded file is empty.' },
  notMultipart: {
    zh: '上传须使用 multipart/form-data。',
    en: 'Uploads must be sent as multipart/form-data.',
  },
  fileNotFound: { zh: '文件不存在', en: 'File not found' },
} as const satisfies Record<string, Text>;

export type TextKey = keyof typeof TEXTS;
export type TextParams = Record<string, string | number>;

const fill = (template: string, params: TextParams = {}) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));

export function text(locale: Locale, key: TextKey, params?: TextParams, label?: Label): string {
  const message = fill(TEXTS[key][locale], params);
  if (label === undefined) return message;
  return `${typeof label === 'string' ? label : label[locale]}:${message}`;
}

export const textOf = (request: FastifyRequest, key: TextKey, params?: TextParams) =>
  text(localeOf(request), key, params);

/** 4000 with one of the texts above, optionally prefixed by a field label (`标题:…`). */
export const refuseWith = (key: TextKey, params?: TextParams, label?: Label) =>
  new ApiError(Code.validation, (locale) => text(locale, key, params, label));

/** 400 (dvadmin's ErrorResponse) with one of the texts above. */
export const badRequestWith = (key: TextKey, params?: TextParams) =>
  new ApiError(Code.badRequest, (locale) => text(locale, key, params));

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`
    : `${Math.round(bytes / 1024)} KB`;
}
