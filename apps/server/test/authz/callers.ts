/**
 * The callers of the authorisation matrix (apps/server/src/http/authorization-matrix.int.test.ts) and the
 * shorthand its entries use to say who may do what.
 */

export const CALLERS = [
  'anonymous',
  'guest',
  'user',
  'anotherUser',
  'student',
  'teacher',
  'owner',
  'removedMember',
  'siteAdmin',
  'personalToken',
  'groupToken',
] as const;

export type CallerName = (typeof CALLERS)[number];

/** Short column heads for the table of mismatches. */
export const CALLER_HEADS: Record<CallerName, string> = {
  anonymous: 'anon',
  guest: 'guest',
  user: 'user',
  anotherUser: 'other',
  student: 'stud',
  teacher: 'teach',
  owner: 'owner',
  removedMember: 'remov',
  siteAdmin: 'admin',
  personalToken: 'ptok',
  groupToken: 'gtok',
};

/**
 * What a cell must answer: 'ok' any 2xx or 3xx; 'denied' 401, 403 or 404 (404 where the resource "does
 * not exist, as far as the caller can tell"); a number, exactly that status; with a code, that status and
 * that `error.code` (e.g. 400 current_password_invalid: the request got past authorisation to the rule
 * that needs the current password, where the valid body would have destroyed the fixture).
 */
export type Expectation = 'ok' | 'denied' | number | { status: number; code: string };

export type Expectations = Record<CallerName, Expectation>;

function build(pick: (caller: CallerName) => Expectation): Expectations {
  return Object.fromEntries(CALLERS.map((caller) => [caller, pick(caller)])) as Expectations;
}

/** The same answer for every caller. */
export function everyone(expectation: Expectation): Expectations {
  return build(() => expectation);
}

/** `allowed` callers get `yes` ('ok' by default), everyone else `no` ('denied' by default). */
export function only(
  allowed: readonly CallerName[],
  yes: Expectation = 'ok',
  no: Expectation = 'denied',
): Expectations {
  return build((caller) => (allowed.includes(caller) ? yes : no));
}

/** Every caller but `excluded` gets `yes`; the excluded are denied. */
export function allBut(excluded: readonly CallerName[], yes: Expectation = 'ok'): Expectations {
  return build((caller) => (excluded.includes(caller) ? 'denied' : yes));
}

/** Registered accounts (a session or the personal token): not an anonymous visitor, a guest or a group token. */
export const ACCOUNTS: readonly CallerName[] = CALLERS.filter(
  (caller) => caller !== 'anonymous' && caller !== 'guest' && caller !== 'groupToken',
);

/** The "user" and the same account through its personal API token: the owners of the attacked resources. */
export const USER_ITSELF: readonly CallerName[] = ['user', 'personalToken'];

/** Who acts in the organisation now: its current members and its own token (not a removed member). */
export const GROUP_ACTORS: readonly CallerName[] = ['student', 'teacher', 'owner', 'groupToken'];

/** Who reads every document and AI check of the organisation: its teacher, owner and token. */
export const GROUP_READERS: readonly CallerName[] = ['teacher', 'owner', 'groupToken'];

export function classOf(status: number): 'ok' | 'denied' | 'other' {
  if (status >= 200 && status < 400) return 'ok';
  if (status === 401 || status === 403 || status === 404) return 'denied';
  return 'other';
}

export function matches(expectation: Expectation, status: number, errorCode: string | null): boolean {
  if (expectation === 'ok' || expectation === 'denied') return classOf(status) === expectation;
  if (typeof expectation === 'number') return status === expectation;
  return status === expectation.status && errorCode === expectation.code;
}

export function describeExpectation(expectation: Expectation): string {
  if (typeof expectation === 'string') return expectation;
  if (typeof expectation === 'number') return String(expectation);
  return `${String(expectation.status)} ${expectation.code}`;
}
