import type { GroupInvite, InviteRole } from '@veritext/contracts';
import type { ApiClient } from '../api/client.ts';
import { lazySchema } from '../api/lazySchema.ts';
import { createCsrfCache, type CsrfCache } from '../api/csrf.ts';

export type InviteInfo = { groupId: number; groupName: string; role: InviteRole };

/** The organisation invite calls: the owner's links per role, a link's group and role, joining by link. */
export function createInvitesApi(client: ApiClient, csrf: CsrfCache = createCsrfCache(client)) {
  return {
    async info(token: string): Promise<InviteInfo> {
      const result = await client.getJson(
        `/api/v1/invites/${encodeURIComponent(token)}/`,
        lazySchema('InviteInfoResponseSchema'),
      );
      return { groupId: result.data.group.id, groupName: result.data.group.name, role: result.data.role };
    },

    async accept(token: string): Promise<{ groupId: number; role: number; joined: boolean }> {
      const { token: csrfToken } = await csrf.get();
      const result = await client.postForm(
        `/api/v1/invites/${encodeURIComponent(token)}/accept/`,
        { _csrf_token: csrfToken },
        lazySchema('InviteAcceptResponseSchema'),
      );
      return { groupId: result.data.group_id, role: result.data.role, joined: result.data.joined };
    },

    async list(groupId: number): Promise<GroupInvite[]> {
      const result = await client.getJson(
        `/api/v1/groups/${String(groupId)}/invites/`,
        lazySchema('GroupInvitesResponseSchema'),
      );
      return result.data.invites;
    },

    async rotate(groupId: number, role: InviteRole): Promise<GroupInvite[]> {
      const { token } = await csrf.get();
      const result = await client.postForm(
        `/api/v1/groups/${String(groupId)}/invites/${String(role)}/rotate/`,
        { _csrf_token: token },
        lazySchema('GroupInvitesResponseSchema'),
      );
      return result.data.invites;
    },
  };
}
export type InvitesApi = ReturnType<typeof createInvitesApi>;

const apis = new WeakMap<ApiClient, InvitesApi>();
/** One instance per API client (one CSRF cache). */
export function invitesApiFor(client: ApiClient): InvitesApi {
  let api = apis.get(client);
  if (api === undefined) {
    api = createInvitesApi(client);
    apis.set(client, api);
  }
  return api;
}

/** The invite token in a page address (?invite=…), or null. */
export function inviteTokenFrom(search: string): string | null {
  const value = new URLSearchParams(search).get('invite');
  return value !== null && /^[\w-]{20,100}$/.test(value) ? value : null;
}

/** The i18n key of an invite role's name. */
export function inviteRoleKey(role: number): 'invites.roles.teacher' | 'invites.roles.student' {
  return role === 2 ? 'invites.roles.teacher' : 'invites.roles.student';
}
