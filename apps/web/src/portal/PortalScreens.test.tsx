import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { ServicesContext } from '../app/ServicesContext.tsx';
import type { Services } from '../app/services.ts';
import { i18next, initI18n } from '../i18n/index.ts';
import { GroupInviteLinks } from '../invites/RegistrationLinksCard.tsx';
import { InviteNoticeView } from '../invites/InviteNotice.tsx';
import { sampleUser } from '../test/fixtures.ts';
import { PortalEmailSent } from './PortalEmailSent.tsx';
import { PortalForgotPage } from './PortalForgotPage.tsx';
import { PortalLoginPage } from './PortalLoginPage.tsx';
import { PortalRegistrationPage } from './PortalRegistrationPage.tsx';
import { PortalResetDone, PortalResetError } from './PortalResetPage.tsx';

function sessionOf(state: object): Services['session'] {
  return { subscribe: () => () => undefined, getState: () => state } as unknown as Services['session'];
}
const guest = sessionOf({ status: 'guest', profile: null, error: null });
const user = sessionOf({ status: 'user', profile: sampleUser, error: null });

function render(node: ReactNode, session = guest, url = '/integrito/registration/?utm=x'): string {
  const services = { queryClient: new QueryClient(), session } as Partial<Services> as Services;
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[url]}>
      <ServicesContext.Provider value={services}>
        <QueryClientProvider client={services.queryClient}>{node}</QueryClientProvider>
      </ServicesContext.Provider>
    </MemoryRouter>,
  );
}

describe('the portal screens', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('the registration form: e-mail, the six roles, how can we help, terms and info boxes, login link with the query', () => {
    const html = render(<PortalRegistrationPage />);
    expect(html).toContain('Activity report tool: sign up');
    expect(html).toContain('name="email"');
    for (const label of ['Student', 'Educator', 'Researcher', 'Content writer', 'Blogger', 'Other']) {
      expect(html).toContain(`>${label}</option>`);
    }
    expect(html).toContain('<option value="1">Student</option>');
    expect(html).toContain('<option value="6">Other</option>');
    expect(html).toContain('name="how_can_help"');
    expect(html).toContain('name="terms"');
    expect(html).toContain('name="info"');
    // school_name appears only once a role 1-3 is chosen
    expect(html).not.toContain('name="school_name"');
    expect(html).toContain('href="/integrito/login/?utm=x"');
  });

  it('a logged-in user is not asked for an e-mail', () => {
    const html = render(<PortalRegistrationPage />, user);
    expect(html).not.toContain('name="email"');
    expect(html).toContain(`You are logged in as ${sampleUser.email}.`);
  });

  it('the login keeps the query on its forgot and sign-up links', () => {
    const html = render(<PortalLoginPage />, guest, '/integrito/login/?utm=x');
    expect(html).toContain('name="_username"');
    expect(html).toContain('name="_password"');
    expect(html).toContain('href="/integrito/forgot-password/?utm=x"');
    expect(html).toContain('href="/integrito/registration/?utm=x"');
  });

  it('the forgot screen has a Go back button to the login', () => {
    const html = render(<PortalForgotPage />, guest, '/integrito/forgot-password/?utm=x');
    expect(html).toContain('Forgot your password?');
    expect(html).toMatch(/<a[^>]*href="\/integrito\/login\/\?utm=x"[^>]*>Go back<\/a>/);
  });

  it('the confirmation screen offers Resend email and Log in', () => {
    const html = render(
      <PortalEmailSent email="a@b.co" title="Check your email" loginPath="/integrito/login/?utm=x" />,
    );
    expect(html).toContain('We sent a link to a@b.co.');
    expect(html).toContain('>Resend email</button>');
    expect(html).toMatch(/href="\/integrito\/login\/\?utm=x"[^>]*>Log in<\/a>/);
  });

  it('the reset success says Done and links to /integrito/login/; the error screen offers Contact us', () => {
    const done = render(<PortalResetDone />);
    expect(done).toContain('Done!');
    expect(done).toContain('Your password has been successfully updated.');
    expect(done).toContain('href="/integrito/login/"');
    const error = render(<PortalResetError message="The code is not valid." />);
    expect(error).toContain('Oops, something went wrong…');
    expect(error).toContain('The code is not valid.');
    expect(error).toContain('Contact us');
  });

  it('the by-link notice says which group and role', () => {
    const html = render(<InviteNoticeView info={{ groupId: 1, groupName: 'Lincoln High', role: 2 }} error={null} />);
    expect(html).toContain('You are joining Lincoln High as Teacher');
    const gone = render(<InviteNoticeView info={null} error="This registration link is no longer valid." />);
    expect(gone).toContain('role="alert"');
  });

  it('the registration links card: one link per role with copy and new-link buttons, and the copy message', () => {
    const invites = [
      { role: 3 as const, url: 'https://v.example/?invite=s', token: 's', created_at: '' },
      { role: 2 as const, url: 'https://v.example/?invite=t', token: 't', created_at: '' },
    ];
    const props = {
      groupName: 'Lincoln High',
      invites,
      isRotating: false,
      onCopy: () => undefined,
      onRotate: () => undefined,
    };
    const html = render(<GroupInviteLinks {...props} copyState={{ role: 2, outcome: 'copied' }} />);
    expect(html.indexOf('Link for a Teacher')).toBeLessThan(html.indexOf('Link for a Student'));
    expect(html).toContain('value="https://v.example/?invite=t"');
    expect(html).toContain('value="https://v.example/?invite=s"');
    expect(html).toContain('The link was copied to your clipboard');
    const failed = render(<GroupInviteLinks {...props} copyState={{ role: 3, outcome: 'failed' }} />);
    expect(failed).toContain('The link could not be copied.');
  });

  it('Spanish screens are translated', async () => {
    await i18next.changeLanguage('es');
    try {
      expect(render(<PortalResetDone />)).toContain('¡Listo!');
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
