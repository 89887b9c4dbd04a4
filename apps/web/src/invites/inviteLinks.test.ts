import { describe, expect, it } from 'vitest';
import { copyLink, ownedGroups, sortInvites } from './inviteLinks.ts';
import { inviteRoleKey, inviteTokenFrom } from './invitesApi.ts';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz0123456789_-ABCDE';

describe('invite links', () => {
  it('reads a well-formed invite token from the address only', () => {
    expect(inviteTokenFrom(`?invite=${TOKEN}`)).toBe(TOKEN);
    expect(inviteTokenFrom(`?utm=1&invite=${TOKEN}`)).toBe(TOKEN);
    expect(inviteTokenFrom('?invite=short')).toBeNull();
    expect(inviteTokenFrom('?invite=<script>alert(1)</script>aaaaaaaaaaaaaa')).toBeNull();
    expect(inviteTokenFrom('')).toBeNull();
  });

  it('names the roles', () => {
    expect(inviteRoleKey(2)).toBe('invites.roles.teacher');
    expect(inviteRoleKey(3)).toBe('invites.roles.student');
  });

  it('shows links for owned groups only, Teacher before Student', () => {
    const groups = [
      { id: 1, current_user_role: 1 },
      { id: 2, current_user_role: 2 },
      { id: 3, current_user_role: 3 },
    ];
    expect(ownedGroups(groups).map((g) => g.id)).toEqual([1]);
    const invites = [
      { role: 3 as const, url: 'u3', token: 't3', created_at: '' },
      { role: 2 as const, url: 'u2', token: 't2', created_at: '' },
    ];
    expect(sortInvites(invites).map((i) => i.role)).toEqual([2, 3]);
  });

  it('reports a copy as copied, or failed when the clipboard refuses or is missing', async () => {
    const written: string[] = [];
    const clipboard = {
      writeText: (text: string) => {
        written.push(text);
        return Promise.resolve();
      },
    };
    expect(await copyLink(clipboard, 2, 'https://x/?invite=a')).toEqual({ role: 2, outcome: 'copied' });
    expect(written).toEqual(['https://x/?invite=a']);
    const refusing = { writeText: () => Promise.reject(new Error('denied')) };
    expect(await copyLink(refusing, 3, 'u')).toEqual({ role: 3, outcome: 'failed' });
    expect(await copyLink(undefined, 3, 'u')).toEqual({ role: 3, outcome: 'failed' });
  });
});
