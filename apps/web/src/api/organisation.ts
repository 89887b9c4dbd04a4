import type {
  AdminGroup,
  AdminGroupsResponse,
  GroupCreatedResponse,
  GroupDeletedResponse,
  GroupSettingsResponse,
} from '@veritext/contracts';
import type { ApiClient } from './client.ts';
import type { CsrfCache } from './csrf.ts';
import type * as Schemas from './organisationSchemas.ts';

type SchemaName = keyof typeof Schemas;

/** A loader of one schema of organisationSchemas.ts (fetched with the first call that needs it). */
function schema<K extends SchemaName>(name: K): () => Promise<(typeof Schemas)[K]> {
  return async () => (await import('./organisationSchemas.ts'))[name];
}

/** The settings form as it is sent: text fields as typed, switches as '1' or '0'. */
export type GroupSettingsFields = {
  name: string;
  description: string;
  balance_type?: string;
  hide_new_check_for_student: boolean;
  website_checks_disabled: boolean;
  negative_balance_allowed: boolean;
  keep_documents_private: boolean;
  authorship_check_allowed: boolean;
  grammar_checker_enabled: boolean;
  max_members: string;
};

const settingsPath = (groupId: number) => `/api/v1/groups/${String(groupId)}/settings/`;
const flag = (value: boolean) => (value ? '1' : '0');

/** The organisation settings of its owner, a team made by a user, its deletion, and the site administrators' list. */
export function createOrganisationEndpoints(client: ApiClient, csrf: CsrfCache) {
  return {
    async groupSettings(groupId: number): Promise<GroupSettingsResponse['data']['settings']> {
      return (await client.getJson(settingsPath(groupId), schema('GroupSettingsResponseSchema'))).data.settings;
    },

    async saveGroupSettings(groupId: number, fields: GroupSettingsFields): Promise<GroupSettingsResponse> {
      const { token } = await csrf.get();
      return client.postForm(
        settingsPath(groupId),
        {
          name: fields.name,
          description: fields.description,
          balance_type: fields.balance_type,
          hide_new_check_for_student: flag(fields.hide_new_check_for_student),
          website_checks_disabled: flag(fields.website_checks_disabled),
          negative_balance_allowed: flag(fields.negative_balance_allowed),
          keep_documents_private: flag(fields.keep_documents_private),
          authorship_check_allowed: flag(fields.authorship_check_allowed),
          grammar_checker_enabled: flag(fields.grammar_checker_enabled),
          max_members: fields.max_members.trim(),
          _csrf_token: token,
        },
        schema('GroupSettingsResponseSchema'),
      );
    },

    async createTeam(input: { name: string; description: string }): Promise<GroupCreatedResponse> {
      const { token } = await csrf.get();
      return client.postForm(
        '/api/v1/groups/',
        { name: input.name.trim(), description: input.description.trim(), _csrf_token: token },
        schema('GroupCreatedResponseSchema'),
      );
    },

    /** `confirm`: the organisation's name as the owner typed it. */
    async deleteGroup(groupId: number, confirm: string): Promise<GroupDeletedResponse> {
      const { token } = await csrf.get();
      return client.postForm(
        `/api/v1/groups/${String(groupId)}/delete/`,
        { confirm, _csrf_token: token },
        schema('GroupDeletedResponseSchema'),
      );
    },

    async adminGroups(query: { q: string; page: number }): Promise<AdminGroupsResponse['data']> {
      const params = new URLSearchParams({ q: query.q.trim(), page: String(query.page) });
      return (await client.getJson(`/api/v1/admin/groups/?${params.toString()}`, schema('AdminGroupsResponseSchema')))
        .data;
    },

    async adminSetGroupDisabled(groupId: number, disabled: { reason: string } | null): Promise<AdminGroup> {
      const { token } = await csrf.get();
      const path = `/api/v1/admin/groups/${String(groupId)}/${disabled === null ? 'enable' : 'disable'}/`;
      const fields =
        disabled === null ? { _csrf_token: token } : { reason: disabled.reason.trim(), _csrf_token: token };
      return (await client.postForm(path, fields, schema('AdminGroupResponseSchema'))).data.group;
    },
  };
}
