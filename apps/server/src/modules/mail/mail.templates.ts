/** The e-mails the service sends, in the recipient's language (users.language: en or es; anything else: en). */
export type MailKind =
  'verify_email' | 'reset_password' | 'group_invitation' | 'member_invited' | 'notify_admin' | 'report_shared';
export type MailLanguage = 'en' | 'es';

export type RenderedMail = { subject: string; text: string; html: string };

/**
 * What a message says besides the name and link: who added the recipient to which organisation; for notify_admin,
 * which member asks (`member`) and for what (`request`: the words of the request, in the mail's language); for
 * report_shared, who shares (`member`) which document (`title`) until when (`until`, a date in the mail's language).
 */
export type MailDetails = {
  owner?: string;
  group?: string;
  member?: string;
  request?: string;
  title?: string;
  until?: string;
};

type Copy = {
  subject: string | ((details: Required<MailDetails>) => string);
  greeting: (name: string) => string;
  lines: readonly string[] | ((details: Required<MailDetails>) => readonly string[]);
  action: string;
  expiry: string | ((details: Required<MailDetails>) => string);
  ignore: string;
  fallback: string;
  signature: string;
};

const COPY: Record<MailKind, Record<MailLanguage, Copy>> = {
  verify_email: {
    en: {
      subject: 'Confirm your e-mail address',
      greeting: (name) => (name === '' ? 'Hello,' : `Hello ${name},`),
      lines: ['Thank you for signing up for Veritext. Please confirm that this is your e-mail address.'],
      action: 'Confirm my e-mail address',
      expiry: 'The link works once and expires in 48 hours.',
      ignore: 'If you did not create a Veritext account, you can ignore this message.',
      fallback: 'If the button does not work, copy this link into your browser:',
      signature: 'The Veritext team',
    },
    es: {
      subject: 'Confirma tu dirección de correo electrónico',
      greeting: (name) => (name === '' ? 'Hola:' : `Hola, ${name}:`),
      lines: ['Gracias por registrarte en Veritext. Confirma que esta es tu dirección de correo electrónico.'],
      action: 'Confirmar mi correo electrónico',
      expiry: 'El enlace solo funciona una vez y caduca en 48 horas.',
      ignore: 'Si no has creado una cuenta en Veritext, puedes ignorar este mensaje.',
      fallback: 'Si el botón no funciona, copia este enlace en tu navegador:',
      signature: 'El equipo de Veritext',
    },
  },
  reset_password: {
    en: {
      subject: 'Reset your Veritext password',
      greeting: (name) => (name === '' ? 'Hello,' : `Hello ${name},`),
      lines: ['We received a request to reset the password of your Veritext account.'],
      action: 'Choose a new password',
      expiry: 'The link works once and expires in 1 hour.',
      ignore: 'If you did not ask for this, ignore this message: your password stays as it is.',
      fallback: 'If the button does not work, copy this link into your browser:',
      signature: 'The Veritext team',
    },
    es: {
      subject: 'Restablece tu contraseña de Veritext',
      greeting: (name) => (name === '' ? 'Hola:' : `Hola, ${name}:`),
      lines: ['Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de Veritext.'],
      action: 'Elegir una contraseña nueva',
      expiry: 'El enlace solo funciona una vez y caduca en 1 hora.',
      ignore: 'Si no lo has solicitado, ignora este mensaje: tu contraseña no cambiará.',
      fallback: 'Si el botón no funciona, copia este enlace en tu navegador:',
      signature: 'El equipo de Veritext',
    },
  },
  group_invitation: {
    en: {
      subject: ({ owner, group }) => `${owner} invited you to join ${group} on Veritext`,
      greeting: (name) => (name === '' ? 'Hello,' : `Hello ${name},`),
      lines: ({ owner, group }) => [
        `${owner} invited you to join the organisation ${group} on Veritext.`,
        'Log in with your usual e-mail address and password and accept or decline the invitation in your profile. Until you accept, the organisation sees only this e-mail address.',
      ],
      action: 'See my invitations',
      expiry: '',
      ignore: 'If you do not know this organisation, please contact its administrator or our support team.',
      fallback: 'If the button does not work, copy this link into your browser:',
      signature: 'The Veritext team',
    },
    es: {
      subject: ({ owner, group }) => `${owner} te ha invitado a unirte a ${group} en Veritext`,
      greeting: (name) => (name === '' ? 'Hola:' : `Hola, ${name}:`),
      lines: ({ owner, group }) => [
        `${owner} te ha invitado a unirte a la organización ${group} en Veritext.`,
        'Inicia sesión con tu correo electrónico y contraseña de siempre y acepta o rechaza la invitación en tu perfil. Hasta que la aceptes, la organización solo ve esta dirección de correo electrónico.',
      ],
      action: 'Ver mis invitaciones',
      expiry: '',
      ignore:
        'Si no conoces esta organización, ponte en contacto con su administrador o con nuestro equipo de soporte.',
      fallback: 'Si el botón no funciona, copia este enlace en tu navegador:',
      signature: 'El equipo de Veritext',
    },
  },
  member_invited: {
    en: {
      subject: ({ owner, group }) => `${owner} invited you to ${group} on Veritext`,
      greeting: (name) => (name === '' ? 'Hello,' : `Hello ${name},`),
      lines: ({ owner, group }) => [
        `${owner} invited you to join the organisation ${group} on Veritext and created an account for you with this e-mail address.`,
        'Choose a password to start: then log in with this address and that password, and accept or decline the invitation in your profile.',
      ],
      action: 'Choose my password',
      expiry: 'The link works once and expires in 7 days. After that, use "Forgot password" on the login form.',
      ignore: 'If you do not know this organisation, you can ignore this message.',
      fallback: 'If the button does not work, copy this link into your browser:',
      signature: 'The Veritext team',
    },
    es: {
      subject: ({ owner, group }) => `${owner} te ha invitado a ${group} en Veritext`,
      greeting: (name) => (name === '' ? 'Hola:' : `Hola, ${name}:`),
      lines: ({ owner, group }) => [
        `${owner} te ha invitado a unirte a la organización ${group} en Veritext y ha creado una cuenta para ti con esta dirección de correo electrónico.`,
        'Elige una contraseña para empezar: después inicia sesión con esta dirección y esa contraseña, y acepta o rechaza la invitación en tu perfil.',
      ],
      action: 'Elegir mi contraseña',
      expiry:
        'El enlace solo funciona una vez y caduca en 7 días. Después, usa «¿Has olvidado tu contraseña?» en el formulario de inicio de sesión.',
      ignore: 'Si no conoces esta organización, puedes ignorar este mensaje.',
      fallback: 'Si el botón no funciona, copia este enlace en tu navegador:',
      signature: 'El equipo de Veritext',
    },
  },
  notify_admin: {
    en: {
      subject: ({ member, group }) => `${member} asks you to top up ${group} on Veritext`,
      greeting: (name) => (name === '' ? 'Hello,' : `Hello ${name},`),
      lines: ({ member, group, request }) => [
        `${member}, a member of ${group}, could not run a check and asks you for ${request}.`,
        'As the administrator you can buy a pack or a subscription for the organisation from your cabinet.',
      ],
      action: 'Open the pricing page',
      expiry: '',
      ignore: 'You get one such message per member and request an hour at most.',
      fallback: 'If the button does not work, copy this link into your browser:',
      signature: 'The Veritext team',
    },
    es: {
      subject: ({ member, group }) => `${member} te pide que recargues ${group} en Veritext`,
      greeting: (name) => (name === '' ? 'Hola:' : `Hola, ${name}:`),
      lines: ({ member, group, request }) => [
        `${member}, miembro de ${group}, no ha podido hacer una revisión y te pide ${request}.`,
        'Como administrador puedes comprar un paquete o una suscripción para la organización desde tu panel.',
      ],
      action: 'Abrir la página de precios',
      expiry: '',
      ignore: 'Recibes como mucho un mensaje así por miembro y petición cada hora.',
      fallback: 'Si el botón no funciona, copia este enlace en tu navegador:',
      signature: 'El equipo de Veritext',
    },
  },
  report_shared: {
    en: {
      subject: ({ member, title }) => `${member} shared the Similarity report of “${title}” with you`,
      greeting: (name) => (name === '' ? 'Hello,' : `Hello ${name},`),
      lines: ({ member, title }) => [
        `${member} shared with you the Veritext Similarity report of the document “${title}”.`,
        'You can read the report without an account: open the link below.',
      ],
      action: 'Open the report',
      expiry: ({ until }) => `The link works until ${until}, unless the sender stops it earlier.`,
      ignore: 'If you did not expect this message, you can ignore it.',
      fallback: 'If the button does not work, copy this link into your browser:',
      signature: 'The Veritext team',
    },
    es: {
      subject: ({ member, title }) => `${member} ha compartido contigo el informe de similitud de «${title}»`,
      greeting: (name) => (name === '' ? 'Hola:' : `Hola, ${name}:`),
      lines: ({ member, title }) => [
        `${member} ha compartido contigo el informe de similitud de Veritext del documento «${title}».`,
        'Puedes leer el informe sin una cuenta: abre el enlace de abajo.',
      ],
      action: 'Abrir el informe',
      expiry: ({ until }) => `El enlace funciona hasta el ${until}, salvo que el remitente lo desactive antes.`,
      ignore: 'Si no esperabas este mensaje, puedes ignorarlo.',
      fallback: 'Si el botón no funciona, copia este enlace en tu navegador:',
      signature: 'El equipo de Veritext',
    },
  },
};

export function mailLanguage(language: string | null | undefined): MailLanguage {
  return language === 'es' ? 'es' : 'en';
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A message with one action link: plain text and a simple HTML twin carrying the same words. */
export function renderMail(
  kind: MailKind,
  language: MailLanguage,
  input: { name: string; link: string } & MailDetails,
): RenderedMail {
  const copy = COPY[kind][language];
  const details = {
    owner: input.owner ?? '',
    group: input.group ?? '',
    member: input.member ?? '',
    request: input.request ?? '',
    title: input.title ?? '',
    until: input.until ?? '',
  };
  const subject = typeof copy.subject === 'string' ? copy.subject : copy.subject(details);
  const lines = typeof copy.lines === 'function' ? copy.lines(details) : copy.lines;
  const greeting = copy.greeting(input.name);
  const expiry = typeof copy.expiry === 'function' ? copy.expiry(details) : copy.expiry;
  const notes = [expiry, copy.ignore].filter((line) => line !== '');
  const text = [greeting, '', ...lines, '', `${copy.action}: ${input.link}`, '', ...notes, '', copy.signature, ''].join(
    '\n',
  );
  const link = escapeHtml(input.link);
  const html = `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f7fa;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<p>${escapeHtml(greeting)}</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p style="margin:28px 0"><a href="${link}" style="background:#1d4e89;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(copy.action)}</a></p>
${notes.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p style="font-size:13px;color:#6b7280">${escapeHtml(copy.fallback)}<br><a href="${link}">${link}</a></p>
<p>${escapeHtml(copy.signature)}</p>
</div>
</body>
</html>
`;
  return { subject, text, html };
}
