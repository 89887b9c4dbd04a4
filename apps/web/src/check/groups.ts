import type { Balance } from '@veritext/contracts';
import type { ApiClient, Schema } from '../api/client.ts';
import type { CheckGroup } from './account.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isInt = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

function parseBalance(value: unknown): Balance | null {
  if (!isRecord(value)) return null;
  const { balance, bonus, ai_balance: aiBalance } = value;
  return isInt(balance) && isInt(bonus) && isInt(aiBalance) ? { balance, bonus, ai_balance: aiBalance } : null;
}

/** One group of GET /api/v1/groups/list/, or null when it does not have the shape. */
export function parseGroup(value: unknown): CheckGroup | null {
  if (!isRecord(value)) return null;
  const balance = parseBalance(value['group_balance']);
  const { id, name, balance_type: type, current_user_role: role } = value;
  const createdByUser = value['created_by_user'];
  const hide = value['hide_new_check_for_student'];
  if (balance === null || !isInt(id) || !isInt(type) || !isInt(role)) return null;
  if (typeof createdByUser !== 'boolean' || typeof hide !== 'boolean') return null;
  return {
    id,
    name: typeof name === 'string' ? name : '',
    balance_type: type,
    group_balance: balance,
    current_user_role: role,
    created_by_user: createdByUser,
    hide_new_check_for_student: hide,
    ...(typeof value['website_checks_disabled'] === 'boolean'
      ? { website_checks_disabled: value['website_checks_disabled'] }
      : {}),
    ...(typeof value['is_disabled'] === 'boolean' ? { is_disabled: value['is_disabled'] } : {}),
    ...(typeof value['api_token'] === 'string' ? { api_token: value['api_token'] } : {}),
  };
}

/** The response of GET /api/v1/groups/list/: `{success, data: {groups}}`; malformed groups are dropped. */
export const GroupListSchema: Schema<CheckGroup[]> = {
  safeParse(value) {
    if (!isRecord(value) || !isRecord(value['data']) || !Array.isArray(value['data']['groups'])) {
      return { success: false };
    }
    const groups = (value['data']['groups'] as unknown[]).map(parseGroup).filter((group) => group !== null);
    return { success: true, data: groups };
  },
};

export const GROUPS_QUERY_KEY = ['groups'] as const;

/** The groups the user belongs to (the session keeps none; the check form asks when it acts in a group). */
export function fetchGroups(client: ApiClient): Promise<CheckGroup[]> {
  return client.getJson('/api/v1/groups/list/', GroupListSchema);
}
