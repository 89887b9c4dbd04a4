import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseGroup } from '../check/groups.ts';
import { group } from '../check/testGroups.ts';
import { initI18n } from '../i18n/index.ts';
import { ownedGroupTokens, TokenList } from './ApiTokenModal.tsx';

describe('the API-token modal (check-tool.md §2: the personal token and one per group of role 1)', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  const owned = group({ id: 7, name: 'North High', current_user_role: 1, api_token: 'group-token-7' });
  const asStudent = group({ id: 8, name: 'Summer Camp', current_user_role: 3 });
  const asTeacher = group({ id: 9, name: 'Night School', current_user_role: 2, api_token: 'should-not-show' });

  it('keeps the token of a group from GET /api/v1/groups/list/ only when it is a string', () => {
    const base = { ...group(), api_token: undefined };
    expect(parseGroup({ ...base, api_token: 'abc' })?.api_token).toBe('abc');
    expect(parseGroup(base)).not.toHaveProperty('api_token');
    expect(parseGroup({ ...base, api_token: 42 })).not.toHaveProperty('api_token');
  });

  it('lists the tokens of the groups where the user has role 1, and no other', () => {
    expect(ownedGroupTokens([owned, asStudent, asTeacher])).toEqual([
      { id: 7, name: 'North High', token: 'group-token-7' },
    ]);
  });

  it('shows the personal token, then each administered group’s, each with its own copy button and status', () => {
    const html = renderToStaticMarkup(<TokenList personal="personal-token" groups={[owned, asStudent, asTeacher]} />);
    expect(html).toMatch(/<label for="api-token"[^>]*>Personal API token<\/label>/);
    expect(html).toMatch(/<input id="api-token"[^>]*value="personal-token"/);
    expect(html).toMatch(/<label for="api-token-group-7"[^>]*>Organisation token: North High<\/label>/);
    expect(html).toMatch(/<input id="api-token-group-7"[^>]*value="group-token-7"/);
    expect(html).not.toContain('Summer Camp');
    expect(html).not.toContain('should-not-show');
    expect(html.match(/>Copy<\/button>/g)).toHaveLength(2);
    expect(html.match(/role="status"/g)).toHaveLength(2);
    expect(html).toContain('An organisation token acts for the organisation');
  });

  it('shows the personal token alone to a user who administers no group', () => {
    const html = renderToStaticMarkup(<TokenList personal="personal-token" groups={[asStudent]} />);
    expect(html.match(/>Copy<\/button>/g)).toHaveLength(1);
    expect(html).not.toContain('An organisation token acts');
  });
});
