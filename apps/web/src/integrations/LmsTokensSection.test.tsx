import type { LmsToken, LmsTokenList } from '@veritext/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../api/client.ts';
import { initI18n } from '../i18n/index.ts';
import { LmsTokensView } from './LmsTokensSection.tsx';
import { lmsTokenFields, lmsTokenFormError, lmsTokensEndpoints, sortTokens } from './lmsTokens.ts';

const noop = (): void => undefined;

function textOf(markup: string): string {
  return markup
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function token(overrides: Partial<LmsToken>): LmsToken {
  return {
    id: 1,
    kind: 'personal',
    group_id: null,
    group_name: null,
    name: 'School Moodle',
    hint: 'x9Zq',
    check_ai: false,
    auto_registration: false,
    created_at: '2026-03-01T10:00:00.000Z',
    last_used_at: null,
    revoked_at: null,
    ...overrides,
  };
}

const DATA: LmsTokenList = {
  tokens: [
    token({ id: 1, revoked_at: '2026-03-02T10:00:00.000Z', name: 'Old site' }),
    token({
      id: 2,
      kind: 'organisation',
      group_id: 7,
      group_name: 'North College',
      name: 'College Moodle',
      hint: 'Ab12',
      check_ai: true,
      auto_registration: true,
      last_used_at: '2026-03-03T08:30:00.000Z',
    }),
  ],
  organisations: [{ id: 7, name: 'North College' }],
  endpoint: 'https://veritext.example',
};

describe('LMS tokens section', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('shows the endpoint to copy, live tokens first with their dates and options, the revoked ones last', () => {
    const markup = renderToStaticMarkup(
      <LmsTokensView data={DATA} created={null} onCreate={noop} onRevoke={noop} onDismissCreated={noop} />,
    );
    const text = textOf(markup);
    expect(markup).toContain('value="https://veritext.example"');
    expect(text).toContain('Endpoint URL to paste into the plugin');
    expect(text.indexOf('College Moodle')).toBeLessThan(text.indexOf('Old site'));
    expect(text).toContain('Charged to North College Token (last characters) G-…Ab12');
    expect(text).toContain('AI check on every submission On Auto-registration On');
    expect(text).toContain('Old site (revoked)');
    expect(text).toContain('Last used Never');
    // one revoke button: the live token's, named for screen readers
    expect(markup.match(/>Revoke</g)).toHaveLength(1);
    expect(text).toContain('Revoke College Moodle');
    // the form offers the user's own pages or the organisation's
    expect(text).toContain('Me (my own pages)');
    expect(text).toContain('North College (the organisation&#x27;s pages)');
    expect(markup).toContain('<label');
  });

  it('shows a new token once, for copying, with a way to dismiss it', () => {
    const created = { token: 'G-secretTokenValue', item: DATA.tokens[1]!, endpoint: DATA.endpoint };
    const markup = renderToStaticMarkup(
      <LmsTokensView data={DATA} created={created} onCreate={noop} onRevoke={noop} onDismissCreated={noop} />,
    );
    expect(markup).toContain('value="G-secretTokenValue"');
    expect(textOf(markup)).toContain('it is shown only this once');
    expect(textOf(markup)).toContain('Done');
    // the list itself never holds a token
    const listOnly = renderToStaticMarkup(
      <LmsTokensView data={DATA} created={null} onCreate={noop} onRevoke={noop} onDismissCreated={noop} />,
    );
    expect(listOnly).not.toContain('G-secretTokenValue');
  });

  it('without organisations: no owner choice; no tokens: says so', () => {
    const text = textOf(
      renderToStaticMarkup(
        <LmsTokensView
          data={{ tokens: [], organisations: [], endpoint: 'https://v.example' }}
          created={null}
          onCreate={noop}
          onRevoke={noop}
          onDismissCreated={noop}
          createError="Access denied."
        />,
      ),
    );
    expect(text).toContain('No LMS tokens yet.');
    expect(text).not.toContain('Charged to');
    expect(text).toContain('Access denied.');
  });

  it('the form: a name is required; auto-registration only for an organisation token', () => {
    expect(lmsTokenFormError({ name: '  ', owner: '', checkAi: false, autoRegistration: false })).toBe('required');
    expect(lmsTokenFormError({ name: 'x'.repeat(101), owner: '', checkAi: false, autoRegistration: false })).toBe(
      'tooLong',
    );
    expect(lmsTokenFields({ name: ' Site ', owner: '', checkAi: true, autoRegistration: true }, 'c')).toEqual({
      name: 'Site',
      check_ai: '1',
      _csrf_token: 'c',
    });
    expect(lmsTokenFields({ name: 'Site', owner: '7', checkAi: false, autoRegistration: true }, 'c')).toEqual({
      name: 'Site',
      group_id: '7',
      check_ai: '0',
      auto_registration: '1',
      _csrf_token: 'c',
    });
    expect(sortTokens(DATA.tokens).map((item) => item.id)).toEqual([2, 1]);
  });

  it('calls the API: list, create with the CSRF token, revoke', async () => {
    const calls: { method: string; path: string; fields?: Record<string, string> }[] = [];
    const client = {
      async getJson(path: string) {
        calls.push({ method: 'GET', path });
        if (path === '/csrf_tokens') return { token: 'csrf-1', guest_csrf: 'g' };
        return { success: true, data: DATA };
      },
      async postForm(path: string, fields: Record<string, string>) {
        calls.push({ method: 'POST', path, fields });
        if (path.endsWith('/revoke/')) return { success: true, data: { token: DATA.tokens[1] } };
        return { success: true, data: { token: 'L-new', item: DATA.tokens[0], endpoint: DATA.endpoint } };
      },
    } as unknown as ApiClient;
    const endpoints = lmsTokensEndpoints(client);
    expect((await endpoints.load()).endpoint).toBe('https://veritext.example');
    expect((await endpoints.create({ name: 'A', owner: '', checkAi: false, autoRegistration: false })).token).toBe(
      'L-new',
    );
    await endpoints.revoke(2);
    expect(calls).toEqual([
      { method: 'GET', path: '/api/v1/lms/tokens/' },
      { method: 'GET', path: '/csrf_tokens' },
      { method: 'POST', path: '/api/v1/lms/tokens/', fields: { name: 'A', check_ai: '0', _csrf_token: 'csrf-1' } },
      { method: 'POST', path: '/api/v1/lms/tokens/2/revoke/', fields: { _csrf_token: 'csrf-1' } },
    ]);
  });
});
