import { describe, expect, it } from 'vitest';
import { createI18n, resources } from '../../src/services/i18n/index.ts';

describe('header translations', () => {
  it('stay out of the eager locale bundle the sign-in page loads', () => {
    expect(Object.values(resources).some((byNs) => 'header' in byNs)).toBe(false);
  });

  it('translate in both languages once loaded (dvadmin wording in Chinese)', () => {
    // tests/support/setup.ts has preloaded the lazy namespaces: instances created now start with them
    const i18n = createI18n({ cookieLang: 'zh-chs', react: false });
    expect(i18n.t('header:fullscreen.enter')).toBe('全屏');
    expect(i18n.t('header:fullscreen.exit')).toBe('退出全屏');
    expect(i18n.t('header:size.mini')).toBe('最小');
    expect(i18n.t('header:log.tooltip', { n: 3, m: 1 })).toBe('3 条日志 | 包含 1 个异常');
    expect(i18n.getFixedT('en')('header:log.none')).toBe('No log entries or errors');
  });
});
