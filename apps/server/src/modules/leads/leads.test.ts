import { describe, expect, it } from 'vitest';
import { isPublicMailAddress } from '@veritext/contracts';
import { ConfigError, loadConfig } from '../../config.ts';
import { leadsCsv } from './leads.export.ts';
import { renderLeadAccountMail, renderLeadMail } from './leads.mail.ts';
import type { LeadRecord } from './leads.repository.ts';

const LEAD: LeadRecord = {
  id: 3,
  type: 'contact',
  name: '@SUM(A1) <b>',
  email: 'x@yahoo.co.uk',
  phone: '',
  role: '',
  lms: '',
  number_of_students: null,
  message: ' padded, "quoted"',
  cta: '',
  previous_url: '',
  language: 'en',
  public_mail: true,
  user_id: null,
  created_at: new Date('2026-05-12T10:00:00.000Z'),
};

describe('the leads module', () => {
  it('flags the public mail providers of §5 by the domain’s first label', () => {
    for (const email of ['a@gmail.com', 'b@yahoo.co.uk', 'c@hotmail.es', 'd@aol.com', 'e@icloud.com', 'f@mail.ru'])
      expect(isPublicMailAddress(email), email).toBe(true);
    for (const email of ['g@school.edu', 'h@gmailx.com', 'i@mail-school.org', 'j@uni.mail.com'])
      expect(isPublicMailAddress(email), email).toBe(false);
  });

  it('reads SALES_EMAIL, defaults it to sales@ the public host, and refuses a wrong one', () => {
    const base = { NODE_ENV: 'test', LOG_LEVEL: 'silent' };
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://www.veritext.test/' }).salesEmail).toBe(
      'sales@www.veritext.test',
    );
    expect(loadConfig({ ...base, SALES_EMAIL: 'leads@example.org' }).salesEmail).toBe('leads@example.org');
    expect(() => loadConfig({ ...base, SALES_EMAIL: 'not an address' })).toThrow(ConfigError);
  });

  it('writes the CSV with a BOM, CRLF, RFC 4180 quotes and defused formulas', () => {
    const csv = leadsCsv([LEAD]);
    expect(csv.startsWith('\uFEFFId,Received (UTC),Form,')).toBe(true);
    expect(csv).toContain(
      '\r\n3,2026-05-12T10:00:00.000Z,contact,\'@SUM(A1) <b>,x@yahoo.co.uk,yes,,,,," padded, ""quoted""",,,en,\r\n',
    );
  });

  it('escapes what visitors typed in the HTML mails', () => {
    const mail = renderLeadMail(LEAD, { accountCreated: false });
    expect(mail.subject).toBe('New lead: Contact form from @SUM(A1) <b>');
    expect(mail.html).toContain('@SUM(A1) &lt;b&gt;');
    expect(mail.html).not.toContain('<b>');
    expect(mail.text).toContain('Public mail provider: yes');
    const welcome = renderLeadAccountMail('es', { name: 'Eva <i>', link: 'https://x.test/reset-password/?code=a&b' });
    expect(welcome.subject).toBe('Tu cuenta de Veritext: elige tu contraseña');
    expect(welcome.html).toContain('Hola, Eva &lt;i&gt;:');
    expect(welcome.html).toContain('href="https://x.test/reset-password/?code=a&amp;b"');
    expect(welcome.text).toContain('Elegir mi contraseña: https://x.test/reset-password/?code=a&b');
  });
});
