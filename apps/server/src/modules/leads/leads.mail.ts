import type { LeadType } from '@veritext/contracts';
import { escapeHtml, type MailLanguage, type RenderedMail } from '../mail/mail.templates.ts';
import type { LeadRecord } from './leads.repository.ts';

/*
 * The e-mails of the sales forms, in the style of mail/mail.templates.ts: plain text and an HTML twin carrying the
 * same words. The lead goes to the sales address (SALES_EMAIL) in English; the account an enquiry creates gets its
 * set-password link in the visitor's language.
 */

const TYPE_TITLES: Record<LeadType, string> = {
  enquiry: 'Institution enquiry (Get in touch)',
  contact: 'Contact form',
  quick_guide: 'Quick guide download',
  custom_quote: 'Custom quote request',
};

/** The lead as label and value rows (empty values left out). */
export function leadRows(lead: LeadRecord, extra: { accountCreated: boolean }): [string, string][] {
  const rows: [string, string][] = [
    ['Form', TYPE_TITLES[lead.type]],
    ['Name', lead.name],
    ['E-mail', lead.email],
    ['Public mail provider', lead.public_mail ? 'yes' : 'no'],
    ['Phone', lead.phone],
    ['Role', lead.role],
    ['LMS', lead.lms],
    ['Number of students', lead.number_of_students === null ? '' : String(lead.number_of_students)],
    ['Message', lead.message],
    ['Call to action', lead.cta],
    ['Previous URL', lead.previous_url],
    ['Language', lead.language],
  ];
  if (lead.type === 'enquiry') {
    rows.push([
      'Account',
      extra.accountCreated ? 'created by this enquiry' : lead.user_id === null ? 'none' : 'existing',
    ]);
  }
  rows.push(['Lead id', String(lead.id)], ['Received', lead.created_at.toISOString()]);
  return rows.filter(([, value]) => value !== '');
}

/** The message to the sales address. */
export function renderLeadMail(lead: LeadRecord, extra: { accountCreated: boolean }): RenderedMail {
  const subject = `New lead: ${TYPE_TITLES[lead.type]} from ${lead.name}`;
  const rows = leadRows(lead, extra);
  const text = [subject, '', ...rows.map(([label, value]) => `${label}: ${value}`), ''].join('\n');
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f7fa;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<div style="max-width:640px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<h1 style="font-size:18px">${escapeHtml(subject)}</h1>
<table style="border-collapse:collapse">
${rows
  .map(
    ([label, value]) =>
      `<tr><th style="text-align:left;vertical-align:top;padding:4px 12px 4px 0">${escapeHtml(label)}</th><td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
  )
  .join('\n')}
</table>
</div>
</body>
</html>
`;
  return { subject, text, html };
}

const WELCOME: Record<
  MailLanguage,
  {
    subject: string;
    greeting: (name: string) => string;
    lines: string[];
    action: string;
    expiry: string;
    signature: string;
  }
> = {
  en: {
    subject: 'Your Veritext account: set your password',
    greeting: (name) => `Hello ${name},`,
    lines: [
      'Thank you for getting in touch. We have created a Veritext account for this e-mail address, so you can try the checker while our team prepares an answer.',
      'Choose a password to sign in again later:',
    ],
    action: 'Set my password',
    expiry:
      'The link works once and expires in 7 days. If you did not send an enquiry to Veritext, you can ignore this message.',
    signature: 'The Veritext team',
  },
  es: {
    subject: 'Tu cuenta de Veritext: elige tu contraseña',
    greeting: (name) => `Hola, ${name}:`,
    lines: [
      'Gracias por contactar con nosotros. Hemos creado una cuenta de Veritext para esta dirección de correo electrónico, para que puedas probar el verificador mientras nuestro equipo prepara una respuesta.',
      'Elige una contraseña para volver a iniciar sesión más adelante:',
    ],
    action: 'Elegir mi contraseña',
    expiry:
      'El enlace solo funciona una vez y caduca en 7 días. Si no has enviado una consulta a Veritext, puedes ignorar este mensaje.',
    signature: 'El equipo de Veritext',
  },
};

/** The set-password e-mail of the account an enquiry created. */
export function renderLeadAccountMail(language: MailLanguage, input: { name: string; link: string }): RenderedMail {
  const copy = WELCOME[language];
  const greeting = copy.greeting(input.name);
  const text = [
    greeting,
    '',
    ...copy.lines,
    '',
    `${copy.action}: ${input.link}`,
    '',
    copy.expiry,
    '',
    copy.signature,
    '',
  ].join('\n');
  const link = escapeHtml(input.link);
  const html = `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><title>${escapeHtml(copy.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f7fa;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<p>${escapeHtml(greeting)}</p>
${copy.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p style="margin:28px 0"><a href="${link}" style="background:#1d4e89;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(copy.action)}</a></p>
<p>${escapeHtml(copy.expiry)}</p>
<p style="font-size:13px;color:#6b7280"><a href="${link}">${link}</a></p>
<p>${escapeHtml(copy.signature)}</p>
</div>
</body>
</html>
`;
  return { subject: copy.subject, text, html };
}
