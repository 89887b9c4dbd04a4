import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { ServicesContext } from '../app/ServicesContext.tsx';
import type { Services } from '../app/services.ts';
import { initI18n } from '../i18n/index.ts';
import { INTEGRATIONS_QUERY_KEY, type IntegrationsData } from './integrations.ts';
import { PLATFORM } from './testPlatform.ts';
import { IntegrationsPage } from './IntegrationsPage.tsx';

const TOOL = {
  login_url: 'https://veritext.example/lti/login',
  launch_url: 'https://veritext.example/lti/launch',
  deep_linking_url: 'https://veritext.example/lti/launch',
  jwks_url: 'https://veritext.example/lti/jwks.json',
  config_url: 'https://veritext.example/lti/config.json',
};

function render(data: IntegrationsData | null): string {
  const queryClient = new QueryClient();
  if (data !== null) queryClient.setQueryData([INTEGRATIONS_QUERY_KEY], data);
  const services = { queryClient, client: {}, endpoints: {} } as unknown as Services;
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={['/profile/integrations/']}>
      <QueryClientProvider client={queryClient}>
        <ServicesContext value={services}>
          <IntegrationsPage />
        </ServicesContext>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('the integrations page', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('shows the tool URLs with a labelled copy button each, and the owner’s platforms with their courses', () => {
    const html = render({
      lti: {
        tool: TOOL,
        groups: [{ id: 4, name: 'Fjord School' }],
        platforms: [
          {
            ...PLATFORM,
            contexts: [
              {
                id: 1,
                context_id: 'c-1',
                title: 'Economics',
                has_roster_service: true,
                roster_status: 'done',
                roster_synced_at: '2026-03-05T10:00:00.000Z',
                roster_members: 28,
                roster_error: null,
              },
              {
                id: 2,
                context_id: 'c-2',
                title: 'History',
                has_roster_service: true,
                roster_status: 'failed',
                roster_synced_at: null,
                roster_members: null,
                roster_error: 'the platform refused',
              },
            ],
          },
        ],
      },
    });
    expect(html).toContain('<h1 id="page-title" tabindex="-1">Integrations</h1>');
    expect(html).toContain('LTI 1.3 platforms');
    for (const url of Object.values(TOOL)) expect(html).toContain(`value="${url}"`);
    // each URL is a labelled, read-only field; each copy button names its URL for screen readers
    const labels = html.match(/<label for="[^"]+" class="field__label">[^<]+<\/label>/g) ?? [];
    expect(labels.map((label) => label.replace(/<[^>]+>/g, ''))).toEqual([
      'Login initiation URL (OpenID Connect)',
      'Launch URL (redirect URI, target link URI)',
      'Deep linking URL (content selection)',
      'Public keyset URL (JWKS)',
      'Configuration (JSON, for Canvas)',
    ]);
    expect(html.match(/readOnly=""|readonly=""/g)).toHaveLength(5);
    expect(html).toContain('Copy<span class="visually-hidden"> Public keyset URL (JWKS)</span>');
    expect(html.match(/role="status"/g)?.length).toBeGreaterThanOrEqual(5);

    expect(html).toContain('School Moodle');
    expect(html).toContain('abc123');
    expect(html).toContain('1, 2');
    expect(html).toContain('<strong>Economics</strong>: 28 members synced on');
    expect(html).toContain('the last sync failed: the platform refused');
    expect(html).toContain('Sync roster');
    expect(html).toContain('Register a platform');
    // the LMS tokens of the PlagiarismCheck-compatible API follow (part 1's section)
    expect(html).toContain('id="lms-tokens-title"');
    expect(html.indexOf('id="lti-title"')).toBeLessThan(html.indexOf('id="lms-tokens-title"'));
  });

  it('tells a user who owns no organisation that its administrator registers platforms', () => {
    const html = render({ lti: { tool: TOOL, groups: [], platforms: [] } });
    expect(html).toContain('Only the administrator of an organisation registers learning platforms.');
    expect(html).toContain('href="/profile/organisation/"');
    expect(html).not.toContain('Register a platform');
    // the tool URLs are still there to hand to the administrator
    expect(html).toContain('value="https://veritext.example/lti/jwks.json"');
  });

  it('shows a progress indicator while the integrations load', () => {
    const html = render(null);
    expect(html).toContain('Loading your integrations…');
  });

  it('disables "Sync roster" while no course of the platform offers its roster', () => {
    const html = render({ lti: { tool: TOOL, groups: [{ id: 4, name: 'Fjord School' }], platforms: [PLATFORM] } });
    expect(html).toContain('No course has launched Veritext yet.');
    expect(html).toMatch(/<button type="button" class="button button--small" disabled=""[^>]*>Sync roster<\/button>/);
  });
});
