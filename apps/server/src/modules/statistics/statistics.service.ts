import {
  STATISTICS_RANGE_MESSAGES,
  statisticsRangeProblem,
  type RecentWork,
  type Statistics,
  type StatisticsMember,
  type StatisticsQuery,
} from '@veritext/contracts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { UserRecord } from '../auth/users.repository.ts';
import { groupActingFor, ROLE_STUDENT } from '../groups/group-access.ts';
import { getTextDocument } from '../text-checks/text-checks.read.ts';
import {
  dayIn,
  figuresOf,
  monthlyUsage,
  rangeInstants,
  usableTimeZone,
  type AiCheckFact,
  type CheckFact,
} from './statistics.figures.ts';
import {
  findAiCheckFacts,
  findCheckFacts,
  findGroupMembers,
  findPeople,
  findRecentWorks,
  findTimeZoneOfUser,
  madeChecksIn,
  type PersonRecord,
} from './statistics.repository.ts';

/** Whose figures a request reads, once the caller's role is known (contracts statistics.ts "Who sees what"). */
type Audience = {
  groupId: number;
  groupName: string;
  role: 1 | 2 | 3;
  scope: Statistics['scope'];
  /** Only this member's checks; null: the whole organisation. */
  userId: number | null;
};

/**
 * The caller's view of a group's statistics: a member only (anyone else 403, a disabled group group_disabled);
 * the owner and the teachers the whole organisation or one member (who must be a member or have made checks
 * there: else 404); a student only themselves (naming anyone else: 403).
 */
async function audienceOf(db: Queryable, user: UserRecord, groupId: number, member: number | null): Promise<Audience> {
  const { group, role } = await groupActingFor(db, { user, group: null }, groupId);
  // a user session always has a role; null is a group token, which requireUser has already turned away
  if (role === null) throw new AppError('forbidden');
  const base = { groupId, groupName: group.name, role };
  if (role === ROLE_STUDENT) {
    if (member !== null && member !== user.id) throw new AppError('forbidden', { fields: { member: 'not you' } });
    return { ...base, scope: 'own', userId: user.id };
  }
  if (member === null) return { ...base, scope: 'organisation', userId: null };
  const isMember = (await findGroupMembers(db, groupId)).some((person) => person.user_id === member);
  if (!isMember && !(await madeChecksIn(db, groupId, member))) {
    throw new AppError('not_found', { fields: { member: 'not a member of this organisation' } });
  }
  return { ...base, scope: 'member', userId: member };
}

/** The range asked for, or the default: the 1st of the month eleven months ago to today, in the caller's zone. */
function rangeOf(query: StatisticsQuery, zone: string, now: Date): { from: string; to: string } {
  const today = dayIn(now, zone);
  const [year, month] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 1 - 11, 1)).toISOString().slice(0, 10);
  const from = query.from ?? first;
  const to = query.to ?? today;
  const problem = statisticsRangeProblem(from, to);
  if (problem !== null) {
    const field = problem === 'to_invalid' || problem === 'reversed' ? 'to' : 'from';
    throw new AppError('statistics_range_invalid', { fields: { [field]: STATISTICS_RANGE_MESSAGES[problem] } });
  }
  return { from, to };
}

function byUser<T extends { user_id: number | null }>(rows: readonly T[]): Map<number | null, T[]> {
  const map = new Map<number | null, T[]>();
  for (const row of rows) {
    const list = map.get(row.user_id);
    if (list === undefined) map.set(row.user_id, [row]);
    else list.push(row);
  }
  return map;
}

/**
 * The by-member rows: the current members (all of them, idle ones too) as the members page orders them, then
 * anyone who has left but made checks in the range, then the checks of no account (the organisation's API token,
 * deleted accounts). One member's view: that member's row only.
 */
async function memberRows(
  db: Queryable,
  audience: Audience,
  checks: readonly CheckFact[],
  aiChecks: readonly AiCheckFact[],
): Promise<StatisticsMember[]> {
  const checksOf = byUser(checks);
  const aiChecksOf = byUser(aiChecks);
  const members = await findGroupMembers(db, audience.groupId);
  const current = new Set(members.map((person) => person.user_id));
  const active = new Set<number | null>([...checksOf.keys(), ...aiChecksOf.keys()]);
  const former = await findPeople(
    db,
    [...active].filter((id): id is number => id !== null && !current.has(id)),
  );
  let people: (PersonRecord | { user_id: null; name: string; email: string; role: null })[] = [...members, ...former];
  if (active.has(null)) people.push({ user_id: null, name: '', email: '', role: null });
  if (audience.userId !== null) people = people.filter((person) => person.user_id === audience.userId);
  return people.map((person) => ({
    user_id: person.user_id,
    name: person.name,
    email: person.email,
    role: person.role,
    ...figuresOf(checksOf.get(person.user_id) ?? [], aiChecksOf.get(person.user_id) ?? []),
  }));
}

/** GET /api/v1/groups/{groupId}/statistics/: the figures of contracts statistics.ts for the caller. */
export async function getStatistics(
  db: Queryable,
  user: UserRecord,
  groupId: number,
  query: StatisticsQuery,
  now: Date = new Date(),
): Promise<Statistics> {
  const audience = await audienceOf(db, user, groupId, query.member ?? null);
  const zone = usableTimeZone(await findTimeZoneOfUser(db, user.id));
  const { from, to } = rangeOf(query, zone, now);
  const range = rangeInstants(from, to, zone);
  const scope = { groupId, start: range.start, end: range.end, userId: audience.userId };
  const [checks, aiChecks] = await Promise.all([findCheckFacts(db, scope), findAiCheckFacts(db, scope)]);
  return {
    group: { id: groupId, name: audience.groupName },
    role: audience.role,
    scope: audience.scope,
    member: audience.scope === 'member' ? audience.userId : null,
    from,
    to,
    time_zone: zone,
    months: monthlyUsage(range, checks, aiChecks),
    totals: figuresOf(checks, aiChecks),
    members: await memberRows(db, audience, checks, aiChecks),
  };
}

/**
 * GET /api/v1/groups/{groupId}/statistics/recent/: the progress dashboard, the ten most recent documents the caller
 * may read there (a student their own), each as My Documents shows it (getTextDocument: its similarity and the AI
 * share its report shows) with its author.
 */
export async function getRecentWorks(db: Queryable, user: UserRecord, groupId: number): Promise<RecentWork[]> {
  const audience = await audienceOf(db, user, groupId, null);
  const records = await findRecentWorks(db, groupId, audience.userId);
  const caller = { user, group: null };
  return Promise.all(
    records.map(async (record) => {
      const document = await getTextDocument(db, caller, record.id);
      return {
        id: document.id,
        title: document.title,
        file_name: document.file_name,
        author:
          record.user_id === null
            ? null
            : { user_id: record.user_id, name: record.name ?? '', email: record.email ?? '' },
        state: document.state,
        pages: document.pages,
        percent: document.percent,
        ai_status: document.ai_status,
        ai_percent: document.ai_percent,
        created_at: document.created_at,
        finished_at: document.finished_at,
      };
    }),
  );
}
