import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@veritext/contracts';
import { ServicesContext } from '../app/ServicesContext.tsx';
import type { Services } from '../app/services.ts';
import { initI18n } from '../i18n/index.ts';
import { ProfileSections, ProfileSettings, PROFILE_QUERY_KEY } from './ProfileSettings.tsx';

const profile: Profile = {
  name: 'Ana',
  email: 'ana@example.edu',
  timezone: 'Asia/Tokyo',
  language: 'en',
  verified: false,
  has_password: true,
};

function render(node: React.ReactNode, queryClient = new QueryClient()): string {
  const services = {
    queryClient,
    client: {},
    endpoints: {},
    session: {},
    storage: {},
  } as Partial<Services> as Services;
  return renderToStaticMarkup(
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <ServicesContext value={services}>{node}</ServicesContext>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('the profile page sections', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('shows every section of the spec, each a labelled region', () => {
    const html = render(<ProfileSections profile={profile} />);
    for (const title of ['Name', 'Email', 'Password', 'Time zone', 'Language', 'Delete account']) {
      expect(html).toContain(`>${title}</h2>`);
    }
    expect(html.match(/<section[^>]*aria-labelledby="[^"]+"/g)).toHaveLength(6);
  });

  it('fills in the name and shows the e-mail with its verified state', () => {
    const html = render(<ProfileSections profile={profile} />);
    expect(html).toMatch(/<input[^>]*value="Ana"/);
    expect(html).toContain('ana@example.edu');
    expect(html).toContain('Not verified');
    expect(render(<ProfileSections profile={{ ...profile, verified: true }} />)).toContain('>Verified<');
  });

  it('asks for the current password in the e-mail, password and deletion forms', () => {
    const html = render(<ProfileSections profile={profile} />);
    expect(html.match(/>Current password</g)).toHaveLength(3);
    expect(html.match(/autocomplete="current-password"/gi)).toHaveLength(3);
    expect(html.match(/autocomplete="new-password"/gi)).toHaveLength(2);
  });

  it('offers an account without a password (Google sign-in) a link to set one instead of the password forms', () => {
    const html = render(<ProfileSections profile={{ ...profile, has_password: false }} />);
    expect(html.match(/Email me a link to set a password/g)).toHaveLength(3);
    expect(html.match(/<form novalidate="" hidden="">/gi)).toHaveLength(3);
    expect(render(<ProfileSections profile={profile} />)).not.toContain('Email me a link to set a password');
  });

  it('offers a searchable list of time zones with the stored one selected', () => {
    const html = render(<ProfileSections profile={profile} />);
    expect(html).toContain('Search time zones');
    expect(html).toMatch(/<option value="Asia\/Tokyo" selected="">Asia\/Tokyo \(UTC\+09:00\)<\/option>/);
    expect(html).toContain('<option value="Europe/Madrid">');
    expect(html).toContain('Your time zone: Asia/Tokyo.');
  });

  it('offers English and Spanish, with the account’s language chosen', () => {
    const html = render(<ProfileSections profile={{ ...profile, language: 'es' }} />);
    expect(html).toMatch(/<legend[^>]*>Language of the site and of our emails<\/legend>/);
    expect(html).toMatch(/<input type="radio" name="[^"]+" checked="" value="es"\/>/);
    expect(html).toMatch(/<input type="radio" name="[^"]+" value="en"\/>/);
  });

  it('offers Norwegian too, named in bokmål, and keeps it chosen', () => {
    const html = render(<ProfileSections profile={{ ...profile, language: 'no' }} />);
    expect(html).toMatch(/<input type="radio" name="[^"]+" checked="" value="no"\/>/);
    expect(html).toContain('<span lang="nb">Norsk</span>');
  });

  it('says plainly what a deletion removes and what an organisation keeps, behind a checkbox', () => {
    const html = render(<ProfileSections profile={profile} />);
    expect(html).toContain('profile-section--danger');
    expect(html).toContain('your own checks (plagiarism and AI) with their documents');
    expect(html).toContain('stay with that organisation, without your name');
    expect(html).toContain('make another member its administrator first');
    expect(html).toMatch(/<input type="checkbox"/);
    expect(html).toContain('Delete my account');
  });

  it('shows the loaded profile from the query cache, and a busy state before', () => {
    const queryClient = new QueryClient();
    expect(render(<ProfileSettings />, queryClient)).toContain('aria-busy="true"');
    queryClient.setQueryData(PROFILE_QUERY_KEY, profile);
    expect(render(<ProfileSettings />, queryClient)).toContain('ana@example.edu');
  });

  it('is in Spanish too', async () => {
    await initI18n('es');
    try {
      const html = render(<ProfileSections profile={profile} />);
      expect(html).toContain('Eliminar la cuenta');
      expect(html).toContain('Zona horaria');
    } finally {
      await initI18n('en');
    }
  });
});
