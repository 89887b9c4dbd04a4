import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNTS,
  allBut,
  everyone,
  GROUP_ACTORS,
  GROUP_READERS,
  only,
  USER_ITSELF,
  type CallerName,
} from '../../test/authz/callers.ts';
import { formatMismatches, isMismatch, runMatrix, type Matrix, type MatrixCase } from '../../test/authz/runner.ts';
import { STRONG_PASSWORD } from '../../test/app.ts';
import { TEST_DB_KIND } from '../../test/database.ts';
import { METRICS_TOKEN, newEmail, World, type DeletableSlot, type MatrixRequest } from '../../test/authz/world.ts';
import { MARKERS, type MarkerName } from '../../test/authz/texts.ts';
import { closeSharedAiDetector } from '../modules/ai-checks/detector.ts';
import { closeSharedAiReportRenderer } from '../modules/ai-checks/ai-report.ts';
import { sandboxWebhookSecret, signWebhookPayload } from '../modules/commerce/payment-gateway.ts';
import { closeSharedInvoiceRenderer } from '../modules/billing/invoice-renderer.ts';
import { closeSharedReuseChecker } from '../modules/text-checks/reuse-checker.ts';
import { closeSharedSimilarityReportRenderer } from '../modules/text-checks/similarity-report.ts';

/*
 * The authorisation matrix (issue 13): every route of the server × every kind of caller → the answer it must
 * get. The expectations are the security goal, not today's behaviour: no caller reads or spends what is not
 * theirs. A route registered without an entry here fails the test, and so does an entry whose route is gone.
 *
 * The attacked resources belong to "user" (its document, AI check, order, cart) or to the organisation (its
 * members' documents and AI checks, its members, links and pages). Every browser caller sends its session
 * cookie and a valid CSRF token (anonymous too: a browser has one before logging in); token callers send only
 * X-API-TOKEN. Bodies are valid, so an answer reflects authorisation, not validation; where the valid body
 * would destroy the fixture (deleting the account, changing the password or e-mail), a wrong current password
 * makes the authorised answer an exact 400 current_password_invalid. Requests come from an outside address,
 * a new one per cell (GET /metrics also from loopback).
 */

/** Routes left out on purpose, with the reason. */
const NOT_IN_MATRIX: readonly { route: RegExp; reason: string }[] = [
  { route: /^HEAD /, reason: "Fastify's automatic twin of a GET route: the same handler and checks, no body" },
  {
    route: /^GET \/api\/docs\/static\//,
    reason:
      'the Swagger UI page and its assets (HTML, JS, CSS): public files with no data; the API description itself (/api/docs/json, /yaml) is in the matrix',
  },
  // The client (index.html for page paths, @fastify/static files) is served only when apps/web/dist exists:
  // the test app points WEB_DIST_DIR at a missing folder, so those routes are not registered here, and the
  // page catch-all is the not-found handler, not a route.
];

const PUBLIC = everyone('ok');
/** Any identity at all: a guest, an account or a group token (each acts on its own). */
const SOMEONE = allBut(['anonymous']);
const ACCOUNT_HOLDERS = only(ACCOUNTS);
const ACCOUNT_OR_GUEST = only([...ACCOUNTS, 'guest']);
const THE_USER = only(USER_ITSELF);
const THE_OWNER = only(['owner']);
const SITE_ADMIN = only(['siteAdmin']);
/** Accounts with a browser session (not an API token): who manages LMS tokens. */
const SESSION_ACCOUNTS = only(ACCOUNTS.filter((caller) => caller !== 'personalToken'));

/** A live LMS token of the organisation ("G-…"), made by its owner once and kept. */
let lmsGroupTokenText = '';
async function lmsGroupToken(world: World): Promise<string> {
  if (lmsGroupTokenText === '') {
    const { data } = await world.must<{ data: { token: string } }>(
      'owner',
      { method: 'POST', url: '/api/v1/lms/tokens/', form: { name: 'Matrix', group_id: String(world.groupId) } },
      "the organisation's LMS token",
    );
    lmsGroupTokenText = data.token;
  }
  return lmsGroupTokenText;
}
/** Past authorisation, the wrong current password is what stops the request (the fixture survives). */
const WRONG_PASSWORD = only(ACCOUNTS, { status: 400, code: 'current_password_invalid' });

const SESSION_ENDERS: readonly CallerName[] = ['guest', ...ACCOUNTS];
/** A cell that logged the caller in, out or elsewhere: log the caller in again (a new guest for the guest). */
async function renewSession(world: World, caller: CallerName): Promise<void> {
  if (SESSION_ENDERS.includes(caller)) await world.renew(caller);
}

const get = (url: string, extra: Partial<MatrixRequest> = {}): MatrixRequest => ({ method: 'GET', url, ...extra });
const post = (url: string, form: Record<string, string> = {}, extra: Partial<MatrixRequest> = {}): MatrixRequest => ({
  method: 'POST',
  url,
  form,
  ...extra,
});
const group = (world: World) => String(world.groupId);
const documentOf = (world: World, marker: MarkerName) => String(world.documents.get(marker) ?? 0);
const aiCheckOf = (world: World, marker: MarkerName) => String(world.aiChecks.get(marker) ?? 0);

/**
 * The read routes of a document: the user's, a removed member's in the organisation, the student's there. A
 * check's author reads it as long as it exists (issue 13, B2: "the author, or a teacher or owner of the group"),
 * removed from the organisation or not; what a removed member may no longer do is spend the organisation's pages
 * (B9: the never-sent case of send-text below) or read anyone else's work there.
 */
function documentCases(path: (world: World, id: string) => MatrixRequest): MatrixCase[] {
  return [
    { target: "the user's document", request: (w) => path(w, documentOf(w, 'userDocument')), expect: THE_USER },
    {
      target: "the organisation's document by the removed member",
      request: (w) => path(w, documentOf(w, 'removedDocument')),
      expect: only(['removedMember', ...GROUP_READERS]),
    },
    {
      target: "the organisation's document by the student",
      request: (w) => path(w, documentOf(w, 'studentDocument')),
      expect: only(['student', ...GROUP_READERS]),
    },
  ];
}

/**
 * Sharing a report by e-mail (issue 17): an account that manages the check (groups/group-access.ts mayDeleteCheck),
 * never a guest or a group token; a removed member reads what she wrote but no longer sends it out.
 */
function documentShareCases(path: (world: World, id: string) => MatrixRequest): MatrixCase[] {
  return [
    { target: "the user's document", request: (w) => path(w, documentOf(w, 'userDocument')), expect: THE_USER },
    {
      target: "the organisation's document by the removed member",
      request: (w) => path(w, documentOf(w, 'removedDocument')),
      expect: only(['teacher', 'owner']),
    },
    {
      target: "the organisation's document by the student",
      request: (w) => path(w, documentOf(w, 'studentDocument')),
      expect: only(['student', 'teacher', 'owner']),
    },
  ];
}

/**
 * Deleting a check for good (issue 13, A5): the author of a personal check; in the organisation its author while
 * a member, its owner and teachers, and its token; a removed member no longer deletes what she wrote there. Each
 * target is a ready check that stays until an allowed caller deletes it; the next cell then gets a new one.
 */
function deleteCases(path: 'text' | 'chat-gpt', kind: 'Document' | 'AiCheck'): MatrixCase[] {
  const what = kind === 'Document' ? 'document' : 'AI check';
  const target = (slot: DeletableSlot, expect: MatrixCase['expect'], label: string): MatrixCase => ({
    target: `${label} (a new one after each deletion)`,
    request: async (w) => post(`/api/v1/${path}/${String(await w.deletableCheck(slot))}/delete/`),
    expect,
    after: (w) => w.forgetDeleted(slot),
  });
  return [
    target(`user${kind}`, THE_USER, `the user's ${what}`),
    target(`student${kind}`, only(GROUP_ACTORS), `the student's ${what} in the organisation`),
    target(`removed${kind}`, only(GROUP_READERS), `the removed member's ${what} in the organisation`),
  ];
}

function textSubmitCases(url: string): MatrixCase[] {
  const form = (w: World) => ({
    text: w.freshText(),
    skip_english_words_validation: 'true',
    skip_percentage_words_validation: 'true',
  });
  return [
    { target: "the caller's own pages", request: (w) => post(url, form(w)), expect: SOMEONE },
    {
      target: "the organisation's pages (group_id)",
      request: (w) => post(url, { ...form(w), group_id: group(w) }),
      expect: only(GROUP_ACTORS),
    },
  ];
}

const SANDBOX_CARD = { card_number: '4242424242424242', exp_month: '12', exp_year: '2099', cvc: '123', name: 'Uma' };

/** Deleting many documents at once (issue 17): each by the rule of one (deleteCases); none of them: 404. */
function bulkDeleteCases(): MatrixCase[] {
  const target = (slot: DeletableSlot, expect: MatrixCase['expect'], label: string): MatrixCase => ({
    target: `${label} (a new one after each deletion)`,
    request: async (w) => post('/api/v1/text/delete/', { ids: String(await w.deletableCheck(slot)) }),
    expect,
    after: (w) => w.forgetDeleted(slot),
  });
  return [
    target('userDocument', THE_USER, "the user's document"),
    target('studentDocument', only(GROUP_ACTORS), "the student's document in the organisation"),
    target('removedDocument', only(GROUP_READERS), "the removed member's document in the organisation"),
  ];
}

/** The organisation's current members (its token acts for it, but folders are people's). */
const GROUP_MEMBERS: readonly CallerName[] = ['student', 'teacher', 'owner'];

const MATRIX: Matrix = {
  // ---------------------------------------------------------------- session and sign-up (public by design)
  'GET /csrf_tokens': [{ target: 'a new CSRF token', request: () => get('/csrf_tokens'), expect: PUBLIC }],
  'GET /altcha/challenge': [
    { target: 'a bot-check challenge', request: () => get('/altcha/challenge'), expect: PUBLIC },
  ],
  'GET /login_json': [{ target: "the caller's own state", request: () => get('/login_json'), expect: PUBLIC }],
  'GET /profile/get_credentials': [
    {
      target: "the caller's own credentials",
      request: () => get('/profile/get_credentials'),
      expect: ACCOUNT_OR_GUEST,
    },
  ],
  'POST /registration/': [
    {
      target: 'a new account',
      request: async (w) =>
        post('/registration/', {
          email: newEmail('new'),
          password: STRONG_PASSWORD,
          name: 'New Person',
          'security-token-registration': await w.botToken(),
        }),
      expect: PUBLIC,
      after: renewSession,
    },
  ],
  'POST /login_check': [
    {
      target: 'another account, with its password',
      request: (w) => post('/login_check', { _username: w.loginTarget.email, _password: w.loginTarget.password }),
      expect: PUBLIC,
      after: renewSession,
    },
  ],
  'POST /logout': [
    { target: "the caller's session", request: () => post('/logout'), expect: PUBLIC, after: renewSession },
  ],
  'POST /guest/registration/': [
    {
      target: 'a new guest',
      request: async (w) => post('/guest/registration/', { 'guest-security-token': await w.botToken() }),
      expect: PUBLIC,
    },
  ],
  'GET /avatar/:hash.svg': [
    { target: 'an avatar', request: () => get('/avatar/0123456789abcdef0123456789abcdef.svg'), expect: PUBLIC },
  ],
  'GET /verify_email/:code': [
    {
      target: 'a fresh verification link of another account (the code is the credential)',
      request: async (w) => get(`/verify_email/${await w.freshVerificationCode()}`),
      expect: PUBLIC,
    },
  ],
  'POST /resend_verification_email': [
    {
      target: "the caller's own address (the user's is confirmed: 409, past authorisation)",
      request: () => post('/resend_verification_email'),
      expect: {
        ...ACCOUNT_HOLDERS,
        user: { status: 409, code: 'email_already_verified' },
        personalToken: { status: 409, code: 'email_already_verified' },
      },
    },
  ],
  'POST /forgot_password': [
    {
      target: 'an address (same answer whether it exists or not)',
      request: () => post('/forgot_password', { email: newEmail('forgot') }),
      expect: PUBLIC,
    },
  ],
  'POST /validate_reset_password_code': [
    {
      target: "another account's valid reset code (the code is the credential)",
      request: (w) => post('/validate_reset_password_code', { code: w.reusableResetCode }),
      expect: PUBLIC,
    },
  ],
  'POST /reset_password': [
    {
      target: 'a fresh reset code of another account (the code is the credential)',
      request: async (w) =>
        post('/reset_password', {
          code: await w.freshResetCode(),
          password: 'N3w!Passw0rd-x',
          confirm_password: 'N3w!Passw0rd-x',
        }),
      expect: PUBLIC,
    },
  ],
  'GET /api/v1/auth/providers/': [
    { target: 'the sign-in providers', request: () => get('/api/v1/auth/providers/'), expect: PUBLIC },
  ],
  'GET /auth/google/start': [
    {
      target: 'Google sign-in (not configured: redirects back)',
      request: () => get('/auth/google/start'),
      expect: PUBLIC,
    },
  ],
  'GET /auth/google/callback': [
    {
      target: "Google's answer without a flow cookie (redirects back with an error)",
      request: () => get('/auth/google/callback?code=x&state=y'),
      expect: PUBLIC,
    },
  ],
  'POST /integrito/registration/': [
    {
      target: 'a portal sign-up (a logged-in caller registers their own account)',
      request: async (w) =>
        post('/integrito/registration/', {
          email: newEmail('portal'),
          role: '4',
          terms: 'on',
          'integrito-security-token': await w.botToken(),
        }),
      expect: PUBLIC,
    },
  ],
  'POST /api/v1/agreement/create/:type/:version/': [
    {
      target: "the caller's own agreement",
      request: () => post('/api/v1/agreement/create/terms/2018-05-24/', { type: 'terms', version: '2018-05-24' }),
      expect: ACCOUNT_HOLDERS,
    },
  ],

  // ---------------------------------------------------------------- profile (always the caller's own)
  'GET /api/v1/profile/': [
    { target: "the caller's profile", request: () => get('/api/v1/profile/'), expect: ACCOUNT_HOLDERS },
  ],
  'POST /api/v1/profile/': [
    {
      target: "the caller's profile (unchanged values)",
      request: (w, caller) =>
        post('/api/v1/profile/', {
          name: w.hasAccount(caller) ? w.account(caller).name : 'Someone',
          timezone: 'Europe/London',
          language: 'en',
        }),
      expect: ACCOUNT_HOLDERS,
    },
  ],
  'POST /api/v1/profile/email/': [
    {
      target: "the caller's e-mail (wrong current password)",
      request: () => post('/api/v1/profile/email/', { email: newEmail('moved'), current_password: 'Wr0ng!Passw0rd' }),
      expect: WRONG_PASSWORD,
    },
  ],
  'POST /api/v1/profile/password/': [
    {
      target: "the caller's password (wrong current password)",
      request: () =>
        post('/api/v1/profile/password/', {
          current_password: 'Wr0ng!Passw0rd',
          password: 'N3w!Passw0rd-x',
          confirm_password: 'N3w!Passw0rd-x',
        }),
      expect: WRONG_PASSWORD,
    },
  ],
  'POST /api/v1/profile/delete/': [
    {
      target: "the caller's account (wrong current password)",
      request: () => post('/api/v1/profile/delete/', { current_password: 'Wr0ng!Passw0rd' }),
      expect: WRONG_PASSWORD,
    },
  ],

  // ---------------------------------------------------------------- organisations
  'GET /api/v1/groups/list/': [
    { target: "the caller's own groups", request: () => get('/api/v1/groups/list/'), expect: ACCOUNT_OR_GUEST },
  ],
  'GET /api/v1/groups/:id/invites/': [
    {
      target: "the organisation's registration links",
      request: (w) => get(`/api/v1/groups/${group(w)}/invites/`),
      expect: THE_OWNER,
    },
  ],
  'POST /api/v1/groups/:id/invites/:role/rotate/': [
    {
      target: "the organisation's student link",
      request: (w) => post(`/api/v1/groups/${group(w)}/invites/3/rotate/`),
      expect: THE_OWNER,
    },
  ],
  'GET /api/v1/invites/:token/': [
    {
      target: "the organisation's teacher link (the link is the credential)",
      request: async (w) => get(`/api/v1/invites/${await w.inviteToken('owner', 2)}/`),
      expect: PUBLIC,
    },
  ],
  'POST /api/v1/invites/:token/accept/': [
    {
      target: "a second organisation's student link (the caller leaves it again)",
      request: async (w) => post(`/api/v1/invites/${await w.inviteToken('otherOwner', 3)}/accept/`),
      expect: ACCOUNT_HOLDERS,
      after: (w, caller) => w.leaveOtherGroup(caller),
    },
  ],
  'POST /api/v1/groups/:groupId/leave/': [
    {
      target: 'the organisation (a teacher or student who left joins again by its link)',
      request: (w) => post(`/api/v1/groups/${group(w)}/leave/`),
      // The owner cannot leave an organisation without handing it over; a removed member is no longer in it.
      expect: { ...only(['student', 'teacher']), owner: { status: 400, code: 'group_owner_leave' } },
      after: (w, caller) => w.rejoin(caller),
    },
  ],
  'GET /api/v1/invitations/': [
    { target: "the caller's own invitations", request: () => get('/api/v1/invitations/'), expect: ACCOUNT_HOLDERS },
  ],
  'POST /api/v1/invitations/:invitationId/accept/': [
    {
      target: "the user's invitation to a second organisation (a fresh one per cell; the user leaves again)",
      request: async (w) => post(`/api/v1/invitations/${String(await w.inviteUserElsewhere())}/accept/`),
      expect: THE_USER,
      after: (w) => w.forgetUserInvitation(),
    },
  ],
  'POST /api/v1/invitations/:invitationId/decline/': [
    {
      target: "the user's invitation to a second organisation (a fresh one per cell)",
      request: async (w) => post(`/api/v1/invitations/${String(await w.inviteUserElsewhere())}/decline/`),
      expect: THE_USER,
      after: (w) => w.forgetUserInvitation(),
    },
  ],
  'POST /api/v1/groups/:groupId/invitations/:invitationId/cancel/': [
    {
      target: 'a pending invitation of the organisation (a fresh one per cell)',
      request: async (w) =>
        post(`/api/v1/groups/${group(w)}/invitations/${String(await w.freshGroupInvitation())}/cancel/`),
      expect: THE_OWNER,
    },
  ],
  'GET /api/v1/groups/:groupId/members/': [
    {
      target: "the organisation's members",
      request: (w) => get(`/api/v1/groups/${group(w)}/members/`),
      expect: THE_OWNER,
    },
  ],
  'POST /api/v1/groups/:groupId/members/': [
    {
      target: 'a new member of the organisation (a new address)',
      request: (w) =>
        post(`/api/v1/groups/${group(w)}/members/`, {
          name: 'Nora New',
          email: newEmail('added'),
          limit: '',
          role: 'Student',
        }),
      expect: THE_OWNER,
    },
  ],
  'POST /api/v1/groups/:groupId/members/upload/': [
    {
      target: 'a members list for the organisation (one new address)',
      request: (w) => ({
        method: 'POST',
        url: `/api/v1/groups/${group(w)}/members/upload/`,
        multipart: {
          fields: {},
          file: {
            field: 'file',
            name: 'members.csv',
            type: 'text/csv',
            bytes: Buffer.from(`Name,E-mail,Limit,Role\nUla Upload,${newEmail('upload')},,Student\n`),
          },
        },
      }),
      expect: THE_OWNER,
    },
  ],
  'POST /api/v1/groups/:groupId/members/:userId/': [
    {
      target: "the student's limit and role (unchanged values)",
      request: async (w) =>
        post(`/api/v1/groups/${group(w)}/members/${String((await w.userRecord('student')).id)}/`, {
          limit: '',
          role: '3',
        }),
      expect: THE_OWNER,
    },
  ],
  'POST /api/v1/groups/:groupId/members/:userId/delete/': [
    {
      target: 'a member of the organisation (a fresh one per cell)',
      request: async (w) => post(`/api/v1/groups/${group(w)}/members/${String(await w.freshMember())}/delete/`),
      expect: THE_OWNER,
    },
  ],
  // organisation statistics (issue 17): its members by session or personal token; a student only her own figures
  'GET /api/v1/groups/:groupId/statistics/': [
    {
      target: "the organisation's statistics (a student gets her own)",
      request: (w) => get(`/api/v1/groups/${group(w)}/statistics/?from=2026-01-01&to=2026-03-31`),
      expect: only(['student', 'teacher', 'owner']),
    },
    {
      target: "one member's statistics (the teacher's)",
      request: async (w) =>
        get(`/api/v1/groups/${group(w)}/statistics/?member=${String((await w.userRecord('teacher')).id)}`),
      expect: only(['teacher', 'owner']),
    },
  ],
  'GET /api/v1/groups/:groupId/statistics/recent/': [
    {
      target: "the organisation's 10 most recent works (a student gets her own)",
      request: (w) => get(`/api/v1/groups/${group(w)}/statistics/recent/`),
      expect: only(['student', 'teacher', 'owner']),
    },
  ],
  'GET /api/v1/groups/:groupId/statistics.csv': [
    {
      target: "the organisation's statistics as CSV",
      request: (w) => get(`/api/v1/groups/${group(w)}/statistics.csv?from=2026-01-01&to=2026-03-31`),
      expect: only(['student', 'teacher', 'owner']),
    },
  ],
  'GET /api/v1/groups/:groupId/statistics.xlsx': [
    {
      target: "the organisation's statistics as XLSX",
      request: (w) => get(`/api/v1/groups/${group(w)}/statistics.xlsx`),
      expect: only(['student', 'teacher', 'owner']),
    },
  ],

  // ---------------------------------------------------------------- the AI detector
  'POST /api/v1/chat-gpt/': [
    {
      target: "the caller's own AI pages",
      request: (w) => post('/api/v1/chat-gpt/', { text: w.freshText() }),
      expect: SOMEONE,
    },
    {
      target: "the organisation's AI pages (group_id)",
      request: (w) => post('/api/v1/chat-gpt/', { text: w.freshText(), group_id: group(w) }),
      expect: only(GROUP_ACTORS),
    },
  ],
  'GET /api/v1/chat-gpt/': [
    // listed with their first words: the markers tell a leak of anyone else's check
    { target: "the caller's own AI checks", request: () => get('/api/v1/chat-gpt/'), expect: SOMEONE },
    {
      target: "the organisation's AI checks (a student sees only their own)",
      request: (w) => get(`/api/v1/chat-gpt/?group_id=${group(w)}`),
      expect: only(GROUP_ACTORS),
    },
  ],
  'GET /api/v1/chat-gpt/:id/': [
    {
      target: "the user's AI check",
      request: (w) => get(`/api/v1/chat-gpt/${aiCheckOf(w, 'userAiCheck')}/`),
      expect: THE_USER,
    },
    {
      target: "the organisation's AI check by the removed member",
      request: (w) => get(`/api/v1/chat-gpt/${aiCheckOf(w, 'removedAiCheck')}/`),
      expect: only(['removedMember', ...GROUP_READERS]),
    },
    {
      target: "the organisation's AI check by the student",
      request: (w) => get(`/api/v1/chat-gpt/${aiCheckOf(w, 'studentAiCheck')}/`),
      expect: only(['student', ...GROUP_READERS]),
    },
  ],
  'POST /api/v1/chat-gpt/:id/delete/': deleteCases('chat-gpt', 'AiCheck'),
  'POST /api/v1/chat-gpt/mark/:id/': [
    {
      target: 'a fresh AI check of the user (feedback is given once)',
      request: async (w) =>
        post(`/api/v1/chat-gpt/mark/${String(await w.submitAiCheck('user', w.freshText()))}/`, { mark: '1' }),
      expect: THE_USER,
    },
    {
      target: "the organisation's AI check by the removed member",
      request: (w) => post(`/api/v1/chat-gpt/mark/${aiCheckOf(w, 'removedAiCheck')}/`, { mark: '1' }),
      // Feedback on the detector comes from whoever made the check, the only caller who has not given it yet.
      expect: only(['removedMember']),
    },
    {
      target: 'a fresh AI check of the student in the organisation',
      request: async (w) =>
        post(`/api/v1/chat-gpt/mark/${String(await w.submitAiCheck('student', w.freshText(), w.groupId))}/`, {
          mark: '0',
        }),
      expect: only(['student']),
    },
  ],

  // ---------------------------------------------------------------- the plagiarism check
  'POST /api/v1/text/validate': [
    {
      target: 'a text (nothing stored or charged)',
      request: (w) => post('/api/v1/text/validate', { text: w.freshText() }),
      expect: PUBLIC,
    },
    {
      target: 'a text for the organisation (group_id)',
      request: (w) => post('/api/v1/text/validate', { text: w.freshText(), group_id: group(w) }),
      expect: only(GROUP_ACTORS),
    },
  ],
  'POST /api/v1/text': textSubmitCases('/api/v1/text'),
  'POST /api/v1/text/create': textSubmitCases('/api/v1/text/create'),
  'GET /api/v1/text/': [
    { target: "the caller's own documents", request: () => get('/api/v1/text/'), expect: SOMEONE },
    {
      target: "the organisation's documents (a student sees only their own)",
      request: (w) => get(`/api/v1/text/?group_id=${group(w)}`),
      expect: only(GROUP_ACTORS),
    },
  ],
  'GET /api/v1/text/:id': documentCases((_w, id) => get(`/api/v1/text/${id}`)),
  'POST /api/v1/text/:id/delete/': deleteCases('text', 'Document'),
  'GET /api/v1/text/report/:id': documentCases((_w, id) => get(`/api/v1/text/report/${id}`)),
  // Issue 17: the report's settings and source tools. Changing them: the delete rule (its author while a member, the
  // organisation's owner and teachers, its token); the defaults ({}) and including a source again keep the fixture.
  'POST /api/v1/text/:id/settings/': documentCases((_w, id) => post(`/api/v1/text/${id}/settings/`, {})).map(
    (c, index) => ({ ...c, expect: [THE_USER, only(GROUP_READERS), only(GROUP_ACTORS)][index] ?? c.expect }),
  ),
  'POST /api/v1/text/:id/sources/ignore/': documentCases((_w, id) =>
    post(`/api/v1/text/${id}/sources/ignore/`, { source: 'check:1', ignored: '0' }),
  ).map((c, index) => ({ ...c, expect: [THE_USER, only(GROUP_READERS), only(GROUP_ACTORS)][index] ?? c.expect })),
  'GET /api/v1/text/report/:id/sources/passage': documentCases((_w, id) =>
    get(`/api/v1/text/report/${id}/sources/passage?source=check%3A1`),
  ),
  // Issue 17: rename and delete many, by the delete rule (a removed member no longer manages what she wrote there).
  'POST /api/v1/text/:id/rename/': [
    {
      target: "the user's document (its title unchanged)",
      request: (w) =>
        post(`/api/v1/text/${documentOf(w, 'userDocument')}/rename/`, { title: `${MARKERS.userDocument} essay` }),
      expect: THE_USER,
    },
    {
      target: "the organisation's document by the student (its title unchanged)",
      request: (w) =>
        post(`/api/v1/text/${documentOf(w, 'studentDocument')}/rename/`, { title: `${MARKERS.studentDocument} essay` }),
      expect: only(GROUP_ACTORS),
    },
    {
      target: "the organisation's document by the removed member",
      request: (w) =>
        post(`/api/v1/text/${documentOf(w, 'removedDocument')}/rename/`, { title: `${MARKERS.removedDocument} essay` }),
      expect: only(GROUP_READERS),
    },
  ],
  'POST /api/v1/text/delete/': bulkDeleteCases(),

  // ---------------------------------------------------------------- My Documents' folders (issue 17)
  'GET /api/v1/folders/': [
    { target: "the caller's own folders", request: () => get('/api/v1/folders/'), expect: ACCOUNT_HOLDERS },
    {
      target: "the caller's folders in the organisation (group_id)",
      request: (w) => get(`/api/v1/folders/?group_id=${group(w)}`),
      expect: only(GROUP_MEMBERS),
    },
  ],
  'POST /api/v1/folders/': [
    {
      target: 'a new folder of the caller',
      request: () => post('/api/v1/folders/', { name: newEmail('folder') }),
      expect: ACCOUNT_HOLDERS,
    },
    {
      target: 'a new folder of the caller in the organisation (group_id)',
      request: (w) => post('/api/v1/folders/', { name: newEmail('folder'), group_id: group(w) }),
      expect: only(GROUP_MEMBERS),
    },
    {
      target: "a subfolder of the teacher's folder",
      request: (w) => post('/api/v1/folders/', { name: newEmail('folder'), parent_id: String(w.teacherFolder.id) }),
      expect: only(['teacher']),
    },
  ],
  'POST /api/v1/folders/move/': [
    {
      target: "the user's document into the user's folder",
      request: (w) =>
        post('/api/v1/folders/move/', { ids: documentOf(w, 'userDocument'), folder_id: String(w.userFolderId) }),
      expect: THE_USER,
    },
    {
      target: "the user's document out of every folder",
      request: (w) => post('/api/v1/folders/move/', { ids: documentOf(w, 'userDocument'), folder_id: '' }),
      expect: THE_USER,
    },
    {
      target: "the student's document into the teacher's folder (the student, named on it, only reads it)",
      request: (w) =>
        post('/api/v1/folders/move/', {
          ids: documentOf(w, 'studentDocument'),
          folder_id: String(w.teacherFolder.id),
        }),
      expect: only(['teacher']),
    },
  ],
  'POST /api/v1/folders/shared/:token/join': [
    {
      target: "the user's personal folder by its link (an empty one: any account may join)",
      request: (w) => post(`/api/v1/folders/shared/${w.userLinkFolder.token}/join`),
      expect: ACCOUNT_HOLDERS,
    },
    {
      target: "the teacher's organisation folder by its link (its owner and teachers; never a student)",
      request: (w) => post(`/api/v1/folders/shared/${w.teacherFolder.token}/join`),
      expect: only(['teacher', 'owner']),
    },
    {
      target: 'an empty link',
      request: () => post('/api/v1/folders/shared/%20/join'),
      expect: everyone({ status: 404, code: 'folder_share_link_empty' }),
    },
  ],
  'POST /api/v1/folders/:id/': [
    {
      target: "the user's folder",
      request: (w) => post(`/api/v1/folders/${String(w.userFolderId)}/`, { name: newEmail('renamed') }),
      expect: THE_USER,
    },
    {
      target: "the teacher's organisation folder (the student on its access list only opens it)",
      request: (w) => post(`/api/v1/folders/${String(w.teacherFolder.id)}/`, { name: newEmail('renamed') }),
      expect: only(['teacher']),
    },
  ],
  'POST /api/v1/folders/:id/delete/': [
    {
      target: "a new folder of the user's (one per cell)",
      request: async (w) => post(`/api/v1/folders/${String(await w.freshFolder('user'))}/delete/`),
      expect: THE_USER,
    },
    {
      target: "a new folder of the teacher's in the organisation, the student on its access list (one per cell)",
      request: async (w) => post(`/api/v1/folders/${String((await w.freshSharedFolder()).folderId)}/delete/`),
      expect: only(['teacher']),
    },
  ],
  'GET /api/v1/folders/:id/access/': [
    {
      target: "the teacher's folder's access list",
      request: (w) => get(`/api/v1/folders/${String(w.teacherFolder.id)}/access/`),
      expect: only(['teacher']),
    },
  ],
  'POST /api/v1/folders/:id/access/': [
    {
      target: "the teacher's folder: the student named again",
      request: (w) =>
        post(`/api/v1/folders/${String(w.teacherFolder.id)}/access/`, { email: w.account('student').email }),
      expect: only(['teacher']),
    },
  ],
  'POST /api/v1/folders/:id/access/:userId/delete/': [
    {
      target: "the student taken off a new folder of the teacher's (one per cell)",
      request: async (w) => {
        const { folderId, userId } = await w.freshSharedFolder();
        return post(`/api/v1/folders/${String(folderId)}/access/${String(userId)}/delete/`);
      },
      expect: only(['teacher']),
    },
  ],
  'POST /api/v1/folders/:id/share-link/': [
    {
      target: "the teacher's folder's link (the live one)",
      request: (w) => post(`/api/v1/folders/${String(w.teacherFolder.id)}/share-link/`),
      expect: only(['teacher']),
    },
  ],
  'POST /api/v1/folders/:id/share-link/delete/': [
    {
      target: "another folder of the teacher's: its link revoked",
      request: (w) => post(`/api/v1/folders/${String(w.teacherRevokeFolderId)}/share-link/delete/`),
      expect: only(['teacher']),
    },
  ],
  'GET /api/v1/fingerprint/text-status/:id/': [
    ...documentCases((_w, id) => get(`/api/v1/fingerprint/text-status/${id}/?type=3`)),
    // the authorship check's status (type=1, issue 18): whoever reads the document (enabled only for teachers
    // and owners where the organisation allows it; the result only for them)
    ...documentCases((_w, id) => get(`/api/v1/fingerprint/text-status/${id}/?type=1`)).map((c) => ({
      ...c,
      target: `the authorship status of ${c.target.replace(/^the /, '')}`,
    })),
  ],
  'POST /api/v1/fingerprint/send-text/:id/': [
    ...documentCases((_w, id) => post(`/api/v1/fingerprint/send-text/${id}/`, { type: '3' })),
    {
      // The spending case of B9: sent for the first time, the organisation's AI page would pay.
      target: "the organisation's document by the removed member, never sent before (a fresh one per cell)",
      request: (w) => post(`/api/v1/fingerprint/send-text/${String(w.unsentRemovedDocument())}/`, { type: '3' }),
      expect: only(GROUP_READERS),
    },
    // the authorship check (type=1, issue 18): only the organisation's teachers and owner get past authorisation,
    // to the organisation's setting (off in this world); a personal document has none
    {
      target: "the authorship check of the user's document",
      request: (w) => post(`/api/v1/fingerprint/send-text/${documentOf(w, 'userDocument')}/`, { type: '1' }),
      expect: everyone('denied'),
    },
    {
      target: "the authorship check of the organisation's document by the student",
      request: (w) => post(`/api/v1/fingerprint/send-text/${documentOf(w, 'studentDocument')}/`, { type: '1' }),
      expect: only(['teacher', 'owner'], { status: 403, code: 'authorship_disabled' }),
    },
  ],
  'POST /profile/fingerprint/download-pdf/:id/': [
    ...documentCases((_w, id) => post(`/profile/fingerprint/download-pdf/${id}/`)).map((c) => ({
      ...c,
      target: `the Similarity PDF of ${c.target.replace(/^the /, '')}`,
    })),
    {
      target: "the AI PDF of the user's AI check",
      request: (w) => post(`/profile/fingerprint/download-pdf/${aiCheckOf(w, 'userAiCheck')}/`, { type: '3' }),
      expect: THE_USER,
    },
    {
      target: "the AI PDF of the organisation's AI check by the removed member",
      request: (w) => post(`/profile/fingerprint/download-pdf/${aiCheckOf(w, 'removedAiCheck')}/`, { type: '3' }),
      expect: only(['removedMember', ...GROUP_READERS]),
    },
    {
      target: "the AI PDF of the organisation's AI check by the student",
      request: (w) => post(`/profile/fingerprint/download-pdf/${aiCheckOf(w, 'studentAiCheck')}/`, { type: '3' }),
      expect: only(['student', ...GROUP_READERS]),
    },
    {
      // no authorship check was run in this world: teachers and owner get past authorisation to its 404
      target: "the authorship PDF of the organisation's document by the student",
      request: (w) => post(`/profile/fingerprint/download-pdf/${documentOf(w, 'studentDocument')}/`, { type: '1' }),
      expect: everyone('denied'),
    },
  ],

  // ---------------------------------------------------------------- site administration
  'GET /api/v1/admin/collections/': [
    { target: 'the reference collections', request: () => get('/api/v1/admin/collections/'), expect: SITE_ADMIN },
  ],
  'POST /api/v1/admin/collections/': [
    {
      target: 'an upload into a reference collection',
      request: (w) => ({
        method: 'POST',
        url: '/api/v1/admin/collections/',
        multipart: {
          fields: { name: 'matrix-upload', title: 'Matrix upload' },
          file: { field: 'files', name: 'one.txt', type: 'text/plain', bytes: Buffer.from(w.freshText(4)) },
        },
      }),
      expect: SITE_ADMIN,
    },
  ],
  'POST /api/v1/admin/collections/wikipedia/': [
    {
      target: 'a Wikipedia dump uploaded into a reference collection',
      request: () => ({
        method: 'POST',
        url: '/api/v1/admin/collections/wikipedia/',
        multipart: {
          fields: { name: 'matrix-wiki' },
          file: {
            field: 'dump',
            name: 'enwiki-latest-pages-articles.xml',
            type: 'application/xml',
            bytes: Buffer.from(
              '<mediawiki xml:lang="en"><siteinfo><base>https://en.wikipedia.org/wiki/Main_Page</base></siteinfo></mediawiki>',
            ),
          },
        },
      }),
      expect: SITE_ADMIN,
    },
  ],
  'GET /api/v1/admin/collections/imports/:id/': [
    {
      target: "an administrator's import",
      request: (w) => get(`/api/v1/admin/collections/imports/${String(w.collectionImportId)}/`),
      expect: SITE_ADMIN,
    },
  ],
  'DELETE /api/v1/admin/collections/:name/': [
    {
      target: 'a reference collection (a fresh one per cell)',
      request: async (w) => ({ method: 'DELETE', url: `/api/v1/admin/collections/${await w.freshCollection()}/` }),
      expect: SITE_ADMIN,
    },
  ],
  'POST /api/v1/admin/collections/:name/remove/': [
    {
      target: 'a reference collection (a fresh one per cell)',
      request: async (w) => post(`/api/v1/admin/collections/${await w.freshCollection()}/remove/`),
      expect: SITE_ADMIN,
    },
  ],

  // ---------------------------------------------------------------- what a check compares with
  'GET /api/v1/check-scope/': [
    {
      target: 'whether the internet is searched (the same for everyone)',
      request: () => get('/api/v1/check-scope/'),
      expect: PUBLIC,
    },
  ],

  // ---------------------------------------------------------------- commerce
  'GET /api/v1/pricing/': [{ target: 'the price list', request: () => get('/api/v1/pricing/'), expect: PUBLIC }],
  'GET /api/v1/orders/current/': [
    { target: "the caller's own cart", request: () => get('/api/v1/orders/current/'), expect: ACCOUNT_HOLDERS },
  ],
  'GET /api/v1/orders/:id/': [
    { target: "the user's order", request: (w) => get(`/api/v1/orders/${String(w.userOrderId)}/`), expect: THE_USER },
  ],
  'POST /order/add_item': [
    {
      target: "a pack for the caller's own account",
      request: () => post('/order/add_item', { service: 'basic', quantity: '1' }),
      expect: ACCOUNT_HOLDERS,
    },
    {
      target: 'a pack for the organisation (group_id)',
      request: (w) => post('/order/add_item', { service: 'basic', quantity: '1', group_id: group(w) }),
      expect: THE_OWNER,
    },
  ],
  'POST /order/delete_item/:id': [
    {
      target: "a line of the user's cart (put back before each cell)",
      request: async (w) => post(`/order/delete_item/${String(await w.fillCart('user'))}`),
      expect: THE_USER,
    },
  ],
  'POST /order/add_coupon': [
    {
      target: "a promo code on the caller's own cart",
      request: async (w, caller) => {
        if (w.hasAccount(caller)) await w.fillCart(caller);
        return post('/order/add_coupon', { coupon: w.promoCode });
      },
      expect: ACCOUNT_HOLDERS,
    },
  ],
  'POST /order/checkout': [
    {
      target: "the caller's own cart (filled before each cell)",
      request: async (w, caller) => {
        if (w.hasAccount(caller)) await w.fillCart(caller);
        return post('/order/checkout', {}, { headers: { accept: 'application/json' } });
      },
      expect: ACCOUNT_HOLDERS,
    },
  ],
  'GET /api/v1/sandbox-pay/:session_id/': [
    {
      target: "the user's payment session (a fresh one per cell)",
      request: async (w) => get(`/api/v1/sandbox-pay/${await w.freshPaymentSession()}/`),
      expect: THE_USER,
    },
  ],
  'POST /api/v1/sandbox-pay/:session_id/': [
    {
      target: "the user's payment session, paid with a test card (a fresh one per cell)",
      request: async (w) => post(`/api/v1/sandbox-pay/${await w.freshPaymentSession()}/`, SANDBOX_CARD),
      expect: THE_USER,
    },
  ],
  // ---------------------------------------------------------------- subscriptions
  'GET /api/v1/subscription-plans/': [
    { target: 'the monthly plans', request: () => get('/api/v1/subscription-plans/'), expect: PUBLIC },
  ],
  'GET /api/v1/subscriptions/': [
    { target: "the caller's own subscriptions", request: () => get('/api/v1/subscriptions/'), expect: ACCOUNT_HOLDERS },
  ],
  'GET /api/v1/groups/subscriptions/:groupId/': [
    {
      target: "the organisation's subscriptions",
      request: (w) => get(`/api/v1/groups/subscriptions/${group(w)}/?id=${group(w)}`),
      expect: THE_OWNER,
    },
  ],
  'POST /api/v1/subscriptions/': [
    {
      target: "a plan for the caller's own account (the user has one: past authorisation, 409 subscription_active)",
      request: () => post('/api/v1/subscriptions/', { service: 'aiBasic' }),
      expect: {
        ...ACCOUNT_HOLDERS,
        user: { status: 409, code: 'subscription_active' },
        personalToken: { status: 409, code: 'subscription_active' },
      },
    },
    {
      target: 'a team plan for the organisation (group_id)',
      request: (w) => post('/api/v1/subscriptions/', { service: 'lightTeams', group_id: group(w) }),
      expect: THE_OWNER,
    },
  ],
  'POST /api/v1/subscriptions/:id/cancel/': [
    {
      target: "the user's subscription (cancelling again answers the same)",
      request: (w) => post(`/api/v1/subscriptions/${String(w.userSubscriptionId)}/cancel/`, { reason: 'other' }),
      expect: THE_USER,
    },
  ],
  'POST /api/v1/subscriptions/:id/upgrade/': [
    {
      target:
        "the user's subscription, to a plan that is not dearer (past authorisation: 400 subscription_upgrade_invalid)",
      request: (w) => post(`/api/v1/subscriptions/${String(w.userSubscriptionId)}/upgrade/`, { service: 'aiBasic' }),
      expect: only(USER_ITSELF, { status: 400, code: 'subscription_upgrade_invalid' }),
    },
  ],
  // ---------------------------------------------------------------- notices (the notify modal)
  'POST /api/v1/groups/:groupId/notify-admin/': [
    {
      target: "the organisation's owner, asked for pages by a member (the owner: past authorisation, 400)",
      request: (w) => post(`/api/v1/groups/${group(w)}/notify-admin/`, { reason: 'pages' }),
      expect: { ...only(['student', 'teacher']), owner: { status: 400, code: 'bad_request' } },
    },
  ],
  'GET /api/v1/notices/': [
    { target: "the caller's own notices", request: () => get('/api/v1/notices/'), expect: ACCOUNT_OR_GUEST },
  ],
  'POST /api/v1/notices/:id/read/': [
    {
      target: "a notice in the owner's cabinet",
      request: (w) => post(`/api/v1/notices/${String(w.ownerNoticeId)}/read/`),
      expect: THE_OWNER,
    },
  ],
  'POST /webhooks/stripe': [
    {
      target: 'a correctly signed event (the signature is the credential)',
      request: (w) => webhook(w, sandboxWebhookSecret(w.t.config.appSecret)),
      expect: PUBLIC,
    },
    {
      target: "a forged event paying the user's session (wrong signature)",
      request: async (w) => webhook(w, 'whsec_forged', await w.freshPaymentSession()),
      expect: everyone({ status: 400, code: 'bad_request' }),
    },
  ],

  // ---------------------------------------------------------------- billing
  'GET /api/v1/billing/transactions/': [
    { target: "the caller's own ledger", request: () => get('/api/v1/billing/transactions/'), expect: ACCOUNT_HOLDERS },
    {
      target: "the organisation's ledger (group_id)",
      request: (w) => get(`/api/v1/billing/transactions/?group_id=${group(w)}`),
      expect: THE_OWNER,
    },
  ],
  'GET /api/v1/billing/invoices/': [
    { target: "the caller's own invoices", request: () => get('/api/v1/billing/invoices/'), expect: ACCOUNT_HOLDERS },
    {
      target: "the organisation's invoices (group_id)",
      request: (w) => get(`/api/v1/billing/invoices/?group_id=${group(w)}`),
      expect: THE_OWNER,
    },
  ],
  'GET /api/v1/billing/invoices/:id/pdf/': [
    {
      target: "the user's invoice (its subscription's first month)",
      request: (w) => get(`/api/v1/billing/invoices/${String(w.userInvoice.id)}/pdf/`),
      expect: THE_USER,
    },
    {
      target: "the organisation's invoice (a pack its owner paid for)",
      request: (w) => get(`/api/v1/billing/invoices/${String(w.groupInvoiceId)}/pdf/?language=es`),
      expect: THE_OWNER,
    },
  ],
  'GET /api/v1/admin/billing/transactions/': [
    {
      target: "the user's ledger, found by e-mail",
      request: (w) => get(`/api/v1/admin/billing/transactions/?email=${encodeURIComponent(w.account('user').email)}`),
      expect: SITE_ADMIN,
    },
  ],
  'POST /api/v1/admin/billing/transactions/:id/release/': [
    {
      target: "an open hold of the other user's (releasing again answers the same)",
      request: (w) => post(`/api/v1/admin/billing/transactions/${String(w.releasableHoldId)}/release/`),
      expect: SITE_ADMIN,
    },
  ],
  'POST /api/v1/admin/billing/transactions/:id/cancel-hold/': [
    {
      target: "an open hold of the other user's (cancelling again answers the same)",
      request: (w) => post(`/api/v1/admin/billing/transactions/${String(w.cancellableHoldId)}/cancel-hold/`),
      expect: SITE_ADMIN,
    },
  ],
  'POST /api/v1/admin/billing/transactions/:id/cancel-reversal/': [
    {
      target: "a reversal on the other user's ledger (cancelling again answers the same)",
      request: (w) => post(`/api/v1/admin/billing/transactions/${String(w.reversalEntryId)}/cancel-reversal/`),
      expect: SITE_ADMIN,
    },
  ],

  // ---------------------------------------------------------------- organisation settings and lifecycle
  'GET /api/v1/groups/:groupId/settings/': [
    {
      target: "the organisation's settings",
      request: (w) => get(`/api/v1/groups/${group(w)}/settings/`),
      expect: THE_OWNER,
    },
  ],
  'POST /api/v1/groups/:groupId/settings/': [
    {
      target: "the organisation's settings (its description, set to what it is)",
      request: (w) => post(`/api/v1/groups/${group(w)}/settings/`, { description: '' }),
      expect: THE_OWNER,
    },
  ],
  'POST /api/v1/groups/': [
    {
      target: 'a new team of the caller (deleted again after the cell)',
      request: () => post('/api/v1/groups/', { name: 'Matrix Team' }),
      expect: ACCOUNT_HOLDERS,
      after: async (w) => {
        await w.db.query("DELETE FROM groups WHERE name = 'Matrix Team'");
      },
    },
  ],
  'POST /api/v1/groups/:groupId/delete/': [
    {
      target: 'the organisation (with a wrong confirmation, so that it survives)',
      request: (w) => post(`/api/v1/groups/${group(w)}/delete/`, { confirm: 'not its name' }),
      expect: only(['owner'], { status: 400, code: 'validation_failed' }),
    },
  ],
  'GET /api/v1/admin/groups/': [
    {
      target: 'the organisations, searched by name',
      request: () => get('/api/v1/admin/groups/?q=Academy'),
      expect: SITE_ADMIN,
    },
  ],
  'POST /api/v1/admin/groups/:groupId/disable/': [
    {
      target: 'an organisation of its own (disabling again answers the same)',
      request: async (w) => post(`/api/v1/admin/groups/${String(await w.spareGroup())}/disable/`, { reason: 'matrix' }),
      expect: SITE_ADMIN,
    },
  ],
  'POST /api/v1/admin/groups/:groupId/enable/': [
    {
      target: 'an organisation of its own (enabling again answers the same)',
      request: async (w) => post(`/api/v1/admin/groups/${String(await w.spareGroup())}/enable/`),
      expect: SITE_ADMIN,
    },
  ],

  // ---------------------------------------------------------------- operations
  'GET /health': [{ target: 'liveness', request: () => get('/health'), expect: PUBLIC }],
  // the quick guide's PDFs (issue 18): public assets
  'GET /assets/QuickGuide.pdf': [
    { target: 'the quick guide (English)', request: () => get('/assets/QuickGuide.pdf'), expect: PUBLIC },
  ],
  'GET /assets/es/QuickGuide.pdf': [
    { target: 'the quick guide (Spanish)', request: () => get('/assets/es/QuickGuide.pdf'), expect: PUBLIC },
  ],
  'GET /metrics': [
    { target: 'the metrics, from outside', request: () => get('/metrics'), expect: everyone('denied') },
    {
      target: 'the metrics, from loopback',
      request: () => get('/metrics', { remoteAddress: '127.0.0.1' }),
      expect: PUBLIC,
    },
    {
      target: 'the metrics, from outside with the operator’s bearer token',
      request: () => get('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }),
      expect: PUBLIC,
    },
    {
      target: 'the metrics, from outside with a wrong bearer token',
      request: () => get('/metrics', { headers: { authorization: 'Bearer not-the-metrics-token-0123456789' } }),
      expect: everyone('denied'),
    },
  ],
  'GET /dev/outbox': [
    { target: 'the local outbox (test mode: off)', request: () => get('/dev/outbox'), expect: everyone('denied') },
    {
      target: 'the local outbox (development mode)',
      request: () => get('/dev/outbox', { development: true }),
      expect: SITE_ADMIN,
    },
  ],
  'GET /dev/outbox/:id': [
    {
      target: 'a message of the local outbox (test mode: off)',
      request: (w) => get(`/dev/outbox/${String(w.outboxMessageId)}`),
      expect: everyone('denied'),
    },
    {
      target: 'a message of the local outbox (development mode)',
      request: (w) => get(`/dev/outbox/${String(w.outboxMessageId)}`, { development: true }),
      expect: SITE_ADMIN,
    },
  ],
  // ---------------------------------------------------------------- report comments and shares (issue 17)
  // After the local outbox's cells: the shared-report e-mails name the fixture's documents, as they should.
  // Comments: whoever reads the report reads them; a teacher or the owner of the check's organisation writes them.
  // the grammar checker (issue 18): whoever reads the document; the world's organisation has not activated it, so
  // running it answers those readers grammar_not_activated (and the user's personal document too)
  'GET /api/v1/grammar/:id/': documentCases((_w, id) => get(`/api/v1/grammar/${id}/`)),
  'POST /api/v1/grammar/:id/': [
    {
      target: "the user's document",
      request: (w) => post(`/api/v1/grammar/${documentOf(w, 'userDocument')}/`),
      expect: only(USER_ITSELF, { status: 403, code: 'grammar_not_activated' }),
    },
    {
      target: "the organisation's document by the removed member",
      request: (w) => post(`/api/v1/grammar/${documentOf(w, 'removedDocument')}/`),
      expect: only(['removedMember', ...GROUP_READERS], { status: 403, code: 'grammar_not_activated' }),
    },
    {
      target: "the organisation's document by the student",
      request: (w) => post(`/api/v1/grammar/${documentOf(w, 'studentDocument')}/`),
      expect: only(['student', ...GROUP_READERS], { status: 403, code: 'grammar_not_activated' }),
    },
  ],
  'GET /api/v1/text/:id/comments/': documentCases((_w, id) => get(`/api/v1/text/${id}/comments/`)),
  'POST /api/v1/text/:id/comments/': [
    {
      target: "the user's document (a personal check: no comments)",
      request: (w) => post(`/api/v1/text/${documentOf(w, 'userDocument')}/comments/`, { body: 'A comment.' }),
      expect: only(USER_ITSELF, { status: 403, code: 'comment_organisation_only' }),
    },
    {
      target: "the organisation's document by the student",
      request: (w) => post(`/api/v1/text/${documentOf(w, 'studentDocument')}/comments/`, { body: 'A comment.' }),
      expect: {
        ...only(['teacher', 'owner']),
        student: { status: 403, code: 'comment_teachers_only' },
        groupToken: { status: 403, code: 'comment_teachers_only' },
      },
    },
    {
      target: "the organisation's document by the removed member",
      request: (w) => post(`/api/v1/text/${documentOf(w, 'removedDocument')}/comments/`, { body: 'A comment.' }),
      expect: only(['teacher', 'owner']),
    },
  ],
  'POST /api/v1/text/:id/comments/:commentId/delete/': [
    {
      target: "the teacher's comment on the student's document (a new one for each cell)",
      request: async (w) =>
        post(
          `/api/v1/text/${documentOf(w, 'studentDocument')}/comments/${String(await w.freshTeacherComment())}/delete/`,
        ),
      expect: only(['teacher']),
    },
  ],
  // Shared links: an account that manages the check (mayDeleteCheck) shares, lists and revokes them.
  'POST /api/v1/text/:id/shares/': documentShareCases((w, id) =>
    post(`/api/v1/text/${id}/shares/`, { email: newEmail('share'), days: '7' }),
  ),
  'GET /api/v1/text/:id/shares/': documentShareCases((_w, id) => get(`/api/v1/text/${id}/shares/`)),
  'POST /api/v1/text/:id/shares/:shareId/revoke/': [
    {
      target: "a working link to the student's document (a new one for each cell)",
      request: async (w) =>
        post(
          `/api/v1/text/${documentOf(w, 'studentDocument')}/shares/${String((await w.freshReportShare()).id)}/revoke/`,
        ),
      expect: only(['student', 'teacher', 'owner']),
    },
  ],
  'GET /api/v1/shared-reports/:token': [
    {
      target: 'a working link (public: the token is the credential)',
      request: async (w) => get(`/api/v1/shared-reports/${(await w.reportShareTokens()).working}`),
      expect: PUBLIC,
    },
    {
      target: 'a revoked link',
      request: async (w) => get(`/api/v1/shared-reports/${(await w.reportShareTokens()).revoked}`),
      expect: everyone({ status: 404, code: 'not_found' }),
    },
  ],
  // the sales forms (issue 18): public, a bot check each; a visitor not signed in gets an account and a session
  'POST /api/v1/forms/enquiry/': [
    {
      target: 'a lead (an account for a new address when the caller is not signed in)',
      request: async (w) =>
        post('/api/v1/forms/enquiry/', {
          name: 'Lead Person',
          email: newEmail('lead'),
          job: 'Librarian',
          lms: 'Moodle',
          number_of_students: '300',
          'security-token-contact': await w.botToken(),
        }),
      expect: PUBLIC,
      after: renewSession,
    },
  ],
  'POST /api/v1/forms/contact/': [
    {
      target: 'a lead',
      request: async (w) =>
        post('/api/v1/forms/contact/', {
          name: 'Lead Person',
          email: newEmail('lead'),
          message: 'Hello',
          'security-token-contact': await w.botToken(),
        }),
      expect: PUBLIC,
    },
  ],
  'POST /api/v1/forms/quick-guide/': [
    {
      target: 'a lead',
      request: async (w) =>
        post('/api/v1/forms/quick-guide/', {
          name: 'Lead Person',
          email: newEmail('lead'),
          'security-token-contact': await w.botToken(),
        }),
      expect: PUBLIC,
    },
  ],
  'POST /send_feedback/request': [
    {
      target: 'a lead (custom quote)',
      request: async (w) =>
        post('/send_feedback/request', {
          name: 'Lead Person',
          email: newEmail('lead'),
          message: 'A quote for 500 students',
          token: await w.botToken(),
        }),
      expect: PUBLIC,
    },
  ],
  'GET /api/v1/admin/leads/': [
    { target: 'the leads of the sales forms', request: () => get('/api/v1/admin/leads/'), expect: SITE_ADMIN },
  ],
  'GET /api/v1/admin/leads.csv': [
    { target: 'the leads as CSV', request: () => get('/api/v1/admin/leads.csv'), expect: SITE_ADMIN },
  ],
  // user-action tracking (issue 18): beacons anyone may post (stored with the caller's account if any); the
  // funnel is for site administrators
  'POST /user-action/:event/': [
    {
      target: 'a tracking event',
      request: () => post('/user-action/checktools-add-text/', { sid: 'matrix-visitor-1', timestamp: '1' }),
      expect: PUBLIC,
    },
  ],
  'POST /api/v1/user-action/:action/': [
    {
      target: 'a user action',
      request: () => post('/api/v1/user-action/AddToCart/', { sid: 'matrix-visitor-1', timestamp: '1' }),
      expect: PUBLIC,
    },
  ],
  'GET /api/v1/admin/funnel/': [
    { target: 'the check-tool funnel', request: () => get('/api/v1/admin/funnel/'), expect: SITE_ADMIN },
  ],
  // the citation generator (issue 18): formatting is public; the history is each account's own (a guest keeps it in
  // the browser, a group token has none); the look-up is off in this world (CITATION_LOOKUP unset)
  'POST /api/v1/citations/format/': [
    {
      target: 'a reference (nothing stored)',
      request: () => post('/api/v1/citations/format/', CITATION_FORM),
      expect: PUBLIC,
    },
  ],
  'GET /api/v1/citations/': [
    { target: "the caller's own history", request: () => get('/api/v1/citations/'), expect: ACCOUNT_HOLDERS },
  ],
  'POST /api/v1/citations/': [
    {
      target: "a reference added to the caller's own history",
      request: () => post('/api/v1/citations/', CITATION_FORM),
      expect: ACCOUNT_HOLDERS,
    },
  ],
  'POST /api/v1/citations/:id/delete/': [
    {
      target: "an entry of the user's history (a new one for each cell)",
      request: async (w) => {
        const { data } = await w.must<{ data: { citation: { id: number } } }>(
          'user',
          { method: 'POST', url: '/api/v1/citations/', form: CITATION_FORM },
          'a citation of the user',
        );
        return post(`/api/v1/citations/${String(data.citation.id)}/delete/`);
      },
      expect: THE_USER,
    },
  ],
  'POST /api/v1/citations/clear/': [
    {
      target: "the caller's own history",
      request: () => post('/api/v1/citations/clear/'),
      expect: ACCOUNT_HOLDERS,
    },
  ],
  'GET /api/v1/citations/settings/': [
    { target: 'whether the look-up is on', request: () => get('/api/v1/citations/settings/'), expect: PUBLIC },
  ],
  'GET /api/v1/citations/lookup/': [
    {
      target: 'an ISBN (the look-up is off here)',
      request: () => get('/api/v1/citations/lookup/?isbn=9780140328721'),
      expect: everyone({ status: 404, code: 'citation_lookup_disabled' }),
    },
  ],
  // the LTI 1.3 tool (issue 19, part 2): its keys and configuration are public; the protocol routes take a
  // platform's cross-site posts (no session, no CSRF: the state cookie and the signed id_token decide) and refuse
  // an unregistered issuer or an incomplete launch alike for everyone; the platforms are their organisation
  // owner's (404 for a platform of an organisation one does not own)
  'GET /lti/jwks.json': [{ target: "the tool's public keys", request: () => get('/lti/jwks.json'), expect: PUBLIC }],
  'GET /lti/config.json': [
    { target: "the tool's configuration", request: () => get('/lti/config.json'), expect: PUBLIC },
  ],
  'GET /lti/login': [
    {
      target: 'a login initiation from an unregistered issuer',
      request: () => get(`/lti/login?${LTI_UNKNOWN_LOGIN}`),
      expect: everyone(400),
    },
  ],
  'POST /lti/login': [
    {
      target: 'a login initiation from an unregistered issuer',
      request: () => post('/lti/login', Object.fromEntries(new URLSearchParams(LTI_UNKNOWN_LOGIN))),
      expect: everyone(400),
    },
  ],
  'POST /lti/launch': [
    {
      target: 'a launch without an id_token',
      request: () => post('/lti/launch', { state: 'x' }),
      expect: everyone(400),
    },
  ],
  'POST /lti/deep-link': [
    {
      target: 'a deep-linking answer with an unknown token',
      request: () => post('/lti/deep-link', { token: 'not-a-token', action: 'add' }),
      expect: everyone(400),
    },
  ],
  'GET /profile/integrations/': [
    { target: "the caller's own integrations", request: () => get('/profile/integrations/'), expect: ACCOUNT_HOLDERS },
  ],
  'POST /api/v1/lti/platforms/': [
    {
      target: "a platform for the organisation (the owner's)",
      request: (w) => post('/api/v1/lti/platforms/', { ...ltiPlatformForm(), group_id: group(w) }),
      expect: THE_OWNER,
    },
  ],
  'POST /api/v1/lti/platforms/:platformId/': [
    {
      target: "the organisation's platform",
      request: async (w) => post(`/api/v1/lti/platforms/${await ltiPlatformOf(w)}/`, ltiPlatformForm()),
      expect: THE_OWNER,
    },
  ],
  'POST /api/v1/lti/platforms/:platformId/delete/': [
    {
      target: 'a platform of the organisation (a new one for each cell)',
      request: async (w) => post(`/api/v1/lti/platforms/${await ltiPlatformOf(w)}/delete/`),
      expect: THE_OWNER,
    },
  ],
  'POST /api/v1/lti/platforms/:platformId/sync-roster/': [
    {
      target: "the organisation's platform",
      request: async (w) => post(`/api/v1/lti/platforms/${await ltiPlatformOf(w)}/sync-roster/`),
      expect: THE_OWNER,
    },
  ],
  // the PlagiarismCheck-compatible LMS API (issue 19 part 1): the /lms/ calls authenticate by the LMS token in
  // their form or query, never by the caller's session or API token (so every caller gets the same answer); a token
  // reads only the checks it made. LMS tokens are managed from a session only (a personal or group API token: 403).
  // The LMS token's own narrow rights are in modules/lms-api/lms-api.int.test.ts.
  'POST /lms/moodle/is-group-member/': [
    {
      target: 'membership, an unknown token',
      request: () => post('/lms/moodle/is-group-member/', { token: 'G-unknown', hash: '0'.repeat(64) }),
      expect: everyone({ status: 401, code: 'invalid_api_token' }),
    },
    {
      target: "membership, the organisation's live G- token",
      request: async (w) =>
        post('/lms/moodle/is-group-member/', { token: await lmsGroupToken(w), hash: '0'.repeat(64) }),
      expect: PUBLIC,
    },
  ],
  'POST /lms/moodle/auto-registration/': [
    {
      target: 'a registration, an unknown token',
      request: () =>
        post('/lms/moodle/auto-registration/', { token: 'G-unknown', name: 'X', email: newEmail('lms'), role: '3' }),
      expect: everyone({ status: 401, code: 'invalid_api_token' }),
    },
    {
      target: 'a registration, a live G- token without auto-registration',
      request: async (w) =>
        post('/lms/moodle/auto-registration/', {
          token: await lmsGroupToken(w),
          name: 'X',
          email: newEmail('lms'),
          role: '3',
        }),
      expect: everyone({ status: 403, code: 'forbidden' }),
    },
  ],
  'POST /lms/moodle/check-text/': [
    {
      target: "a submission without an organisation member's G-TOKEN::hash header",
      request: async (w) => post('/lms/moodle/check-text/', { token: await lmsGroupToken(w), hash: '0'.repeat(64) }),
      expect: everyone({ status: 401, code: 'invalid_api_token' }),
    },
  ],
  // the newest plugin's calls (migration 0035): the form's token decides, then the member its hash names
  'POST /lms/moodle/token/validate/': [
    {
      target: 'the settings page token check, an unknown token',
      request: () => post('/lms/moodle/token/validate/', { token: 'G-unknown' }),
      expect: everyone({ status: 401, code: 'invalid_api_token' }),
    },
    {
      target: "the settings page token check, the organisation's live G- token",
      request: async (w) => post('/lms/moodle/token/validate/', { token: await lmsGroupToken(w) }),
      expect: PUBLIC,
    },
  ],
  'POST /lms/moodle/course-role/': [
    {
      target: 'a course teacher grant, an unknown token',
      request: () =>
        post('/lms/moodle/course-role/', { token: 'G-unknown', hash: '0'.repeat(64), course_id: '7', role: '2' }),
      expect: everyone({ status: 401, code: 'invalid_api_token' }),
    },
    {
      target: 'a course teacher grant, a live G- token, a hash that names no member',
      request: async (w) =>
        post('/lms/moodle/course-role/', {
          token: await lmsGroupToken(w),
          hash: '0'.repeat(64),
          course_id: '7',
          role: '2',
        }),
      expect: everyone({ status: 404, code: 'not_found' }),
    },
  ],
  ...Object.fromEntries(
    ['', 'delete/', 'download/', 'save/'].map((path) => [
      `POST /lms/moodle/assignment/ignore-templates/${path}`,
      [
        {
          target: `ignore templates (${path === '' ? 'list' : path}), an unknown token`,
          request: () =>
            post(`/lms/moodle/assignment/ignore-templates/${path}`, {
              token: 'G-unknown',
              hash: '0'.repeat(64),
              assignment_key: 'moodle-0123456789ab-1',
              ...(path === 'delete/' || path === 'download/' ? { template_id: '1' } : {}),
            }),
          expect: everyone(401),
        },
        {
          target: `ignore templates (${path === '' ? 'list' : path}), a live G- token, no member`,
          request: async (w: World) =>
            post(`/lms/moodle/assignment/ignore-templates/${path}`, {
              token: await lmsGroupToken(w),
              hash: '0'.repeat(64),
              assignment_key: 'moodle-0123456789ab-1',
              ...(path === 'delete/' || path === 'download/' ? { template_id: '1' } : {}),
            }),
          expect: everyone(404),
        },
      ],
    ]),
  ),
  'GET /lms/check-report/:id/': [
    {
      target: "the user's document, an unknown token",
      request: (w) => get(`/lms/check-report/${documentOf(w, 'userDocument')}/?token=G-unknown`),
      expect: everyone({ status: 401, code: 'invalid_api_token' }),
    },
    {
      target: "the user's document, the organisation's live G- token (not its check)",
      request: async (w) =>
        get(`/lms/check-report/${documentOf(w, 'userDocument')}/?token=${encodeURIComponent(await lmsGroupToken(w))}`),
      expect: everyone({ status: 404, code: 'not_found' }),
    },
  ],
  'POST /lms/public-report/:id/': [
    {
      target: "the user's document, a wrong token (an HTML page)",
      request: (w) =>
        post(`/lms/public-report/${documentOf(w, 'userDocument')}/`, { 'lms-type': 'moodle', token: 'nope' }),
      expect: everyone(401),
    },
    {
      target: "the user's document, the organisation's API token (not its check)",
      request: (w) =>
        post(`/lms/public-report/${documentOf(w, 'userDocument')}/`, { 'lms-type': 'moodle', token: w.groupToken }),
      expect: everyone(404),
    },
  ],
  'GET /api/v1/lms/tokens/': [
    { target: "the caller's LMS tokens", request: () => get('/api/v1/lms/tokens/'), expect: SESSION_ACCOUNTS },
  ],
  'POST /api/v1/lms/tokens/': [
    {
      target: 'a new personal LMS token',
      request: () => post('/api/v1/lms/tokens/', { name: 'Matrix Moodle' }),
      expect: SESSION_ACCOUNTS,
    },
    {
      target: "a new G- token of the organisation (its owner's)",
      request: (w) => post('/api/v1/lms/tokens/', { name: 'Matrix Moodle', group_id: group(w) }),
      expect: only(['owner']),
    },
  ],
  'POST /api/v1/lms/tokens/:id/revoke/': [
    {
      target: "the user's LMS token (a new one for each cell)",
      request: async (w) => {
        const { data } = await w.must<{ data: { item: { id: number } } }>(
          'user',
          { method: 'POST', url: '/api/v1/lms/tokens/', form: { name: 'To revoke' } },
          "the user's LMS token",
        );
        return post(`/api/v1/lms/tokens/${String(data.item.id)}/revoke/`);
      },
      expect: only(['user']),
    },
  ],
  'GET /api/docs': [{ target: 'the API documentation page', request: () => get('/api/docs'), expect: PUBLIC }],
  'GET /api/docs/json': [{ target: 'the OpenAPI document', request: () => get('/api/docs/json'), expect: PUBLIC }],
  'GET /api/docs/yaml': [{ target: 'the OpenAPI document', request: () => get('/api/docs/yaml'), expect: PUBLIC }],
};

let ltiSerial = 0;
/** A valid LTI platform form, with a client id of its own (an issuer and client id are registered once). */
function ltiPlatformForm(): Record<string, string> {
  ltiSerial += 1;
  return {
    name: 'Matrix LMS',
    issuer: 'https://lms.example.edu',
    client_id: `matrix-${String(process.pid)}-${String(ltiSerial)}`,
    auth_url: 'https://lms.example.edu/auth',
    token_url: 'https://lms.example.edu/token',
    jwks_url: 'https://lms.example.edu/jwks',
    deployment_ids: '1',
  };
}

/** A platform the owner registers for the organisation (a new one for each cell). */
async function ltiPlatformOf(world: World): Promise<string> {
  const { data } = await world.must<{ data: { id: number } }>(
    'owner',
    { method: 'POST', url: '/api/v1/lti/platforms/', form: { ...ltiPlatformForm(), group_id: String(world.groupId) } },
    'an LTI platform of the organisation',
  );
  return String(data.id);
}

const LTI_UNKNOWN_LOGIN = new URLSearchParams({
  iss: 'https://unregistered.example.org',
  login_hint: 'hint',
  target_link_uri: 'http://localhost:3000/lti/launch',
}).toString();

/** A valid citation form: a book in APA. */
const CITATION_FORM = {
  style: 'apa',
  type: 'book',
  source: JSON.stringify({ title: 'A book', authors: [{ given: 'Ann', family: 'Lee' }], year: '2020' }),
};

let webhookSerial = 0;
/** A checkout.session.completed event (for a session, or an unknown one), signed with `secret`. */
function webhook(world: World, secret: string, sessionId = 'cs_unknown'): MatrixRequest {
  webhookSerial += 1;
  const body = JSON.stringify({
    id: `evt_authz_${String(Date.now())}_${String(webhookSerial)}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: { id: sessionId, object: 'checkout.session', payment_status: 'paid', amount_total: 1 } },
  });
  return {
    method: 'POST',
    url: '/webhooks/stripe',
    raw: { body, contentType: 'application/json' },
    headers: { 'stripe-signature': signWebhookPayload(body, secret) },
    remoteAddress: world.nextAddress(),
  };
}

describe(`authorisation matrix: every route × every caller (${TEST_DB_KIND})`, () => {
  let world: World | undefined;
  let registered: Set<string>;

  beforeAll(async () => {
    world = await World.create();
    registered = new Set(world.app.registeredRoutes.map((route) => `${route.method} ${route.url}`));
  }, 120_000);

  afterAll(async () => {
    await closeSharedInvoiceRenderer();
    await closeSharedReuseChecker();
    await closeSharedAiDetector();
    await closeSharedSimilarityReportRenderer();
    await closeSharedAiReportRenderer();
    await world?.dispose();
  });

  it('has an entry for every registered route (a new route must say who may call it)', () => {
    const missing = [...registered].filter(
      (route) => MATRIX[route] === undefined && !NOT_IN_MATRIX.some((skip) => skip.route.test(route)),
    );
    expect(missing, `routes without an entry in the authorisation matrix:\n  ${missing.join('\n  ')}`).toEqual([]);
  });

  it('names only routes that exist', () => {
    const stale = Object.keys(MATRIX).filter((route) => !registered.has(route));
    expect(stale, `entries for routes that are not registered:\n  ${stale.join('\n  ')}`).toEqual([]);
  });

  it('answers every cell as expected, and no answer carries what its caller may not see', async () => {
    const started = Date.now();
    if (world === undefined) throw new Error('no fixture world');
    const cells = await runMatrix(world, MATRIX, registered);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const routes = new Set(cells.map((cell) => cell.route)).size;
    console.info(
      `authorisation matrix (${TEST_DB_KIND}): ${String(routes)} routes, ${String(cells.length)} cells in ${seconds} s`,
    );
    const report = formatMismatches(cells);
    if (report !== '') console.error(report);
    expect(cells.filter(isMismatch).length, report).toBe(0);
  }, 300_000);
});
