import { describe, expect, it, vi } from 'vitest';
import type { Member } from '@veritext/contracts';
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
  status: 'invited',
  joined_at: '2026-03-02T10:00:00.000Z',
  is_you: false,
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
  it('lists a group’s members', async () => {
    const { api, calls } = setup(() => json({ success: true, data: { members: [MEMBER] } }));
    await expect(api.listMembers(4)).resolves.toEqual([MEMBER]);
    expect(calls[0]).toMatchObject({ path: '/api/v1/groups/4/members/', method: 'GET' });
  });

  it('adds a member with the typed fields trimmed, the role as a number and the CSRF token', async () => {
    const { api, calls } = setup(() =>
      json({ success: true, message: 'The member was added.', data: { member: MEMBER } }),
    );
    const result = await api.addMember(4, { name: ' Zoe ', email: ' zoe@school.edu ', limit: ' 10 ', role: 3 });
    expect(result.data.member).toEqual(MEMBER);
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
