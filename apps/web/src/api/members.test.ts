import { describe, expect, it, vi } from 'vitest';
import type { Member, MemberInvitation, MyInvitation } from '@veritext/contracts';
import { createApiClient } from './client.ts';
import { createCsrfCache } from './csrf.ts';
import { createMembersEndpoints } from './members.ts';
import type { XhrLike } from './uploadWithProgress.ts';

const MEMBER: Member = {
  user_id: 12,
  name: 'Zoe',
  email: 'zoe@school.edu',
  role: 3,
  limit: 10,
  used_pages: 0,
  status: 'active',
  joined_at: '2026-03-02T10:00:00.000Z',
  is_you: false,
};

const INVITATION: MemberInvitation = {
  id: 31,
  email: 'zoe@school.edu',
  role: 3,
  limit: 10,
  status: 'invited',
  invited_at: '2026-03-02T10:00:00.000Z',
};

const MINE: MyInvitation = {
  id: 31,
  group: { id: 4, name: 'North High' },
  role: 3,
  limit: 10,
  invited_by: 'Olga',
  invited_at: '2026-03-02T10:00:00.000Z',
};

class FakeXhr implements XhrLike {
  withCredentials = false;
  responseType: XMLHttpRequestResponseType = '';
  status = 0;
  response: unknown = null;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  opened = '';
  sent: FormData | null = null;

  open(_method: string, url: string): void {
    this.opened = url;
  }
  setRequestHeader(): void {
    // the headers are uploadWithProgress's own concern (its tests)
  }
  send(body: FormData): void {
    this.sent = body;
    this.upload.onprogress?.({ loaded: 50, total: 100, lengthComputable: true } as ProgressEvent);
    this.status = 200;
    this.response = {
      success: true,
      message: '1 of 1 rows added.',
      data: {
        added: 1,
        invited: 1,
        total: 1,
        rows: [{ row: 2, name: 'Zoe', email: 'zoe@school.edu', outcome: 'invited', message: 'x' }],
      },
    };
    this.onload?.();
  }
  abort(): void {
    this.onabort?.();
  }
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A server that answers /csrf_tokens and records the other calls. */
function setup(answer: (path: string) => Response) {
  const calls: { path: string; method: string; body: URLSearchParams | null }[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const path = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (path === '/csrf_tokens') return Promise.resolve(json({ token: 'csrf-1', guest_csrf: 'g' }));
    calls.push({
      path,
      method: init?.method ?? 'GET',
      body: init?.body instanceof URLSearchParams ? init.body : null,
    });
    return Promise.resolve(answer(path));
  });
  const client = createApiClient({ getToken: () => 'tok', fetch: fetchMock });
  return { api: createMembersEndpoints(client, createCsrfCache(client)), calls };
}

describe('the members calls', () => {
  it('lists a group’s members and pending invitations', async () => {
    const { api, calls } = setup(() => json({ success: true, data: { members: [MEMBER], invitations: [INVITATION] } }));
    await expect(api.listMembers(4)).resolves.toEqual({ members: [MEMBER], invitations: [INVITATION] });
    expect(calls[0]).toMatchObject({ path: '/api/v1/groups/4/members/', method: 'GET' });
  });

  it('invites a member with the typed fields trimmed, the role as a number and the CSRF token', async () => {
    const { api, calls } = setup(() =>
      json({ success: true, message: 'An invitation was sent by e-mail.', data: { invitation: INVITATION } }),
    );
    const result = await api.addMember(4, { name: ' Zoe ', email: ' zoe@school.edu ', limit: ' 10 ', role: 3 });
    expect(result.data.invitation).toEqual(INVITATION);
    expect(calls[0]?.path).toBe('/api/v1/groups/4/members/');
    expect(Object.fromEntries(calls[0]?.body ?? [])).toEqual({
      name: 'Zoe',
      email: 'zoe@school.edu',
      limit: '10',
      role: '3',
      _csrf_token: 'csrf-1',
    });
  });

  it('updates the limit, and the role only when one is given (never for an administrator)', async () => {
    const { api, calls } = setup(() => json({ success: true, message: 'Saved.', data: { member: MEMBER } }));
    await api.updateMember(4, 12, { limit: '', role: 2 });
    await api.updateMember(4, 7, { limit: '30' });
    expect(calls[0]?.path).toBe('/api/v1/groups/4/members/12/');
    expect(Object.fromEntries(calls[0]?.body ?? [])).toEqual({ limit: '', role: '2', _csrf_token: 'csrf-1' });
    expect(calls[1]?.path).toBe('/api/v1/groups/4/members/7/');
    expect(Object.fromEntries(calls[1]?.body ?? [])).toEqual({ limit: '30', _csrf_token: 'csrf-1' });
  });

  it('removes a member and passes on a refusal as an ApiError', async () => {
    const { api, calls } = setup((path) =>
      path.endsWith('/7/delete/')
        ? json(
            { success: false, message: 'The administrator cannot be removed', error: { code: 'validation_failed' } },
            400,
          )
        : json({ success: true, message: 'The member was removed.' }),
    );
    await expect(api.removeMember(4, 12)).resolves.toBe('The member was removed.');
    expect(calls[0]).toMatchObject({ path: '/api/v1/groups/4/members/12/delete/', method: 'POST' });
    await expect(api.removeMember(4, 7)).rejects.toMatchObject({
      status: 400,
      message: 'The administrator cannot be removed',
    });
  });

  it('cancels an invitation, lists, accepts and declines one’s own, and leaves a group', async () => {
    const { api, calls } = setup((path) => {
      if (path === '/api/v1/invitations/') return json({ success: true, data: { invitations: [MINE] } });
      if (path.startsWith('/api/v1/invitations/31/')) {
        return json({ success: true, message: 'ok', data: { group: { id: 4, name: 'North High' } } });
      }
      return json({ success: true, message: 'done' });
    });
    await expect(api.cancelInvitation(4, 31)).resolves.toBe('done');
    await expect(api.listMyInvitations()).resolves.toEqual([MINE]);
    await api.answerInvitation(31, 'accept');
    await api.answerInvitation(31, 'decline');
    await expect(api.leaveGroup(4)).resolves.toBe('done');
    expect(calls.map((c) => [c.method, c.path])).toEqual([
      ['POST', '/api/v1/groups/4/invitations/31/cancel/'],
      ['GET', '/api/v1/invitations/'],
      ['POST', '/api/v1/invitations/31/accept/'],
      ['POST', '/api/v1/invitations/31/decline/'],
      ['POST', '/api/v1/groups/4/leave/'],
    ]);
    expect(Object.fromEntries(calls[2]?.body ?? [])).toEqual({ _csrf_token: 'csrf-1' });
  });

  it('uploads one file as multipart with the CSRF token, reporting progress', async () => {
    const { api } = setup(() => json({}));
    const xhr = new FakeXhr();
    const progress: number[] = [];
    const file = new File(['Name,E-mail\nZoe,zoe@school.edu\n'], 'class.csv', { type: 'text/csv' });
    const result = await api.uploadMembers(4, file, {
      apiToken: 'tok',
      onProgress: (p) => progress.push(p.loaded),
      createXhr: () => xhr,
    });
    expect(xhr.opened).toBe('/api/v1/groups/4/members/upload/');
    expect(result.data).toMatchObject({ added: 1, invited: 1, total: 1 });
    expect(progress).toEqual([50]);
    const form = xhr.sent;
    expect(form?.get('_csrf_token')).toBe('csrf-1');
    expect((form?.get('file') as File | null)?.name).toBe('class.csv');
  });
});
