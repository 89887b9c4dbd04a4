import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_COOKIE_NAME, LEAD_SUBMISSIONS_PER_HOUR } from '@veritext/contracts';
import { createTestApp, STRONG_PASSWORD, TestBrowser, uniqueEmail, type TestApp } from '../../../test/app.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import { validateResetCode } from '../auth/account-email.service.ts';
import { findUserByEmail, setUserAdmin } from '../auth/users.repository.ts';

const SALES = 'sales-team@veritext.test';

type Outbox = { to_address: string; subject: string; text_body: string; html_body: string; kind: string };
type LeadRow = {
  id: number;
  type: string;
  name: string;
  email: string;
  phone: string;
  role: string;
  lms: string;
  number_of_students: number | null;
  message: string;
  cta: string;
  previous_url: string;
  language: string;
  public_mail: boolean;
  user_id: number | null;
  address_hash: string;
};

/** Issue 18: the sales forms (commerce-and-cabinet.md §2, §3 "Forms", §5) and the site administrators' list. */
describe(`sales forms and leads (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let addressSerial = 0;
  beforeAll(async () => {
    t = await createTestApp({ salesEmail: SALES });
  });
  afterAll(async () => {
    await t.dispose();
  });

  /** A fresh outside address per test, so the hourly limit of one test does not touch another. */
  function newAddress(): string {
    addressSerial += 1;
    return `198.51.${String(Math.floor(addressSerial / 250))}.${String((addressSerial % 250) + 1)}`;
  }

  /** A form post as the browser sends it, from `address`, with its CSRF token and (unless given) a bot token. */
  async function submit(
    browser: TestBrowser,
    url: string,
    fields: Record<string, string>,
    options: {
      address?: string;
      botField?: string;
      withBot?: boolean;
      withCsrf?: boolean;
      csrf?: 'token' | 'guest_csrf';
    } = {},
  ): Promise<LightMyRequestResponse> {
    const all: Record<string, string> = { ...fields };
    if (options.withCsrf !== false) all._csrf_token = (await browser.csrf())[options.csrf ?? 'token'];
    if (options.withBot !== false) all[options.botField ?? 'security-token-contact'] ??= await browser.botToken();
    const response = await t.app.inject({
      method: 'POST',
      url,
      payload: new URLSearchParams(all).toString(),
      remoteAddress: options.address ?? newAddress(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: browser.jar.header() },
    });
    browser.jar.store(response);
    return response;
  }

  function expectError(response: LightMyRequestResponse, status: number, code: string) {
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json<{ success: boolean; error: { code: string; fields?: Record<string, string> } }>();
    expect(body.success).toBe(false);
    expect(body.error.code).toBe(code);
    return body;
  }

  async function leadsOf(email: string): Promise<LeadRow[]> {
    const { rows } = await t.handle.db.query<LeadRow>('SELECT * FROM leads WHERE email = $1 ORDER BY id', [email]);
    return rows;
  }

  async function mailsTo(address: string): Promise<Outbox[]> {
    const { rows } = await t.handle.db.query<Outbox>(
      'SELECT to_address, subject, text_body, html_body, kind FROM mail_outbox WHERE to_address = $1 ORDER BY id',
      [address],
    );
    return rows;
  }

  async function salesMailAbout(email: string): Promise<Outbox[]> {
    return (await mailsTo(SALES)).filter((mail) => mail.text_body.includes(`E-mail: ${email}`));
  }

  function teacherEnquiry(email: string, extra: Record<string, string> = {}): Record<string, string> {
    return {
      name: '  Ana Teacher ',
      email,
      job: 'Instructor/Teacher',
      lms: 'Canvas',
      number_of_students: '250',
      phone: '+47 123 45 678',
      message: 'We would like a trial for our school.',
      cta: 'Get in touch',
      previousURL: 'https://veritext.test/for-education/',
      ...extra,
    };
  }

  async function signedUpBrowser(): Promise<{ browser: TestBrowser; email: string }> {
    const browser = new TestBrowser(t.app);
    const email = uniqueEmail('signed');
    const response = await browser.signUp({ email, password: STRONG_PASSWORD, name: 'Signed In' });
    expect(response.statusCode, response.body).toBe(200);
    return { browser, email };
  }

  describe('the enquiry', () => {
    it('registers a new visitor: account without password, set-password mail, session, /profile/new-check', async () => {
      const browser = new TestBrowser(t.app);
      const email = uniqueEmail('visitor');
      const response = await submit(browser, '/api/v1/forms/enquiry/', teacherEnquiry(email));
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<{
        success: boolean;
        data: { lead_id: number; registered: boolean; redirect: string };
      }>();
      expect(body).toEqual({
        success: true,
        data: { lead_id: expect.any(Number) as number, registered: true, redirect: '/profile/new-check' },
      });
      expect(Object.keys(body)).not.toContain('message');

      const user = await findUserByEmail(t.handle.db, email);
      expect(user).not.toBeNull();
      expect(user?.name).toBe('Ana Teacher');
      expect(user?.password_hash).toBeNull();
      expect(user?.is_guest).toBe(false);
      // logged in: the session cookie came back and the browser is this user now
      expect(browser.jar.cookies.has('vt_session')).toBe(true);
      const loginJson = (await browser.get('/login_json')).json<{ success: boolean }>();
      expect(loginJson.success).toBe(true);
      const credentials = (await browser.get('/profile/get_credentials')).json<{ user: { email: string } }>();
      expect(credentials.user.email).toBe(email);

      // the set-password link went to the visitor (a reset code that works)
      const [welcome, ...more] = await mailsTo(email);
      expect(more).toHaveLength(0);
      expect(welcome?.kind).toBe('lead_account');
      expect(welcome?.subject).toBe('Your Veritext account: set your password');
      const code = /\/reset-password\/\?code=([A-Za-z0-9_-]+)/.exec(welcome?.text_body ?? '')?.[1];
      expect(code).toBeDefined();
      await expect(validateResetCode(t.handle.db, code ?? '')).resolves.toBeUndefined();

      // stored, with the account it made
      const [lead] = await leadsOf(email);
      expect(lead).toMatchObject({
        id: body.data.lead_id,
        type: 'enquiry',
        name: 'Ana Teacher',
        role: 'Instructor/Teacher',
        lms: 'Canvas',
        number_of_students: 250,
        phone: '+47 123 45 678',
        message: 'We would like a trial for our school.',
        cta: 'Get in touch',
        previous_url: 'https://veritext.test/for-education/',
        language: 'en',
        public_mail: false,
        user_id: user?.id,
      });
      expect(lead?.address_hash).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      expect(lead?.address_hash).not.toContain('198.51.');

      // mailed to the sales address
      const [sales, ...again] = await salesMailAbout(email);
      expect(again).toHaveLength(0);
      expect(sales?.kind).toBe('lead_enquiry');
      expect(sales?.subject).toBe('New lead: Institution enquiry (Get in touch) from Ana Teacher');
      for (const line of [
        'Name: Ana Teacher',
        'Role: Instructor/Teacher',
        'LMS: Canvas',
        'Number of students: 250',
        'Phone: +47 123 45 678',
        'Message: We would like a trial for our school.',
        'Account: created by this enquiry',
        'Public mail provider: no',
      ]) {
        expect(sales?.text_body).toContain(line);
      }
    });

    it('a guest becomes the new account: the guest cookie is cleared and a session starts', async () => {
      const browser = new TestBrowser(t.app);
      const guest = await browser.postForm('/guest/registration/', {
        _csrf_token: (await browser.csrf()).guest_csrf,
        'guest-security-token': await browser.botToken(),
      });
      expect(guest.statusCode, guest.body).toBe(200);
      expect(browser.jar.cookies.has(GUEST_COOKIE_NAME)).toBe(true);
      const email = uniqueEmail('guestlead');
      const response = await submit(browser, '/api/v1/forms/enquiry/', teacherEnquiry(email), { csrf: 'guest_csrf' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ data: { registered: boolean; redirect: string } }>().data).toMatchObject({
        registered: true,
        redirect: '/profile/new-check',
      });
      expect(browser.jar.cookies.has(GUEST_COOKIE_NAME)).toBe(false);
      const credentials = (await browser.get('/profile/get_credentials')).json<{ user: { email: string } }>();
      expect(credentials.user.email).toBe(email);
    });

    it('an address that has an account: no new account, no login, /request-successful/ (/es/… in Spanish)', async () => {
      const { email } = await signedUpBrowser();
      const stranger = new TestBrowser(t.app);
      const response = await submit(stranger, '/api/v1/forms/enquiry/', teacherEnquiry(email, { language: 'es' }));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ data: { registered: boolean; redirect: string } }>().data).toMatchObject({
        registered: false,
        redirect: '/es/request-successful/',
      });
      expect(stranger.jar.cookies.has('vt_session')).toBe(false);
      expect((await stranger.get('/login_json')).json<{ success: boolean }>().success).toBe(false);
      const [lead] = await leadsOf(email);
      expect(lead?.language).toBe('es');
      expect(lead?.user_id).toBeNull();
      expect((await salesMailAbout(email))[0]?.text_body).toContain('Account: none');
      expect((await mailsTo(email)).filter((mail) => mail.kind === 'lead_account')).toHaveLength(0);
    });

    it('a signed-in caller (session or API token) goes to /request-successful/ and nothing is created', async () => {
      const { browser, email } = await signedUpBrowser();
      const other = uniqueEmail('colleague');
      const response = await submit(browser, '/api/v1/forms/enquiry/', teacherEnquiry(other));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ data: { registered: boolean; redirect: string } }>().data).toMatchObject({
        registered: false,
        redirect: '/request-successful/',
      });
      expect(await findUserByEmail(t.handle.db, other)).toBeNull();
      const me = await findUserByEmail(t.handle.db, email);
      expect((await leadsOf(other))[0]?.user_id).toBe(me?.id);

      // an API user: no CSRF needed, the token says who it is
      const api = await t.app.inject({
        method: 'POST',
        url: '/api/v1/forms/enquiry/',
        remoteAddress: newAddress(),
        payload: new URLSearchParams({
          ...teacherEnquiry(uniqueEmail('apilead')),
          'security-token-contact': await browser.botToken(),
        }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-api-token': me?.api_token ?? '' },
      });
      expect(api.statusCode, api.body).toBe(200);
      expect(api.json<{ data: { registered: boolean; redirect: string } }>().data.redirect).toBe(
        '/request-successful/',
      );
    });

    it('checks the fields: required, limits, roles and the LMS rules', async () => {
      const browser = new TestBrowser(t.app);
      const cases: [Record<string, string>, string, string][] = [
        [{ name: '' }, 'name', 'This field is required'],
        [{ name: 'x'.repeat(26) }, 'name', 'Name must be at most 25 characters.'],
        [{ email: 'not-an-email' }, 'email', 'Please enter a valid e-mail address.'],
        [{ email: `${'a'.repeat(40)}@example.com` }, 'email', 'E-mail must be at most 50 characters.'],
        [{ job: 'Astronaut' }, 'job', 'Please choose a role.'],
        [{ lms: '' }, 'lms', 'This field is required'],
        [{ lms: 'y'.repeat(26) }, 'lms', 'LMS name must be at most 25 characters.'],
        [{ number_of_students: '' }, 'number_of_students', 'This field is required'],
        [{ number_of_students: 'many' }, 'number_of_students', 'Please enter a number.'],
        [{ phone: '1'.repeat(26) }, 'phone', 'Phone must be at most 25 characters.'],
      ];
      for (const [change, field, message] of cases) {
        const email = uniqueEmail('invalid');
        const response = await submit(browser, '/api/v1/forms/enquiry/', teacherEnquiry(email, change));
        const body = expectError(response, 400, 'validation_failed');
        expect(body.error.fields?.[field], JSON.stringify(change)).toBe(message);
        expect(await leadsOf(email)).toHaveLength(0);
      }
      // exactly at the limits, and an LMS typed after Other
      const edge = uniqueEmail('edge');
      const ok = await submit(
        browser,
        '/api/v1/forms/enquiry/',
        teacherEnquiry(edge, { name: 'n'.repeat(25), lms: 'l'.repeat(25), phone: '2'.repeat(25) }),
      );
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await leadsOf(edge))[0]).toMatchObject({ name: 'n'.repeat(25), lms: 'l'.repeat(25) });
    });

    it('Business representative and Reseller need no LMS or number of students; a Student is sent away', async () => {
      for (const job of ['Business representative', 'Reseller']) {
        const email = uniqueEmail('biz');
        const response = await submit(new TestBrowser(t.app), '/api/v1/forms/enquiry/', {
          name: 'Bo Seller',
          email,
          job,
          lms: 'Moodle',
        });
        expect(response.statusCode, response.body).toBe(200);
        expect((await leadsOf(email))[0]).toMatchObject({ role: job, lms: '', number_of_students: null });
      }
      const student = uniqueEmail('student');
      const refused = await submit(
        new TestBrowser(t.app),
        '/api/v1/forms/enquiry/',
        teacherEnquiry(student, { job: 'Student' }),
      );
      const body = expectError(refused, 400, 'lead_student');
      expect(body.error.fields).toEqual({ job: 'student' });
      expect(await leadsOf(student)).toHaveLength(0);
      expect(await findUserByEmail(t.handle.db, student)).toBeNull();
      // the form shows the note instead of the LMS fields: a Student without them is refused as a Student too
      const bare = await submit(new TestBrowser(t.app), '/api/v1/forms/enquiry/', {
        name: 'Stu Dent',
        email: uniqueEmail('student'),
        job: 'Student',
      });
      expectError(bare, 400, 'lead_student');
    });

    it('a public mail provider is only flagged', async () => {
      const email = `lead.${String(Date.now())}@gmail.com`;
      const response = await submit(new TestBrowser(t.app), '/api/v1/forms/enquiry/', teacherEnquiry(email));
      expect(response.statusCode, response.body).toBe(200);
      expect((await leadsOf(email))[0]?.public_mail).toBe(true);
      expect((await salesMailAbout(email))[0]?.text_body).toContain('Public mail provider: yes');
    });
  });

  describe('every form', () => {
    const FORMS = [
      {
        url: '/api/v1/forms/enquiry/',
        type: 'enquiry',
        fields: (email: string) => teacherEnquiry(email),
        botField: 'security-token-contact',
      },
      {
        url: '/api/v1/forms/contact/',
        type: 'contact',
        fields: (email: string) => ({ name: 'Carl Contact', email, message: 'Where is your office?' }),
        botField: 'security-token-contact',
      },
      {
        url: '/api/v1/forms/quick-guide/',
        type: 'quick_guide',
        fields: (email: string) => ({
          name: 'Quinn Guide',
          email,
          phone: '555 0101',
          cta: 'Plagiarism checker alternative',
        }),
        botField: 'security-token-contact',
      },
      {
        url: '/send_feedback/request',
        type: 'custom_quote',
        fields: (email: string) => ({ name: 'Cora Quote', email, message: 'A quote for 2, "big" classes' }),
        botField: 'token',
      },
    ] as const;

    for (const form of FORMS) {
      it(`${form.type}: stored and mailed to SALES_EMAIL`, async () => {
        const email = uniqueEmail(form.type);
        const fields: Record<string, string> = form.fields(email);
        const response = await submit(new TestBrowser(t.app), form.url, fields, { botField: form.botField });
        expect(response.statusCode, response.body).toBe(200);
        const body = response.json<{ success: boolean; data?: { url: string } }>();
        expect(body.success).toBe(true);
        if (form.type === 'quick_guide') expect(body.data).toEqual({ url: '/assets/QuickGuide.pdf' });
        else if (form.type !== 'enquiry') expect(body).toEqual({ success: true });
        const [lead] = await leadsOf(email);
        expect(lead).toMatchObject({ type: form.type, name: fields.name?.trim(), email });
        if ('message' in fields) expect(lead?.message).toBe(fields.message);
        if ('phone' in fields) expect(lead?.phone).toBe(fields.phone);
        const [mail] = await salesMailAbout(email);
        expect(mail?.kind).toBe(`lead_${form.type}`);
        expect(mail?.text_body).toContain(`Name: ${fields.name?.trim() ?? ''}`);
        expect(mail?.html_body).toContain(email);
      });

      it(`${form.type}: refuses a missing, wrong or reused bot token and a missing CSRF token`, async () => {
        const browser = new TestBrowser(t.app);
        const email = uniqueEmail(`${form.type}bot`);
        const fields: Record<string, string> = form.fields(email);
        expectError(await submit(browser, form.url, { ...fields, [form.botField]: '' }), 400, 'bot_check_failed');
        expectError(
          await submit(browser, form.url, { ...fields, [form.botField]: 'bm90IGEgdG9rZW4=' }),
          400,
          'bot_check_failed',
        );
        const token = await browser.botToken();
        expect((await submit(browser, form.url, { ...fields, [form.botField]: token })).statusCode).toBe(200);
        const reused = await submit(new TestBrowser(t.app), form.url, { ...fields, [form.botField]: token });
        expectError(reused, 400, 'bot_check_failed');
        const noCsrf = await submit(new TestBrowser(t.app), form.url, fields, {
          withCsrf: false,
          botField: form.botField,
        });
        expectError(noCsrf, 403, 'csrf_invalid');
        expect(await leadsOf(email)).toHaveLength(1);
      });

      it(`${form.type}: at most ${String(LEAD_SUBMISSIONS_PER_HOUR)} an hour per address and per e-mail`, async () => {
        const address = newAddress();
        for (let i = 0; i < LEAD_SUBMISSIONS_PER_HOUR; i += 1) {
          const response = await submit(new TestBrowser(t.app), form.url, form.fields(uniqueEmail('rate')), {
            address,
            botField: form.botField,
          });
          expect(response.statusCode, response.body).toBe(200);
        }
        const email = uniqueEmail('ratelast');
        const refused = await submit(new TestBrowser(t.app), form.url, form.fields(email), {
          address,
          botField: form.botField,
        });
        expectError(refused, 429, 'rate_limited');
        expect(refused.headers['retry-after']).toBe('3600');
        expect(await leadsOf(email)).toHaveLength(0);

        // one e-mail from many addresses
        const same = uniqueEmail('sameaddr');
        for (let i = 0; i < LEAD_SUBMISSIONS_PER_HOUR; i += 1) {
          const response = await submit(new TestBrowser(t.app), form.url, form.fields(same), {
            botField: form.botField,
          });
          expect(response.statusCode, response.body).toBe(200);
        }
        const byEmail = await submit(new TestBrowser(t.app), form.url, form.fields(same), { botField: form.botField });
        expectError(byEmail, 429, 'rate_limited');
        expect(await leadsOf(same)).toHaveLength(LEAD_SUBMISSIONS_PER_HOUR);
      });
    }

    it('contact, quick guide and custom quote check their fields; the Spanish guide has its own address', async () => {
      const browser = new TestBrowser(t.app);
      const noMessage = await submit(browser, '/api/v1/forms/contact/', {
        name: 'A',
        email: uniqueEmail('c'),
        message: ' ',
      });
      expect(expectError(noMessage, 400, 'validation_failed').error.fields?.message).toBe('This field is required');
      const longPhone = await submit(browser, '/api/v1/forms/quick-guide/', {
        name: 'A',
        email: uniqueEmail('q'),
        phone: '9'.repeat(26),
      });
      expect(expectError(longPhone, 400, 'validation_failed').error.fields?.phone).toBe(
        'Phone must be at most 25 characters.',
      );
      const noName = await submit(
        browser,
        '/send_feedback/request',
        { email: uniqueEmail('q'), message: 'x' },
        { botField: 'token' },
      );
      expect(expectError(noName, 400, 'validation_failed').error.fields?.name).toBeDefined();
      const es = await submit(browser, '/api/v1/forms/quick-guide/', {
        name: 'Eva',
        email: uniqueEmail('qes'),
        language: 'es',
      });
      expect(es.json<{ data: { url: string } }>().data.url).toBe('/assets/es/QuickGuide.pdf');
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/v1/forms/contact/',
        remoteAddress: newAddress(),
        payload: { name: 'A', email: uniqueEmail('json'), message: 'x' },
      });
      expect(json.statusCode).toBe(415);
    });
  });

  describe('the administrators’ list', () => {
    it('lists the leads newest first with filters, and as CSV with formulas defused; administrators only', async () => {
      const { browser: adminBrowser, email: adminEmail } = await signedUpBrowser();
      await setUserAdmin(t.handle.db, adminEmail, true);
      const { browser: userBrowser } = await signedUpBrowser();

      const marker = uniqueEmail('csv');
      const contact = await submit(new TestBrowser(t.app), '/api/v1/forms/contact/', {
        name: '=HYPERLINK("x")',
        email: marker,
        message: 'Line one, "quoted"\nline two',
      });
      expect(contact.statusCode, contact.body).toBe(200);

      expect((await new TestBrowser(t.app).get('/api/v1/admin/leads/')).statusCode).toBe(401);
      expect((await userBrowser.get('/api/v1/admin/leads/')).statusCode).toBe(403);
      expect((await userBrowser.get('/api/v1/admin/leads.csv')).statusCode).toBe(403);

      const all = await adminBrowser.get('/api/v1/admin/leads/?per_page=5');
      expect(all.statusCode, all.body).toBe(200);
      const page = all.json<{
        data: { leads: { email: string; type: string; created_at: string }[]; total: number };
      }>();
      expect(page.data.leads).toHaveLength(5);
      expect(page.data.leads[0]?.email).toBe(marker);
      expect(page.data.total).toBeGreaterThan(5);
      const { rows } = await t.handle.db.query<{ n: number }>('SELECT count(*)::int AS n FROM leads');
      expect(page.data.total).toBe(rows[0]?.n);

      const quotes = (await adminBrowser.get('/api/v1/admin/leads/?type=custom_quote&per_page=100')).json<{
        data: { leads: { type: string }[]; total: number };
      }>();
      expect(quotes.data.total).toBeGreaterThan(0);
      expect(quotes.data.leads.every((lead) => lead.type === 'custom_quote')).toBe(true);

      const today = new Date().toISOString().slice(0, 10);
      const todays = (await adminBrowser.get(`/api/v1/admin/leads/?from=${today}&to=${today}`)).json<{
        data: { total: number };
      }>();
      expect(todays.data.total).toBe(page.data.total);
      const past = (await adminBrowser.get('/api/v1/admin/leads/?from=2020-01-01&to=2020-12-31')).json<{
        data: { total: number };
      }>();
      expect(past.data.total).toBe(0);
      expect((await adminBrowser.get('/api/v1/admin/leads/?from=2020-13-45')).statusCode).toBe(400);
      expect((await adminBrowser.get('/api/v1/admin/leads/?type=spam')).statusCode).toBe(400);

      const csv = await adminBrowser.get('/api/v1/admin/leads.csv?type=contact');
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toBe('attachment; filename="leads-contact.csv"');
      expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const text = csv.body.replace(/^\uFEFF/, '');
      expect(text.startsWith('Id,Received (UTC),Form,Name,E-mail,Public mail provider,')).toBe(true);
      expect(text).toContain(`,contact,"'=HYPERLINK(""x"")",${marker},no,`);
      expect(text).toContain('"Line one, ""quoted""\nline two"');
      expect(text.endsWith('\r\n')).toBe(true);
      expect(
        text
          .split('\r\n')
          .slice(1, -1)
          .every((line) => line.includes(',contact,')),
      ).toBe(true);
    });
  });
});
