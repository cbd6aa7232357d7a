import { describe, expect, it } from 'vitest';
import { createI18n, resources } from '../../src/services/i18n/index.ts';
import { addHeaderTranslations, headerResources } from '../../src/ui/shell/header/i18n.ts';

const keys = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([k, v]) => keys(v, `${prefix}${k}.`))
    : [prefix.slice(0, -1).replace(/_(one|other)$/, '')];

describe('header translations', () => {
  it('zh-CN and en carry the same keys', () => {
    expect([...new Set(keys(headerResources.en))].sort()).toEqual(
      [...new Set(keys(headerResources['zh-CN']))].sort(),
    );
  });

  it('stay out of the eager locale bundle the sign-in page loads', () => {
    expect(Object.values(resources).some((byNs) => 'header' in byNs)).toBe(false);
  });

  it('are added to an instance once, in both languages (dvadmin wording in Chinese)', () => {
    const i18n = createI18n({ cookieLang: 'zh-chs', react: false });
    addHeaderTranslations(i18n);
    addHeaderTranslations(i18n);
    expect(i18n.t('header:fullscreen.enter')).toBe('全屏');
    expect(i18n.t('header:fullscreen.exit')).toBe('退出全屏');
    expect(i18n.t('header:size.mini')).toBe('最小');
    expect(i18n.t('header:log.tooltip', { n: 3, m: 1 })).toBe('3 条日志 | 包含 1 个异常');
    expect(i18n.getFixedT('en')('header:log.none')).toBe('No log entries or errors');
  });
});
