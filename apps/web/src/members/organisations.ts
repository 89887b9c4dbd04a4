import { ORGANISATION_NAME_MAX } from '@veritext/contracts';
import type { CheckGroup } from '../check/account.ts';
import { MEMBER_ROLES } from './members.ts';

/**
 * The pure rules of the cabinet's organisation views (the profile page's cards and the profile menu): who sees an
 * organisation's balance, where its links go, and which pending invitations there are.
 */

/** The owner and the teachers see the organisation's pages and AI pages; a student sees its name and role. */
export function seesGroupBalance(group: Pick<CheckGroup, 'current_user_role'>): boolean {
  return group.current_user_role === MEMBER_ROLES.admin || group.current_user_role === MEMBER_ROLES.teacher;
}

/** Pages an organisation can spend on checks: its paid pages and its bonus. */
export function groupPages(group: Pick<CheckGroup, 'group_balance'>): number {
  return group.group_balance.balance + group.group_balance.bonus;
}

/** The owner (role 1) manages members; everyone else may leave. */
export function isGroupOwner(group: Pick<CheckGroup, 'current_user_role'>): boolean {
  return group.current_user_role === MEMBER_ROLES.admin;
}

export function membersPagePath(groupId: number): string {
  return `/profile/members/?group=${String(groupId)}`;
}

export function groupDocumentsPath(groupId: number): string {
  return `/profile/my-documents/group/${String(groupId)}`;
}

/** The organisations whose balance the profile menu shows: those the user owns or teaches in, owners first. */
export function menuGroups<T extends Pick<CheckGroup, 'current_user_role' | 'name' | 'id'>>(groups: readonly T[]): T[] {
  return groups
    .filter(seesGroupBalance)
    .sort((a, b) => a.current_user_role - b.current_user_role || a.name.localeCompare(b.name) || a.id - b.id);
}

/**
 * An organisation's name at sign-up: at most ORGANISATION_NAME_MAX characters once trimmed (the server's rule).
 * A longer one is refused with the field's message; the input never cuts what was typed or pasted.
 */
export function organisationNameProblem(name: string): 'too_long' | null {
  return name.trim().length > ORGANISATION_NAME_MAX ? 'too_long' : null;
}

/** The TanStack Query key of the caller's pending invitations. */
export const MY_INVITATIONS_QUERY_KEY = ['my-invitations'] as const;
