import { renderToStaticMarkup } from 'react-dom/server';
import * as Dialog from '@radix-ui/react-dialog';
import { MemoryRouter } from 'react-router';
import type { ReactNode } from 'react';
import { PASSWORD_RESET_DONE_MESSAGE } from '@veritext/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18next, initI18n } from '../i18n/index.ts';
import { ForgotView, type ForgotViewProps } from './ForgotModal.tsx';
import { ResetPasswordView, type ResetPasswordViewProps } from './ResetPassword.tsx';
import { VerifyEmailView } from './VerifyEmailModal.tsx';

const noop = (): void => undefined;

function render(node: ReactNode): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <Dialog.Root open>{node}</Dialog.Root>
    </MemoryRouter>,
  );
}

const forgot = (partial: Partial<ForgotViewProps> = {}): string =>
  render(
    <ForgotView
      step="form"
      email=""
      isBusy={false}
      error={null}
      hasResent={false}
      onEmailChange={noop}
      onSubmit={noop}
      onResend={noop}
      onBack={noop}
      onLogin={noop}
      {...partial}
    />,
  );

const reset = (partial: Partial<ResetPasswordViewProps> = {}): string =>
  render(
    <ResetPasswordView
      phase="form"
      message={null}
      password=""
      confirmPassword=""
      problem={null}
      isBusy={false}
      contactHref="/contact-us/"
      onPasswordChange={noop}
      onConfirmChange={noop}
      onSubmit={noop}
      onLogin={noop}
      onRequestNew={noop}
      {...partial}
    />,
  );

describe('account e-mail screens', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('the forgot form asks for the e-mail, then confirms with Resend email and Log in', () => {
    const form = forgot();
    expect(form).toContain('type="email"');
    expect(form).toContain('maxLength="50"');
    expect(form).toContain('Send reset link');
    expect(form).toContain('Go back');

    const sent = forgot({ step: 'sent', email: ' ana@example.edu ' });
    expect(sent).toContain('If an account uses ana@example.edu, we have sent it a link to reset the password.');
    expect(sent).toContain('Resend email');
    expect(sent).toContain('Log in');
    expect(sent).not.toContain('We have sent the link again.');
    expect(forgot({ step: 'sent', hasResent: true })).toContain('We have sent the link again.');
    expect(forgot({ error: 'Too many attempts.' })).toContain('role="alert">Too many attempts.');
  });

  it('the reset form has the strength meter, the confirmation and field errors', () => {
    const html = reset({ password: 'Str0ng!Passw0rd' });
    expect(html).toContain('New password');
    expect(html).toContain('Confirm new password');
    expect(html).toContain('Password strength:');
    expect(html).toContain('aria-describedby="reset-password-strength"');
    expect(reset({ problem: 'mismatch' })).toContain('The passwords do not match.');
    expect(reset({ problem: 'weak' })).toContain('Your password must be 8 to 72 characters long');
  });

  it('the reset screens: checking, done with Log in, the error with Contact us', () => {
    expect(reset({ phase: 'checking' })).toContain('Checking your link…');
    const done = reset({ phase: 'done' });
    expect(done).toContain(PASSWORD_RESET_DONE_MESSAGE);
    expect(done).toContain('>Log in</button>');
    const error = reset({ phase: 'error', message: 'This password reset link has expired. Please request a new one.' });
    expect(error).toContain('Oops, something went wrong…');
    expect(error).toContain('This password reset link has expired. Please request a new one.');
    expect(error).toContain('href="/contact-us/"');
    expect(error).toContain('Contact us');
    expect(error).not.toContain('New password');
  });

  it('the verify_email modal offers Resend email and shows its result', () => {
    const idle = render(<VerifyEmailView email="ana@example.edu" status="idle" error={null} onResend={noop} />);
    expect(idle).toContain('Resend email');
    expect(idle).toContain('Check your spam folder');
    expect(idle).not.toContain('We have sent a new confirmation');
    const sent = render(<VerifyEmailView email="ana@example.edu" status="sent" error={null} onResend={noop} />);
    expect(sent).toContain('We have sent a new confirmation email to ana@example.edu.');
    const busy = render(<VerifyEmailView email="a@b.co" status="sending" error="Limit" onResend={noop} />);
    expect(busy).toContain('disabled=""');
    expect(busy).toContain('role="alert">Limit');
  });

  it('speaks Spanish too', async () => {
    await i18next.changeLanguage('es');
    try {
      expect(reset({ phase: 'done' })).toContain('¡Listo! Tu contraseña se ha actualizado correctamente.');
      expect(forgot({ step: 'sent' })).toContain('Reenviar correo');
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
