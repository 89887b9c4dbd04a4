import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { escapeHtml, mailLanguage, renderMail } from './mail.templates.ts';

describe('mail configuration', () => {
  it('uses the local outbox and http://localhost:3000 links by default', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.smtp).toBeNull();
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('takes SMTP_URL with MAIL_FROM, and PUBLIC_URL without its trailing slash', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      SMTP_URL: 'smtps://user:secret@mail.example.com:465',
      MAIL_FROM: 'Veritext <no-reply@example.com>',
      PUBLIC_URL: 'https://veritext.example.com/',
    });
    expect(config.smtp).toEqual({
      url: 'smtps://user:secret@mail.example.com:465',
      from: 'Veritext <no-reply@example.com>',
    });
    expect(config.publicUrl).toBe('https://veritext.example.com');
  });

  it('stops on a wrong SMTP_URL or PUBLIC_URL, and on SMTP_URL without MAIL_FROM', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', SMTP_URL: 'http://mail.example.com' })).toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'ftp://example.com' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ NODE_ENV: 'test', SMTP_URL: 'smtp://mail.example.com' })).toThrow(
      /MAIL_FROM: required with SMTP_URL/,
    );
  });
});

describe('mail configuration in production', () => {
  const production = {
    NODE_ENV: 'production',
    APP_SECRET: 'a-production-secret-'.padEnd(40, 'y'),
    STRIPE_SECRET_KEY: 'sk_live_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
    SELLER_NAME: 'Veritext Ltd',
    SELLER_ADDRESS: '1 Main Street',
  };

  it('stops without SMTP or without PUBLIC_URL: links would never reach users', () => {
    expect(() => loadConfig(production)).toThrow(/SMTP_URL, MAIL_FROM, PUBLIC_URL: required in production/);
    expect(() =>
      loadConfig({ ...production, SMTP_URL: 'smtp://mail.example.com', MAIL_FROM: 'no-reply@example.com' }),
    ).toThrow(/required in production/);
    expect(() => loadConfig({ ...production, PUBLIC_URL: 'https://veritext.example.com' })).toThrow(
      /required in production/,
    );
  });

  it('starts with all three', () => {
    const config = loadConfig({
      ...production,
      SMTP_URL: 'smtp://mail.example.com',
      MAIL_FROM: 'no-reply@example.com',
      PUBLIC_URL: 'https://veritext.example.com',
    });
    expect(config.smtp).toEqual({ url: 'smtp://mail.example.com', from: 'no-reply@example.com' });
    expect(config.publicUrl).toBe('https://veritext.example.com');
  });
});

describe('mail templates', () => {
  const link = 'https://veritext.test/reset-password/?code=abc&x=1';

  it('writes English or Spanish, anything else falls back to English', () => {
    expect(mailLanguage('es')).toBe('es');
    expect(mailLanguage('no')).toBe('en');
    expect(mailLanguage(null)).toBe('en');
    expect(renderMail('reset_password', 'en', { name: '', link }).subject).toBe('Reset your Veritext password');
    expect(renderMail('reset_password', 'es', { name: '', link }).subject).toBe('Restablece tu contraseña de Veritext');
  });

  it('carries the link in both parts and escapes what it puts into HTML', () => {
    const mail = renderMail('verify_email', 'en', { name: '<b>Eve</b>', link });
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('Hello <b>Eve</b>,');
    expect(mail.text).toContain('expires in 48 hours');
    expect(mail.html).toContain('href="https://veritext.test/reset-password/?code=abc&amp;x=1"');
    expect(mail.html).toContain('Hello &lt;b&gt;Eve&lt;/b&gt;,');
    expect(mail.html).not.toContain('<b>Eve</b>');
    expect(renderMail('reset_password', 'en', { name: 'A', link }).text).toContain('expires in 1 hour');
  });

  it('escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
