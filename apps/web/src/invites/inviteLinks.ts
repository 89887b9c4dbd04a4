import type { GroupInvite } from '@veritext/contracts';

/** The groups whose registration links the user manages: those where they are the owner (role 1). */
export function ownedGroups<T extends { current_user_role: number }>(groups: readonly T[]): T[] {
  return groups.filter((group) => group.current_user_role === 1);
}

/** Teacher first, then Student, whatever order the server sent. */
export function sortInvites(invites: readonly GroupInvite[]): GroupInvite[] {
  return [...invites].sort((a, b) => a.role - b.role);
}

export type CopyState = { role: number; outcome: 'copied' | 'failed' } | null;

/** Copies a link; the outcome drives the message (as the API-token modal's copy does). */
export async function copyLink(
  clipboard: { writeText: (text: string) => Promise<void> } | undefined,
  role: number,
  url: string,
): Promise<Exclude<CopyState, null>> {
  try {
    if (clipboard === undefined) throw new Error('no clipboard');
    await clipboard.writeText(url);
    return { role, outcome: 'copied' };
  } catch {
    return { role, outcome: 'failed' };
  }
}
