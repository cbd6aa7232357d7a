import { describe, expect, it } from 'vitest';
import { readBoot } from '../../src/services/boot.ts';

describe('the sign-in page’s inlined boot data (/app-config.js `boot`)', () => {
  it('is read as the server wrote it', () => {
    const settings = { 'login.site_name': '闲鱼监控', 'base.captcha_state': true, 'custom.key': [1, 2] };
    expect(readBoot({ apiBase: '', boot: { settings, captchaEnabled: true } })).toEqual({
      settings,
      captchaEnabled: true,
    });
  });

  it('absent or malformed, it is ignored (the page then asks the API)', () => {
    expect(readBoot(undefined)).toBeUndefined();
    expect(readBoot({ apiBase: '' })).toBeUndefined();
    expect(readBoot({ boot: 'yes' })).toBeUndefined();
    expect(readBoot({ boot: { settings: [], captchaEnabled: true } })).toBeUndefined();
    expect(readBoot({ boot: { settings: {}, captchaEnabled: 'true' } })).toBeUndefined();
  });

  it('a known setting of the wrong type is dropped, so the page falls back to its default text', () => {
    const boot = readBoot({
      boot: {
        settings: {
          'login.site_name': { html: '<b>x</b>' },
          'login.copyright': null,
          'base.captcha_state': 'on',
        },
        captchaEnabled: false,
      },
    });
    expect(boot?.settings).toEqual({ 'login.copyright': null });
  });
});
