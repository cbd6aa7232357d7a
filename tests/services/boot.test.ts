import { describe, expect, it } from 'vitest';
import { inlinedBoot, readBoot } from '../../src/services/boot.ts';

describe('the sign-in page’s inlined boot data (the JSON block in /login’s HTML)', () => {
  it('is read as the server wrote it', () => {
    const settings = { 'login.site_name': '闲鱼监控', 'base.captcha_state': true, 'custom.key': [1, 2] };
    expect(readBoot({ settings, captchaEnabled: true })).toEqual({
      settings,
      captchaEnabled: true,
    });
  });

  it('absent or malformed, it is ignored (the page then asks the API)', () => {
    expect(readBoot(undefined)).toBeUndefined();
    expect(readBoot({ apiBase: '' })).toBeUndefined();
    expect(readBoot('yes')).toBeUndefined();
    expect(readBoot({ settings: [], captchaEnabled: true })).toBeUndefined();
    expect(readBoot({ settings: {}, captchaEnabled: 'true' })).toBeUndefined();
  });

  it('a known setting of the wrong type is dropped, so the page falls back to its default text', () => {
    const boot = readBoot({
      settings: {
        'login.site_name': { html: '<b>x</b>' },
        'login.copyright': null,
        'base.captcha_state': 'on',
      },
      captchaEnabled: false,
    });
    expect(boot?.settings).toEqual({ 'login.copyright': null });
  });

  it('the first captcha challenge is kept when a captcha is asked and it has a key and an image data URL', () => {
    const captcha = { key: 41, image: 'data:image/svg+xml;base64,PHN2Zy8+' };
    expect(readBoot({ settings: {}, captchaEnabled: true, captcha })?.captcha).toEqual(captcha);
    expect(
      readBoot({ settings: {}, captchaEnabled: true, captcha: { ...captcha, key: 'k1' } })?.captcha,
    ).toEqual({ ...captcha, key: 'k1' });
  });

  it('a malformed challenge, or one with the captcha off, is ignored (the page asks the API for one)', () => {
    const image = 'data:image/svg+xml;base64,PHN2Zy8+';
    const read = (captcha: unknown, captchaEnabled = true) =>
      readBoot({ settings: {}, captchaEnabled, captcha });
    for (const captcha of [
      null,
      'x',
      { key: 1 },
      { image },
      { key: '', image },
      { key: { id: 1 }, image },
      { key: 1, image: 'javascript:alert(1)' },
      { key: 1, image: 'https://evil.example/c.svg' },
    ]) {
      const boot = read(captcha);
      expect(boot, JSON.stringify(captcha)).toBeDefined();
      expect(boot?.captcha, JSON.stringify(captcha)).toBeUndefined();
    }
    expect(read({ key: 1, image }, false)?.captcha).toBeUndefined();
  });

  it('comes from the page’s JSON block; a missing, empty or corrupt block reads as none', () => {
    const page = (text: string | null) => ({
      getElementById: (id: string) => (id === 'sign-in-boot' && text !== null ? { textContent: text } : null),
    });
    const settings = { 'login.site_name': '</script><b>闲鱼</b>' };
    expect(inlinedBoot(page(JSON.stringify({ settings, captchaEnabled: false })) as never)).toEqual({
      settings,
      captchaEnabled: false,
    });
    for (const text of [null, '', '{"settings":', 'null', '[1]'])
      expect(inlinedBoot(page(text) as never), String(text)).toBeUndefined();
  });
});
