import type {
  InvitationAnswerResponse,
  MemberInvitedResponse,
  MemberResponse,
  MembersResponse,
  MemberUploadResponse,
  MyInvitation,
} from '@veritext/contracts';
import { loadOnDemand, resolveSchema, type ApiClient } from './client.ts';
import type { CsrfCache } from './csrf.ts';
import type { UploadProgress, XhrLike } from './uploadWithProgress.ts';
import { lazySchema } from './lazySchema.ts';

/** What the add form sends: the limit as typed ('' = no limit), the role 2 (Teacher) or 3 (Student). */
export type MemberInput = { name: string; email: string; limit: string; role: 2 | 3 };

/** What an edit sends: the limit as typed; the role only where it may change (not for an administrator). */
export type MemberChange = { limit: string; role?: 2 | 3 };

export type MemberUploadOptions = {
  apiToken: string | null;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  createXhr?: () => XhrLike;
};

function membersPath(groupId: number): string {
  return `/api/v1/groups/${String(groupId)}/members/`;
}

/** The organisation-members calls of a group's owner (commerce-and-cabinet.md §2, §6). */
export function createMembersEndpoints(client: ApiClient, csrf: CsrfCache) {
  return {
    /** The members, and the pending invitations (only the address the owner typed, and "invited"). */
    async listMembers(groupId: number): Promise<MembersResponse['data']> {
      return (await client.getJson(membersPath(groupId), lazySchema('MembersResponseSchema'))).data;
    },

    /** Invites a member: they join once they accept. */
    async addMember(groupId: number, input: MemberInput): Promise<MemberInvitedResponse> {
      const { token } = await csrf.get();
      return client.postForm(
        membersPath(groupId),
        {
          name: input.name.trim(),
          email: input.email.trim(),
          limit: input.limit.trim(),
          role: String(input.role),
          _csrf_token: token,
        },
        lazySchema('MemberInvitedResponseSchema'),
      );
    },

    async updateMember(groupId: number, userId: number, change: MemberChange): Promise<MemberResponse> {
      const { token } = await csrf.get();
      return client.postForm(
        `${membersPath(groupId)}${String(userId)}/`,
        {
          limit: change.limit.trim(),
          role: change.role === undefined ? undefined : String(change.role),
          _csrf_token: token,
        },
        lazySchema('MemberResponseSchema'),
      );
    },

    async removeMember(groupId: number, userId: number): Promise<string> {
      const { token } = await csrf.get();
      const result = await client.postForm(
        `${membersPath(groupId)}${String(userId)}/delete/`,
        { _csrf_token: token },
        lazySchema('MemberRemovedResponseSchema'),
      );
      return result.message;
    },

    async cancelInvitation(groupId: number, invitationId: number): Promise<string> {
      const { token } = await csrf.get();
      const result = await client.postForm(
        `/api/v1/groups/${String(groupId)}/invitations/${String(invitationId)}/cancel/`,
        { _csrf_token: token },
        lazySchema('MemberRemovedResponseSchema'),
      );
      return result.message;
    },

    /** The caller's own pending invitations to organisations. */
    async listMyInvitations(): Promise<MyInvitation[]> {
      return (await client.getJson('/api/v1/invitations/', lazySchema('MyInvitationsResponseSchema'))).data.invitations;
    },

    async answerInvitation(invitationId: number, answer: 'accept' | 'decline'): Promise<InvitationAnswerResponse> {
      const { token } = await csrf.get();
      return client.postForm(
        `/api/v1/invitations/${String(invitationId)}/${answer}/`,
        { _csrf_token: token },
        lazySchema('InvitationAnswerResponseSchema'),
      );
    },

    /** The caller leaves an organisation (the administrator cannot). */
    async leaveGroup(groupId: number): Promise<string> {
      const { token } = await csrf.get();
      const result = await client.postForm(
        `/api/v1/groups/${String(groupId)}/leave/`,
        { _csrf_token: token },
        lazySchema('MemberRemovedResponseSchema'),
      );
      return result.message;
    },

    /** A csv, xls or xlsx file of members, sent with upload progress. */
    async uploadMembers(groupId: number, file: File, options: MemberUploadOptions): Promise<MemberUploadResponse> {
      const { token } = await csrf.get();
      const form = new FormData();
      form.append('_csrf_token', token);
      form.append('file', file, file.name);
      // The upload helper loads on demand (only the members page sends a file).
      const { uploadWithProgress } = await loadOnDemand(() => import('./uploadWithProgress.ts'));
      return uploadWithProgress({
        path: `${membersPath(groupId)}upload/`,
        form,
        schema: await resolveSchema(lazySchema('MemberUploadResponseSchema')),
        apiToken: options.apiToken,
        ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
        ...(options.signal === undefined ? {} : { signal: options.signal }),
        ...(options.createXhr === undefined ? {} : { createXhr: options.createXhr }),
      });
    },
  };
}
export type MembersEndpoints = ReturnType<typeof createMembersEndpoints>;
