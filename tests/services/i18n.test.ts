// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { createCookieJar } from '../../src/services/cookies.ts';
import {
  CORE_NAMESPACES,
  changeLanguage,
  collectResources,
  cookieValueFor,
  createI18n,
  currentLanguage,
  i18n,
  languageFromCookie,
  NAMESPACES,
  preloadNamespaces,
  resources,
} from '../../src/services/i18n/index.ts';

afterEach(() => {
  createCookieJar(document).remove('lang');
});

describe('i18n (seed §9: default zh-chs, fallback en, stored in the lang cookie)', () => {
  it('zh-CN is the default language', () => {
    const i18n = createI18n({ react: false });
    expect(currentLanguage(i18n)).toBe('zh-CN');
    expect(i18n.t('common:appName')).toBe('后台管理系统');
  });

  it("dvadmin's zh-chs cookie value means zh-CN; en means English", () => {
    expect(languageFromCookie('zh-chs')).toBe('zh-CN');
    expect(languageFromCookie('en')).toBe('en');
    expect(languageFromCookie('en-US')).toBe('en');
    expect(languageFromCookie('fr')).toBe('zh-CN');
    expect(currentLanguage(createI18n({ cookieLang: 'zh-chs', react: false }))).toBe('zh-CN');
    expect(createI18n({ cookieLang: 'en', react: false }).t('common:appName')).toBe('Admin console');
  });

  it('a key missing in zh-CN falls back to en', () => {
    const i18n = createI18n({
      react: false,
      resources: {
        'zh-CN': { common: { hello: '你好' } },
        en: { common: { hello: 'Hello', onlyEn: 'Only in English' } },
      },
    });
    expect(i18n.t('hello')).toBe('你好');
    expect(i18n.t('onlyEn')).toBe('Only in English');
  });

  it('switching the language is persisted with the dvadmin cookie value', async () => {
    const i18n = createI18n({ react: false });
    const written: string[] = [];
    await changeLanguage('en', { instance: i18n, persist: (v) => written.push(v) });
    expect(i18n.t('common:cancel')).toBe('Cancel');
    await changeLanguage('zh-CN', { instance: i18n, persist: (v) => written.push(v) });
    expect(written).toEqual(['en', 'zh-chs']);
    expect(cookieValueFor('zh-CN')).toBe('zh-chs');
  });

  it('by default the switch lands in the lang cookie and on <html lang>', async () => {
    const i18n = createI18n({ react: false });
    await changeLanguage('en', { instance: i18n });
    expect(document.cookie).toContain('lang=en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('every namespace file is picked up from locales/<lng>/<ns>.json', () => {
    expect(Object.keys(resources).sort()).toEqual(expect.arrayContaining(['en', 'zh-CN']));
    expect(Object.keys(resources['zh-CN']!)).toEqual(expect.arrayContaining(['common', 'http']));
    expect(
      collectResources({
        './locales/en/login.json': { a: 1 },
        './locales/zh-CN/login.json': { a: 2 },
        './x.json': {},
      }),
    ).toEqual({ en: { login: { a: 1 } }, 'zh-CN': { login: { a: 2 } } });
  });
});

describe('every namespace', () => {
  const flatKeys = (value: unknown, prefix = ''): string[] =>
    value && typeof value === 'object'
      ? Object.entries(value).flatMap(([k, v]) => flatKeys(v, prefix ? `${prefix}.${k}` : k))
      : [prefix];

  it.each(NAMESPACES)('%s has the same keys in zh-CN and en, none empty', (ns) => {
    // tests/support/setup.ts has preloaded the lazy namespaces into the app's instance
    const zh = i18n.getResourceBundle('zh-CN', ns) as unknown;
    const en = i18n.getResourceBundle('en', ns) as unknown;
    // plural forms differ by language (zh has only `_other`): compare the base keys
    const base = (value: unknown) =>
      [...new Set(flatKeys(value).map((k) => k.replace(/_(one|other)$/, '')))].sort();
    expect(base(zh)).toEqual(base(en));
    for (const key of flatKeys(zh)) {
      expect(
        String(key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], zh)).trim(),
      ).not.toBe('');
    }
  });

  it('the Chinese wording of seed §8 is exact', () => {
    const i18n = createI18n({ cookieLang: 'zh-chs', react: false });
    const t = (k: string, o?: Record<string, unknown>) => i18n.t(k, o ?? {});
    expect(t('http:status.400')).toBe('请求错误');
    expect(t('http:status.401')).toBe('未认证，请登录');
    expect(t('http:status.403')).toBe('拒绝访问');
    expect(t('http:status.404', { url: '/a/' })).toBe('请求地址出错: /a/');
    expect(t('http:status.408')).toBe('请求超时');
    expect(t('http:status.500')).toBe('服务器内部错误');
    expect(t('http:status.501')).toBe('服务未实现');
    expect(t('http:status.502')).toBe('网关错误');
    expect(t('http:status.503')).toBe('服务不可用');
    expect(t('http:status.504')).toBe('网关超时');
    expect(t('http:status.505')).toBe('HTTP版本不受支持');
    expect(t('http:loginTimeout')).toBe('登录超时，请重新登录！');
    expect(t('http:userNotFound')).toBe('用户无效，请重新登录！');
    expect(t('http:uploadFailed')).toBe('上传失败');
    expect(t('http:mockLoginFailed')).toBe('账号或密码不正确');
    expect(t('http:socket.connected')).toBe('连接成功');
    expect(t('http:socket.disconnected')).toBe('断开连接');
    expect(t('http:socket.connectError')).toBe('连接服务器失败,实时显示可能不正常');
  });
});

describe('lazy namespaces keep the sign-in bundle small', () => {
  it('only the sign-in namespaces are bundled; the shell namespaces exist as lazy chunks', () => {
    expect(Object.keys(resources['zh-CN'] ?? {}).sort()).toEqual([...CORE_NAMESPACES].sort());
    expect(NAMESPACES).toEqual(expect.arrayContaining(['common', 'login', 'tabs', 'shell']));
  });

  it('a lazy namespace is fetched by the preload and then translates in both languages', async () => {
    const i18n = createI18n({ react: false, resources }); // the sign-in bundle only
    expect(i18n.hasResourceBundle('zh-CN', 'tabs')).toBe(false);
    await preloadNamespaces(i18n);
    expect(i18n.t('tabs:closeLeft')).toBe('关闭左侧');
    await i18n.changeLanguage('en');
    expect(i18n.t('tabs:closeLeft')).not.toBe('tabs:closeLeft');
    expect(i18n.t('tabs:closeLeft')).not.toBe('关闭左侧');
  });

  it('asking for a lazy namespace loads it through the backend', async () => {
    const i18n = createI18n({ react: false });
    await i18n.loadNamespaces('tabs');
    expect(i18n.t('tabs:refresh')).toBe('刷新');
  });
});
