import { readSpreadsheet } from '@veritext/extract';
import type { RecentWork, Statistics, StatisticsMember } from '@veritext/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, STRONG_PASSWORD, TestBrowser, uniqueEmail, type TestApp } from '../../../test/app.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import { findUserByEmail } from '../auth/users.repository.ts';
import { findAccountOfGroup } from '../ledger/ledger.repository.ts';

/*
 * Organisation statistics against hand-worked data (issue 17 "Statistics"): checks with known dates, pages,
 * similarity and AI verdicts for three members and the organisation's API token over three months, read by
 * the owner (Europe/Oslo), a teacher and a student (UTC), and refused to strangers.
 */

type Person = { browser: TestBrowser; id: number; email: string };

describe(`organisation statistics (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let groupId: number;
  let otherGroupId: number;
  let owner: Person;
  let teacher: Person;
  let student: Person;
  let stranger: Person;
  let otherTeacher: Person;
  /** The documents by their number in the table below. */
  const doc = new Map<number, number>();

  async function signedUp(name: string, fields: Record<string, string> = {}): Promise<Person> {
    const browser = new TestBrowser(t.app);
    const email = uniqueEmail('stats');
    const response = await browser.signUp({ email, password: STRONG_PASSWORD, name, ...fields });
    expect(response.statusCode).toBe(200);
    const user = await findUserByEmail(t.handle.db, email);
    if (user === null) throw new Error('no user');
    return { browser, id: user.id, email };
  }

  async function groupOf(person: Person): Promise<number> {
    const { rows } = await t.handle.db.query<{ id: number }>('SELECT id FROM groups WHERE created_by_user_id = $1', [
      person.id,
    ]);
    const id = rows[0]?.id;
    if (id === undefined) throw new Error('no group');
    return id;
  }

  async function join(group: number, person: Person, role: 2 | 3): Promise<void> {
    await t.handle.db.query('INSERT INTO group_members (group_id, user_id, role) VALUES ($1, $2, $3)', [
      group,
      person.id,
      role,
    ]);
  }

  async function insertCheck(
    group: number,
    userId: number | null,
    row: { at: string; state: 3 | 4 | 5; pages: number; percent: number | null; title: string },
  ): Promise<number> {
    const account = await findAccountOfGroup(t.handle.db, group);
    const { rows } = await t.handle.db.query<{ id: number }>(
      `INSERT INTO text_checks (user_id, group_id, account_id, state, title, content, hash, words, pages,
         index_collection, percent, created_at, finished_at)
       VALUES ($1, $2, $3, $4::smallint, $5::text, 'text', md5($5::text), $6, $7, 'checked', $8, $9::timestamptz,
         CASE WHEN $4::smallint = 3 THEN NULL ELSE $9::timestamptz END)
       RETURNING id`,
      [userId, group, account?.id, row.state, row.title, row.pages * 250, row.pages, row.percent, row.at],
    );
    return rows[0]?.id ?? 0;
  }

  async function insertAiCheck(
    userId: number | null,
    row: {
      at: string;
      status: number;
      verdict: string | null;
      unfamiliar?: boolean;
      words?: number;
      likely?: number;
      strong?: number;
      textCheck?: number;
    },
  ): Promise<void> {
    const account = await findAccountOfGroup(t.handle.db, groupId);
    await t.handle.db.query(
      `INSERT INTO ai_checks (user_id, group_id, account_id, status, content, verdict, unfamiliar, words,
         likely_percent, strong_percent, text_check_id, created_at)
       VALUES ($1, $2, $3, $4, 'text', $5, $6, $7, $8, $9, $10, $11::timestamptz)`,
      [
        userId,
        groupId,
        account?.id,
        row.status,
        row.verdict,
        row.unfamiliar ?? false,
        row.words ?? 400,
        row.likely ?? 0,
        row.strong ?? 0,
        row.textCheck ?? null,
        row.at,
      ],
    );
  }

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedUp('Olga Owner', { account_type: 'organisation', organisation_name: 'North High' });
    teacher = await signedUp('Tom Teacher');
    student = await signedUp('Sara Student');
    stranger = await signedUp('Stan Stranger');
    const otherOwner = await signedUp('Otto Other', { account_type: 'organisation', organisation_name: 'South' });
    otherTeacher = await signedUp('Tina Other');
    groupId = await groupOf(owner);
    otherGroupId = await groupOf(otherOwner);
    await join(groupId, teacher, 2);
    await join(groupId, student, 3);
    await join(otherGroupId, otherTeacher, 2);
    // the owner reads months in Oslo (UTC+1 in winter, +2 from 29 March); everyone else in UTC
    await t.handle.db.query("UPDATE users SET timezone = 'Europe/Oslo' WHERE id = $1", [owner.id]);

    const S = student.id;
    const T = teacher.id;
    const O = owner.id;
    // number: who, when (UTC), state, pages, similarity
    const checks: [number, number | null, string, 3 | 4 | 5, number, number | null][] = [
      [1, S, '2026-01-10T10:00:00Z', 5, 2, 20],
      [2, S, '2026-01-20T10:00:00Z', 5, 3, 40],
      [3, S, '2026-01-31T23:30:00Z', 5, 1, 60], // 1 February in Oslo, 31 January in UTC
      [4, T, '2026-02-05T10:00:00Z', 5, 4, 10],
      [5, T, '2026-02-06T10:00:00Z', 3, 2, null], // in progress: counted, no similarity yet
      [6, T, '2026-02-07T10:00:00Z', 4, 5, null], // failed: its pages came back, not counted
      [7, O, '2026-03-03T10:00:00Z', 5, 1, 30],
      [8, O, '2026-03-04T10:00:00Z', 5, 2, 45],
      [9, O, '2026-03-31T22:30:00Z', 5, 1, 90], // 1 April in Oslo, 31 March in UTC
      [10, S, '2025-12-31T22:30:00Z', 5, 1, 5], // 31 December in both: before the range
      [12, null, '2026-03-12T09:00:00Z', 5, 1, 70], // the organisation's API token
    ];
    for (const [number, who, at, state, pages, percent] of checks) {
      doc.set(number, await insertCheck(groupId, who, { at, state, pages, percent, title: `Essay ${String(number)}` }));
    }
    // another organisation's check never counts
    await insertCheck(otherGroupId, otherTeacher.id, {
      at: '2026-02-01T12:00:00Z',
      state: 5,
      pages: 9,
      percent: 99,
      title: 'Elsewhere',
    });

    await insertAiCheck(S, { at: '2026-01-10T10:05:00Z', status: 4, verdict: 'likely AI', likely: 30, strong: 40, textCheck: doc.get(1) }); // prettier-ignore
    await insertAiCheck(S, { at: '2026-01-20T10:05:00Z', status: 4, verdict: 'human-written', textCheck: doc.get(2) });
    await insertAiCheck(T, { at: '2026-02-10T10:00:00Z', status: 4, verdict: 'most likely AI', unfamiliar: true });
    await insertAiCheck(T, { at: '2026-02-11T10:00:00Z', status: 4, verdict: 'highly likely AI', words: 30 });
    await insertAiCheck(O, { at: '2026-03-03T10:05:00Z', status: 4, verdict: 'most likely AI', textCheck: doc.get(7) });
    await insertAiCheck(O, { at: '2026-03-10T10:00:00Z', status: 1, verdict: null }); // queued: counted, not assessed
    await insertAiCheck(O, { at: '2026-03-11T10:00:00Z', status: 3, verdict: null }); // failed: not counted
    await insertAiCheck(null, { at: '2026-03-12T09:05:00Z', status: 4, verdict: 'likely AI' });
  });

  afterAll(async () => {
    await t.dispose();
  });

  const base = () => `/api/v1/groups/${String(groupId)}/statistics`;
  const RANGE = 'from=2026-01-01&to=2026-03-31';

  async function statistics(person: Person, query = RANGE): Promise<Statistics> {
    const response = await person.browser.get(`${base()}/?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: Statistics }>().data;
  }

  const figures = (
    checks: number,
    pages: number,
    aiChecks: number,
    ready: number,
    median: number | null,
    assessed: number,
    flagged: number,
    share: number | null,
  ) => ({
    checks,
    pages,
    ai_checks: aiChecks,
    ai_pages: aiChecks,
    ready_checks: ready,
    median_similarity: median,
    ai_assessed: assessed,
    ai_flagged: flagged,
    ai_flagged_share: share,
  });

  const OWNER_MEMBERS = (): StatisticsMember[] => [
    // the administrator first, then by name; the checks of no account last
    { user_id: owner.id, name: 'Olga Owner', email: owner.email, role: 1, ...figures(2, 3, 2, 2, 37.5, 1, 1, 100) },
    { user_id: student.id, name: 'Sara Student', email: student.email, role: 3, ...figures(3, 6, 2, 3, 40, 2, 1, 50) },
    { user_id: teacher.id, name: 'Tom Teacher', email: teacher.email, role: 2, ...figures(2, 6, 2, 1, 10, 2, 0, 0) },
    { user_id: null, name: '', email: '', role: null, ...figures(1, 1, 1, 1, 70, 1, 1, 100) },
  ];

  it('gives the owner the organisation by month in her time zone, the medians and the AI-flagged share', async () => {
    const stats = await statistics(owner);
    expect(stats).toMatchObject({
      group: { id: groupId, name: 'North High' },
      role: 1,
      scope: 'organisation',
      member: null,
      from: '2026-01-01',
      to: '2026-03-31',
      time_zone: 'Europe/Oslo',
    });
    expect(stats.months).toEqual([
      { month: '2026-01', checks: 2, pages: 5, ai_checks: 2, ai_pages: 2 },
      { month: '2026-02', checks: 3, pages: 7, ai_checks: 2, ai_pages: 2 },
      { month: '2026-03', checks: 3, pages: 4, ai_checks: 3, ai_pages: 3 },
    ]);
    // similarities 10 20 30 40 45 60 70: an odd count, the middle one; 3 of 6 assessed AI checks flagged
    expect(stats.totals).toEqual(figures(8, 16, 7, 7, 40, 6, 3, 50));
    expect(stats.members).toEqual(OWNER_MEMBERS());
  });

  it('gives a teacher the whole organisation, months read in UTC', async () => {
    const stats = await statistics(teacher);
    expect(stats.scope).toBe('organisation');
    expect(stats.time_zone).toBe('UTC');
    // in UTC document 3 is January's and document 9 (31 March, 22:30) falls inside the range
    expect(stats.months.map((month) => [month.month, month.checks, month.pages])).toEqual([
      ['2026-01', 3, 6],
      ['2026-02', 2, 6],
      ['2026-03', 4, 5],
    ]);
    // 10 20 30 40 45 60 70 90: an even count, the mean of 40 and 45
    expect(stats.totals.median_similarity).toBe(42.5);
    expect(stats.members.map((member) => member.user_id)).toEqual([owner.id, student.id, teacher.id, null]);
  });

  it('narrows to one member for the owner, and refuses someone who never was one', async () => {
    const stats = await statistics(owner, `${RANGE}&member=${String(teacher.id)}`);
    expect(stats.scope).toBe('member');
    expect(stats.member).toBe(teacher.id);
    expect(stats.totals).toEqual(figures(2, 6, 2, 1, 10, 2, 0, 0));
    expect(stats.members).toEqual([OWNER_MEMBERS()[2]]);
    expect(stats.months.map((month) => month.checks)).toEqual([0, 2, 0]);
    const unknown = await owner.browser.get(`${base()}/?${RANGE}&member=${String(stranger.id)}`);
    expect(unknown.statusCode).toBe(404);
  });

  it('shows a student only her own figures, and refuses another member’s', async () => {
    const stats = await statistics(student);
    expect(stats.scope).toBe('own');
    expect(stats.role).toBe(3);
    expect(stats.months).toEqual([
      { month: '2026-01', checks: 3, pages: 6, ai_checks: 2, ai_pages: 2 },
      { month: '2026-02', checks: 0, pages: 0, ai_checks: 0, ai_pages: 0 },
      { month: '2026-03', checks: 0, pages: 0, ai_checks: 0, ai_pages: 0 },
    ]);
    expect(stats.totals).toEqual(figures(3, 6, 2, 3, 40, 2, 1, 50));
    expect(stats.members).toEqual([OWNER_MEMBERS()[1]]);
    expect((await statistics(student, `${RANGE}&member=${String(student.id)}`)).scope).toBe('own');
    const other = await student.browser.get(`${base()}/?${RANGE}&member=${String(teacher.id)}`);
    expect(other.statusCode).toBe(403);
    const csv = await student.browser.get(`${base()}.csv?${RANGE}&member=${String(owner.id)}`);
    expect(csv.statusCode).toBe(403);
  });

  it('refuses a non-member and a teacher of another organisation, on every route', async () => {
    for (const person of [stranger, otherTeacher]) {
      for (const path of [`${base()}/?${RANGE}`, `${base()}/recent/`, `${base()}.csv?${RANGE}`, `${base()}.xlsx`]) {
        const response = await person.browser.get(path);
        expect(response.statusCode, path).toBe(403);
        expect(response.body).not.toContain('Essay');
      }
    }
    const anonymous = await new TestBrowser(t.app).get(`${base()}/?${RANGE}`);
    expect(anonymous.statusCode).toBe(401);
  });

  it('checks the range: real days, in order, at most 3 years; 12 months by default', async () => {
    const refused = async (query: string, field: string, message: string) => {
      const response = await owner.browser.get(`${base()}/?${query}`);
      expect(response.statusCode, query).toBe(400);
      const body = response.json<{ error: { code: string; fields: Record<string, string> } }>();
      expect(body.error.code).toBe('statistics_range_invalid');
      expect(body.error.fields).toEqual({ [field]: message });
    };
    await refused('from=2026-03-02&to=2026-03-01', 'to', 'The start date must be on or before the end date.');
    await refused('from=2026-02-30&to=2026-03-01', 'from', 'Enter the start date as YYYY-MM-DD.');
    await refused('from=2026-01-01&to=31.03.2026', 'to', 'Enter the end date as YYYY-MM-DD.');
    await refused('from=2023-01-01&to=2026-01-01', 'from', 'The date range can be at most 3 years.');
    expect((await statistics(owner, 'from=2023-01-02&to=2026-01-01')).months).toHaveLength(37);
    const byDefault = await statistics(owner, '');
    expect(byDefault.months).toHaveLength(12);
    expect(byDefault.from.endsWith('-01')).toBe(true);
    expect(byDefault.months.at(-1)?.month).toBe(byDefault.to.slice(0, 7));
  });

  it('downloads the CSV: a BOM, CRLF, the same figures, an attachment', async () => {
    const response = await owner.browser.get(`${base()}.csv?${RANGE}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="statistics-north-high-2026-01-01-to-2026-03-31.csv"',
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(response.body).toBe(
      '\uFEFF' +
        [
          'Organisation statistics',
          'Organisation,North High',
          'From,2026-01-01',
          'To,2026-03-31',
          'Time zone,Europe/Oslo',
          'Figures,Whole organisation',
          '',
          'Totals',
          'Checks,Pages,AI checks,AI pages,Ready checks,Median similarity (%),AI-assessed documents,AI-flagged documents,AI-flagged share (%)',
          '8,16,7,7,7,40,6,3,50',
          '',
          'Monthly usage',
          'Month,Checks,Pages,AI checks,AI pages',
          '2026-01,2,5,2,2',
          '2026-02,3,7,2,2',
          '2026-03,3,4,3,3',
          '',
          'By member',
          'Member,E-mail,Role,Checks,Pages,AI checks,AI pages,Median similarity (%),AI-flagged share (%)',
          `Olga Owner,${owner.email},Administrator,2,3,2,2,37.5,100`,
          `Sara Student,${student.email},Student,3,6,2,2,40,50`,
          `Tom Teacher,${teacher.email},Teacher,2,6,2,2,10,0`,
          ',,No account (API token or deleted account),1,1,1,1,70,100',
        ].join('\r\n') +
        '\r\n',
    );
  });

  it('defuses a member name that a spreadsheet would run as a formula', async () => {
    await t.handle.db.query(`UPDATE users SET name = '=HYPERLINK("x","y")' WHERE id = $1`, [teacher.id]);
    try {
      const response = await owner.browser.get(`${base()}.csv?${RANGE}&member=${String(teacher.id)}`);
      expect(response.body).toContain(`\r\n"'=HYPERLINK(""x"",""y"")",${teacher.email},Teacher,2,6,2,2,10,0\r\n`);
    } finally {
      await t.handle.db.query("UPDATE users SET name = 'Tom Teacher' WHERE id = $1", [teacher.id]);
    }
  });

  it('downloads the XLSX: one sheet with the same table, read back by the member-file reader', async () => {
    const response = await owner.browser.get(`${base()}.xlsx?${RANGE}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="statistics-north-high-2026-01-01-to-2026-03-31.xlsx"',
    );
    const rows = await readSpreadsheet(new Uint8Array(response.rawPayload), 'statistics.xlsx');
    expect(rows.map((row) => [row.line, row.cells])).toEqual([
      [1, ['Organisation statistics']],
      [2, ['Organisation', 'North High']],
      [3, ['From', '2026-01-01']],
      [4, ['To', '2026-03-31']],
      [5, ['Time zone', 'Europe/Oslo']],
      [6, ['Figures', 'Whole organisation']],
      [8, ['Totals']],
      [
        9,
        [
          'Checks',
          'Pages',
          'AI checks',
          'AI pages',
          'Ready checks',
          'Median similarity (%)',
          'AI-assessed documents',
          'AI-flagged documents',
          'AI-flagged share (%)',
        ],
      ],
      [10, ['8', '16', '7', '7', '7', '40', '6', '3', '50']],
      [12, ['Monthly usage']],
      [13, ['Month', 'Checks', 'Pages', 'AI checks', 'AI pages']],
      [14, ['2026-01', '2', '5', '2', '2']],
      [15, ['2026-02', '3', '7', '2', '2']],
      [16, ['2026-03', '3', '4', '3', '3']],
      [18, ['By member']],
      [
        19,
        [
          'Member',
          'E-mail',
          'Role',
          'Checks',
          'Pages',
          'AI checks',
          'AI pages',
          'Median similarity (%)',
          'AI-flagged share (%)',
        ],
      ],
      [20, ['Olga Owner', owner.email, 'Administrator', '2', '3', '2', '2', '37.5', '100']],
      [21, ['Sara Student', student.email, 'Student', '3', '6', '2', '2', '40', '50']],
      [22, ['Tom Teacher', teacher.email, 'Teacher', '2', '6', '2', '2', '10', '0']],
      [23, ['', '', 'No account (API token or deleted account)', '1', '1', '1', '1', '70', '100']],
    ]);
  });

  it('shows the ten most recent works with their authors; a student her own', async () => {
    const response = await owner.browser.get(`${base()}/recent/`);
    expect(response.statusCode).toBe(200);
    const works = response.json<{ data: { works: RecentWork[] } }>().data.works;
    // newest first; the eleventh (document 10, December) is left out, and so is the other organisation's
    expect(works.map((work) => work.title)).toEqual(
      [9, 12, 8, 7, 6, 5, 4, 3, 2, 1].map((number) => `Essay ${String(number)}`),
    );
    const first = works.at(-1);
    expect(first).toMatchObject({
      id: doc.get(1),
      author: { user_id: student.id, name: 'Sara Student', email: student.email },
      state: 5,
      pages: 2,
      percent: 20,
      ai_status: 4,
      ai_percent: 70,
      created_at: '2026-01-10T10:00:00.000Z',
    });
    expect(works[1]?.author).toBeNull();
    expect(works.find((work) => work.title === 'Essay 5')).toMatchObject({ state: 3, percent: null, ai_status: null });

    const own = await student.browser.get(`${base()}/recent/`);
    expect(own.json<{ data: { works: RecentWork[] } }>().data.works.map((work) => work.title)).toEqual([
      'Essay 3',
      'Essay 2',
      'Essay 1',
      'Essay 10',
    ]);
  });
});
