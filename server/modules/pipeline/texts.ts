// Messages of the monitoring pipeline's modules (tasks, phones, device data, item filters, sellers, items,
// logs), Chinese by default and English when Accept-Language prefers it.
import { Code } from '../../../src/contract/envelope.ts';
import { ApiError, type Label } from '../../http/envelope.ts';
import type { Locale } from '../../http/messages.ts';

export const PIPELINE_TEXTS = {
  badPhoneToken: { zh: '手机令牌无效', en: 'Invalid phone token' },
  phoneTokenMissing: {
    zh: '请使用手机令牌（Authorization: Token <令牌>）。',
    en: 'Use the phone token (Authorization: Token <token>).',
  },
  unknownSerial: {
    zh: '序列号与令牌所属的手机不符或不存在。',
    en: 'No phone with this serial holds this token.',
  },
  minAboveMax: { zh: '最低价不能高于最高价。', en: 'The minimum price may not exceed the maximum.' },
  filterNoRule: {
    zh: '请至少设置一条规则（排除词、包含词、最低价或最高价）。',
    en: 'Set at least one rule (exclude words, include words, minimum or maximum price).',
  },
  taskNotOfPhone: { zh: '任务不存在或未分配给该手机。', en: 'No such task is assigned to this phone.' },
  taskMissing: { zh: '任务不存在。', en: 'No such task.' },
  keywordsEmpty: { zh: '请至少填写一个关键词。', en: 'Enter at least one keyword.' },
  sellerIdentity: {
    zh: '请填写卖家 ID 或名称。',
    en: 'Enter the seller id or name.',
  },
  badNumber: { zh: '请填写合法的数字。', en: 'Enter a valid number.' },
} as const satisfies Record<string, Record<Locale, string>>;

export type PipelineTextKey = keyof typeof PIPELINE_TEXTS;

/** 4000 with one of the texts above, prefixed by a field label when given (`最低价:…`). */
export const refusePipeline = (key: PipelineTextKey, label?: Label) =>
  new ApiError(Code.validation, (locale) => {
    const message = PIPELINE_TEXTS[key][locale];
    if (label === undefined) return message;
    return `${typeof label === 'string' ? label : label[locale]}:${message}`;
  });
