import { parseArgs } from 'node:util';
import type { Database } from '../db/database.ts';
import { listGroupsForAdmin, setGroupDisabledByAdmin } from '../modules/groups/groups-admin.service.ts';

/** The usage lines of the organisation commands, for admin.ts's USAGE. */
export const GROUP_COMMANDS_USAGE = `       npm run --silent admin -- group:list [--search TEXT] [--limit N]
       npm run --silent admin -- group:disable GROUP_ID [--reason TEXT]
       npm run --silent admin -- group:enable GROUP_ID`;

export const GROUP_COMMANDS_HELP = `group:list          prints the organisations, newest first (JSON lines: id, name, owner's e-mail, members, maximum,
                    pages, AI pages, disabled, reason); --search matches the name, the owner's e-mail or the id.
group:disable       disables an organisation: its members and its API token can no longer check texts for it
                    ("organisation account disabled"), its registration links stop; --reason is kept and shown to
                    site administrators at /admin/organisations.
group:enable        enables it again.`;

export const GROUP_COMMANDS = ['group:list', 'group:disable', 'group:enable'] as const;

export class GroupCommandError extends Error {}

function groupIdOf(value: string | undefined): number {
  if (value === undefined || !/^\d{1,9}$/.test(value) || Number(value) < 1) {
    throw new GroupCommandError(`GROUP_ID must be a whole number (got "${value ?? ''}")`);
  }
  return Number(value);
}

/**
 * Runs one organisation command on `db` and answers the lines to print (stdout). Shared by `npm run admin` and the
 * tests, which call it on their own database.
 */
export async function runGroupCommand(db: Database, command: string, args: string[]): Promise<string[]> {
  if (command === 'group:list') {
    const { values, positionals } = parseArgs({
      args,
      options: { search: { type: 'string' }, limit: { type: 'string' } },
      allowPositionals: true,
      strict: true,
    });
    if (positionals.length > 0) throw new GroupCommandError('group:list takes no positional arguments');
    const limit = values.limit === undefined ? 100 : Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      throw new GroupCommandError('--limit must be a whole number from 1 to 100');
    }
    const { groups } = await listGroupsForAdmin(db, { q: values.search ?? '', page: 1, perPage: limit });
    return groups.map((group) =>
      JSON.stringify({
        id: group.id,
        name: group.name,
        owner_email: group.owner_email,
        members: group.member_count,
        max_members: group.max_members,
        pages: group.balance,
        ai_pages: group.ai_balance,
        disabled: group.is_disabled,
        reason: group.disabled_reason,
      }),
    );
  }
  const { values, positionals } = parseArgs({
    args,
    options: command === 'group:disable' ? { reason: { type: 'string' } } : {},
    allowPositionals: true,
    strict: true,
  });
  const [id, ...extra] = positionals;
  if (extra.length > 0) throw new GroupCommandError(`${command} takes one GROUP_ID`);
  const groupId = groupIdOf(id);
  if (command === 'group:disable') {
    const reason = typeof values.reason === 'string' ? values.reason : '';
    const group = await setGroupDisabledByAdmin(db, groupId, { reason });
    return [`Organisation ${String(group.id)} (${group.name}) is disabled.`];
  }
  if (command === 'group:enable') {
    const group = await setGroupDisabledByAdmin(db, groupId, null);
    return [`Organisation ${String(group.id)} (${group.name}) is enabled.`];
  }
  throw new GroupCommandError(`Unknown command ${command}`);
}
