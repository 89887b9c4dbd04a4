import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { pino } from 'pino';
import { buildApp } from '../../src/app.ts';
import type { JobContext } from '../../src/jobs/queue.ts';
import { aiCheckJob } from '../../src/modules/ai-checks/ai-checks.jobs.ts';
import { findAiCheck } from '../../src/modules/ai-checks/ai-checks.repository.ts';
import { sendVerificationEmail, createSetPasswordLink } from '../../src/modules/auth/account-email.service.ts';
import { registerUser } from '../../src/modules/auth/auth.service.ts';
import { sha256 } from '../../src/modules/auth/secrets.ts';
import {
  findUserByApiTokenHash,
  findUserByEmail,
  setUserAdmin,
  type UserRecord,
} from '../../src/modules/auth/users.repository.ts';
import { importCollection } from '../../src/modules/collections/collections.service.ts';
import { createPromoCode } from '../../src/modules/commerce/commerce.service.ts';
import { applyEntry, findAccountOfGroup, findAccountOfUser } from '../../src/modules/ledger/ledger.repository.ts';
import { creditPages, holdPages } from '../../src/modules/ledger/ledger.service.ts';
import { listOutboxMessages } from '../../src/modules/mail/mail.repository.ts';
import type { Mailer } from '../../src/modules/mail/mail.service.ts';
import { textCheckJob } from '../../src/modules/text-checks/text-checks.jobs.ts';
import { findTextCheck } from '../../src/modules/text-checks/text-checks.repository.ts';
import { createTestApp, injectWebhookPoster, STRONG_PASSWORD, TestBrowser, type TestApp } from '../app.ts';
import { multipart } from '../uploads.ts';
import type { CallerName } from './callers.ts';
import { freshText, markedText, MARKERS, type MarkerName } from './texts.ts';

/** One per caller: the cells of POST /api/v1/fingerprint/send-text/:id/ that aim at an unsent document. */
const UNSENT_DOCUMENTS = 11;
/** Ready documents and done AI checks the removed member made in the organisation, for the delete cells (one and many). */
const DELETABLE_REMOVED = 7;

/** The checks the delete cells attack: each slot holds a ready check until an allowed caller deletes it. */
export type DeletableSlot =
  'userDocument' | 'studentDocument' | 'removedDocument' | 'userAiCheck' | 'studentAiCheck' | 'removedAiCheck';

const logger = pino({ level: process.env.VT_TEST_LOG ?? 'silent' });

export const PUBLIC_URL = 'https://veritext.test';
/** The operator's bearer token for GET /metrics from elsewhere (METRICS_TOKEN). */
export const METRICS_TOKEN = 'matrix-metrics-token-0123456789abcdef';

let emailSerial = 0;
/** A new address, short enough for the 50-character e-mail field. */
export function newEmail(kind: string): string {
  emailSerial += 1;
  return `${kind}.${String(emailSerial)}.${Date.now().toString(36)}@example.com`;
}

/** How a caller authenticates: browser cookies and a CSRF token, or the X-API-TOKEN header. */
type Credentials = { cookie: string; csrf: string | null; token: string | null };

/** A request of the matrix, before the caller's credentials are added. */
export type MatrixRequest = {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  /** A url-encoded form (the browser callers' `_csrf_token` is added). */
  form?: Record<string, string>;
  /** multipart/form-data with at most one file (the browser callers' `_csrf_token` is added). */
  multipart?: { fields: Record<string, string>; file?: { field: string; name: string; type: string; bytes: Buffer } };
  /** A body sent as it is (the payment webhook). */
  raw?: { body: string; contentType: string };
  headers?: Record<string, string>;
  /** Where the request comes from; by default an outside address, a new one for every cell. */
  remoteAddress?: string;
  /** The application in development mode (the local outbox is on there) instead of the test one. */
  development?: boolean;
};

/** The callers, and the owner of a second organisation (whose link the callers accept). */
type Sender = CallerName | 'otherOwner';

/** The account behind each caller that has one (the personal token is the user's). */
type Account = { email: string; password: string; name: string };

const ACCOUNT_OF: Partial<Record<Sender, string>> = {
  otherOwner: 'otherOwner',
  user: 'user',
  personalToken: 'user',
  anotherUser: 'anotherUser',
  student: 'student',
  teacher: 'teacher',
  owner: 'owner',
  removedMember: 'removedMember',
  siteAdmin: 'siteAdmin',
};

const SESSION_CALLERS: readonly Sender[] = [
  'otherOwner',
  'user',
  'anotherUser',
  'student',
  'teacher',
  'owner',
  'removedMember',
  'siteAdmin',
];

/** A mailer that keeps what it is given, to read the one-time codes of verification links. */
function capturingMailer(): Mailer & { texts: string[] } {
  const texts: string[] = [];
  return {
    via: 'smtp',
    texts,
    send(message) {
      texts.push(message.text);
      return Promise.resolve();
    },
    close() {},
  };
}

/** A fixture step's answer, which must be a 200. */
function succeeded(response: LightMyRequestResponse, what: string): LightMyRequestResponse {
  if (response.statusCode !== 200) {
    throw new Error(`fixture: ${what} answered ${String(response.statusCode)}: ${response.body.slice(0, 300)}`);
  }
  return response;
}

/**
 * The fixture world of the matrix: an organisation (owner, teacher, student, a removed member who made a
 * document and an AI check while a member), a user and another user each with a document, an AI check and
 * an order, a guest with a check, a site administrator, the user's personal token and the group's token.
 * State is made through the API (and services where the API has no call for it: credits, admin rights).
 */
export class World {
  readonly t: TestApp;
  readonly devApp: FastifyInstance;
  readonly dataDir: string;
  private readonly credentials = new Map<Sender, Credentials>();
  private readonly accounts = new Map<string, Account>();
  private addressSerial = 0;
  private textSerial = 0;
  private jobsRun = 0;

  groupId = 0;
  groupToken = '';
  otherGroupId = 0;
  personalToken = '';
  /** The guest caller's token (a new guest replaces it when a cell ended the guest state). */
  guestToken = '';
  /** The fixture's documents (text checks) and AI checks by marker. */
  readonly documents = new Map<MarkerName, number>();
  readonly aiChecks = new Map<MarkerName, number>();
  /** Documents the removed member made in the organisation, never sent to the AI detector: one per cell. */
  private readonly unsentRemovedDocuments: number[] = [];
  /** The current target of each delete slot, and the removed member's checks left for them. */
  private readonly deletable = new Map<DeletableSlot, number>();
  private readonly removedDeletable: { removedDocument: number[]; removedAiCheck: number[] } = {
    removedDocument: [],
    removedAiCheck: [],
  };
  userOrderId = 0;
  /** The user's subscription (AI Basic, its first month paid on the sandbox card page). */
  userSubscriptionId = 0;
  /** A notice in the owner's cabinet: the student asked for an upgrade. */
  ownerNoticeId = 0;
  /**
   * Folders (issue 17): the user's (documents are moved in and out), the user's shared by link (kept empty: every
   * account may join it), the teacher's in the organisation (the student named on its access list, a live link),
   * and another of the teacher's whose link the revoke cells revoke.
   */
  userFolderId = 0;
  userLinkFolder = { id: 0, token: '' };
  teacherFolder = { id: 0, token: '' };
  teacherRevokeFolderId = 0;
  /** Invoices: the user's (its subscription's first month) and the organisation's (a pack its owner paid for). */
  userInvoice = { id: 0, number: '' };
  groupInvoiceId = 0;
  /** Entries of the other user's ledger for the site administrator's corrections: two open holds, a reversal. */
  releasableHoldId = 0;
  cancellableHoldId = 0;
  reversalEntryId = 0;
  collectionImportId = 0;
  outboxMessageId = 0;
  promoCode = 'AUTHZ10';
  /** A second account to log into (POST /login_check) without touching the callers'. */
  loginTarget: Account = { email: '', password: STRONG_PASSWORD, name: 'Liam Login' };
  /** A reset code that stays valid (validate_reset_password_code does not use it up). */
  reusableResetCode = '';

  private constructor(t: TestApp, devApp: FastifyInstance, dataDir: string) {
    this.t = t;
    this.devApp = devApp;
    this.dataDir = dataDir;
  }

  get db() {
    return this.t.handle.db;
  }

  get app() {
    return this.t.app;
  }

  static async create(): Promise<World> {
    const dataDir = await mkdtemp(join(tmpdir(), 'vt-authz-'));
    const t = await createTestApp({ dataDir, publicUrl: PUBLIC_URL, metricsToken: METRICS_TOKEN });
    // The same database and secret in development mode: GET /dev/outbox is on there (and only there).
    const devApp = await buildApp({
      config: { ...t.config, env: 'development' },
      db: t.handle.db,
      queue: { depth: async () => [], isHealthy: () => true, send: async () => 'dev-job' },
      webhookPoster: injectWebhookPoster,
    });
    await devApp.ready();
    const world = new World(t, devApp, dataDir);
    await world.populate();
    return world;
  }

  async dispose(): Promise<void> {
    await this.devApp.close();
    await this.t.dispose();
    await rm(this.dataDir, { recursive: true, force: true });
  }

  /** A different outside address for every request, so that per-address limits never pile up across cells. */
  nextAddress(): string {
    this.addressSerial += 1;
    return `198.18.${String(Math.floor(this.addressSerial / 250) % 250)}.${String((this.addressSerial % 250) + 1)}`;
  }

  /** A solved bot check, as the browser widget makes it. */
  botToken(): Promise<string> {
    return new TestBrowser(this.app).botToken();
  }

  /** A text of plain English that no earlier request sent. */
  freshText(sentences = 8): string {
    this.textSerial += 1;
    return freshText(this.textSerial, sentences);
  }

  account(caller: Sender): Account {
    const key = ACCOUNT_OF[caller];
    const account = key === undefined ? undefined : this.accounts.get(key);
    if (account === undefined) throw new Error(`${caller} has no account`);
    return account;
  }

  async userRecord(caller: CallerName): Promise<UserRecord> {
    const user = await findUserByEmail(this.db, this.account(caller).email);
    if (user === null) throw new Error(`${caller} is gone`);
    return user;
  }

  hasAccount(caller: CallerName): boolean {
    return ACCOUNT_OF[caller] !== undefined;
  }

  /** The inject() options of a request as `caller` sends it. */
  injectOptions(caller: Sender, request: MatrixRequest): InjectOptions {
    const credentials = this.credentials.get(caller);
    if (credentials === undefined) throw new Error(`no credentials for ${caller}`);
    const headers: Record<string, string> = {};
    if (credentials.cookie !== '') headers.cookie = credentials.cookie;
    if (credentials.token !== null) headers['x-api-token'] = credentials.token;
    const isSafe = request.method === 'GET';
    if (!isSafe && credentials.csrf !== null) headers['x-csrf-token'] = credentials.csrf;
    const csrfField: Record<string, string> =
      !isSafe && credentials.csrf !== null ? { _csrf_token: credentials.csrf } : {};
    let payload: string | Buffer | undefined;
    if (request.form !== undefined) {
      payload = new URLSearchParams({ ...request.form, ...csrfField }).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else if (request.multipart !== undefined) {
      const body = multipart({ ...request.multipart.fields, ...csrfField }, request.multipart.file);
      payload = body.payload;
      headers['content-type'] = body.contentType;
    } else if (request.raw !== undefined) {
      payload = request.raw.body;
      headers['content-type'] = request.raw.contentType;
    }
    return {
      method: request.method,
      url: request.url,
      headers: { ...headers, ...request.headers },
      remoteAddress: request.remoteAddress ?? this.nextAddress(),
      ...(payload === undefined ? {} : { payload }),
    };
  }

  async send(caller: Sender, request: MatrixRequest): Promise<LightMyRequestResponse> {
    const app = request.development === true ? this.devApp : this.app;
    return app.inject(this.injectOptions(caller, request));
  }

  /** A request made while building state: it must succeed. */
  async must<T>(caller: Sender, request: MatrixRequest, what: string): Promise<T> {
    return succeeded(await this.send(caller, request), `${what} (as ${caller})`).json<T>();
  }

  /** A fresh login (or guest) for a caller whose session a cell ended or replaced. */
  async renew(caller: Sender): Promise<void> {
    if (caller === 'guest') {
      await this.newGuest();
    } else if (SESSION_CALLERS.includes(caller)) {
      const account = this.account(caller);
      const browser = new TestBrowser(this.app);
      const response = await browser.logIn(account.email, account.password);
      if (response.statusCode !== 200) throw new Error(`fixture: ${caller} cannot log in again: ${response.body}`);
      const { token } = await browser.csrf();
      this.credentials.set(caller, { cookie: browser.jar.header(), csrf: token, token: null });
    }
  }

  private async signUp(key: string, name: string, extra: Record<string, string> = {}): Promise<Account> {
    const account = { email: newEmail(key), password: STRONG_PASSWORD, name };
    const browser = new TestBrowser(this.app);
    const response = await browser.signUp({ email: account.email, password: account.password, name, ...extra });
    if (response.statusCode !== 200) throw new Error(`fixture: sign-up of ${key}: ${response.body}`);
    this.accounts.set(key, account);
    return account;
  }

  private async newGuest(): Promise<void> {
    const browser = new TestBrowser(this.app);
    const { guest_csrf } = await browser.csrf();
    const registered = await browser.postForm('/guest/registration/', {
      _csrf_token: guest_csrf,
      'guest-security-token': await browser.botToken(),
    });
    const { data } = succeeded(registered, 'guest registration').json<{ data: { api: string } }>();
    const { token } = await browser.csrf();
    this.credentials.set('guest', { cookie: browser.jar.header(), csrf: token, token: null });
    const guest = await findUserByApiTokenHash(this.db, sha256(data.api));
    if (guest === null) throw new Error('fixture: the guest is not there');
    await this.credit((await findAccountOfUser(this.db, guest.id))?.id, 50);
    this.guestToken = data.api;
  }

  private async credit(accountId: number | undefined, pages: number): Promise<void> {
    if (accountId === undefined) throw new Error('fixture: no account to credit');
    await creditPages(this.db, { accountId, bucket: 'balance', pages, kind: 'deposit' });
    await creditPages(this.db, { accountId, bucket: 'ai_balance', pages, kind: 'deposit' });
  }

  /** Runs the jobs the app has sent since the last call, as a worker would (the test app has none). */
  async runJobs(): Promise<void> {
    while (this.jobsRun < this.t.sentJobs.length) {
      const job = this.t.sentJobs[this.jobsRun];
      this.jobsRun += 1;
      if (job === undefined) continue;
      const context: JobContext = {
        jobId: `authz-${String(this.jobsRun)}`,
        queue: job.queue,
        attempt: 1,
        signal: new AbortController().signal,
        db: this.db,
        logger,
      };
      if (job.queue === textCheckJob.queueName) {
        await textCheckJob.handler(textCheckJob.schema.parse(job.payload), context);
      } else if (job.queue === aiCheckJob.queueName) {
        await aiCheckJob.handler(aiCheckJob.schema.parse(job.payload), context);
      }
    }
  }

  /** Drops the jobs sent so far (the checks the matrix's cells submit are never run). */
  skipJobs(): void {
    this.jobsRun = this.t.sentJobs.length;
  }

  async submitDocument(caller: CallerName, marker: MarkerName, groupId?: number): Promise<number> {
    const { data } = await this.must<{ data: { text: { id: number } } }>(
      caller,
      {
        method: 'POST',
        url: '/api/v1/text',
        form: {
          text: markedText(marker),
          title: `${MARKERS[marker]} essay`,
          skip_english_words_validation: 'true',
          skip_percentage_words_validation: 'true',
          ...(groupId === undefined ? {} : { group_id: String(groupId) }),
        },
      },
      `the document ${marker}`,
    );
    this.documents.set(marker, data.text.id);
    return data.text.id;
  }

  async submitAiCheck(caller: CallerName, text: string, groupId?: number): Promise<number> {
    const { data } = await this.must<{ data: { id: number } }>(
      caller,
      {
        method: 'POST',
        url: '/api/v1/chat-gpt/',
        form: { text, ...(groupId === undefined ? {} : { group_id: String(groupId) }) },
      },
      'an AI check',
    );
    return data.id;
  }

  /** An organisation's current registration link of a role (2 teacher, 3 student), read by its owner. */
  async inviteToken(groupOwner: 'owner' | 'otherOwner', role: 2 | 3): Promise<string> {
    const groupId = groupOwner === 'owner' ? this.groupId : this.otherGroupId;
    const { data } = await this.must<{ data: { invites: { role: number; token: string }[] } }>(
      groupOwner,
      { method: 'GET', url: `/api/v1/groups/${String(groupId)}/invites/` },
      'invite links',
    );
    const invite = data.invites.find((candidate) => candidate.role === role);
    if (invite === undefined) throw new Error(`fixture: no invite link for role ${String(role)}`);
    return invite.token;
  }

  /** A new account (made by the service, as an operator would) that joins the organisation by its link. */
  async freshMember(): Promise<number> {
    const { user } = await registerUser(this.db, {
      email: newEmail('member'),
      password: STRONG_PASSWORD,
      accountType: 'individual',
      agreements: [],
      ip: '127.0.0.1',
    });
    const browser = new TestBrowser(this.app);
    const login = await browser.logIn(user.email ?? '', STRONG_PASSWORD);
    if (login.statusCode !== 200) throw new Error('fixture: the fresh member cannot log in');
    const { token } = await browser.csrf();
    const accept = await browser.postForm(`/api/v1/invites/${await this.inviteToken('owner', 3)}/accept/`, {
      _csrf_token: token,
    });
    succeeded(accept, 'a fresh member joining');
    return user.id;
  }

  /** A new reset code of a throwaway account: for the public routes that take one. */
  async freshResetCode(): Promise<string> {
    const { user } = await registerUser(this.db, {
      email: newEmail('reset'),
      password: STRONG_PASSWORD,
      accountType: 'individual',
      agreements: [],
      ip: '127.0.0.1',
    });
    const link = await this.db.transaction((tx) => createSetPasswordLink(tx, PUBLIC_URL, user.id));
    const code = new URL(link).searchParams.get('code');
    if (code === null) throw new Error(`fixture: no code in ${link}`);
    return code;
  }

  /** A new e-mail verification code of a throwaway account. */
  async freshVerificationCode(): Promise<string> {
    const { user } = await registerUser(this.db, {
      email: newEmail('verify'),
      password: STRONG_PASSWORD,
      accountType: 'individual',
      agreements: [],
      ip: '127.0.0.1',
    });
    return this.verificationCode(user);
  }

  /** A verification code of the account, read from the e-mail that carries it. */
  private async verificationCode(user: UserRecord): Promise<string> {
    const mailer = capturingMailer();
    const { delivery } = await sendVerificationEmail({ db: this.db, mailer, publicUrl: PUBLIC_URL, logger }, user, {
      isResend: false,
    });
    await delivery;
    const match = /\/verify_email\/([^\s"<]+)/.exec(mailer.texts.join('\n'));
    if (match?.[1] === undefined) throw new Error('fixture: no verification link in the mail');
    return match[1];
  }

  /** A new comment of the teacher on the student's document (issue 17), for the route that deletes one. */
  async freshTeacherComment(): Promise<number> {
    const checkId = String(this.documents.get('studentDocument') ?? 0);
    const { data } = await this.must<{ data: { comment: { id: number } } }>(
      'teacher',
      { method: 'POST', url: `/api/v1/text/${checkId}/comments/`, form: { body: 'A fixture comment.' } },
      'a comment on the student’s report',
    );
    return data.comment.id;
  }

  /**
   * A new link to a report, shared by the teacher: the student's (by default), or `checkId`; its id and token (read
   * from the e-mail).
   */
  async freshReportShare(checkId = this.documents.get('studentDocument') ?? 0): Promise<{ id: number; token: string }> {
    const email = newEmail('share');
    const { data } = await this.must<{ data: { share: { id: number } } }>(
      'teacher',
      { method: 'POST', url: `/api/v1/text/${String(checkId)}/shares/`, form: { email, days: '7' } },
      'a shared link of a report',
    );
    const message = (await listOutboxMessages(this.db, 50)).find((candidate) => candidate.to_address === email);
    const token = /\/shared-report\/([A-Za-z0-9_-]+)/.exec(message?.text_body ?? '')?.[1];
    if (token === undefined) throw new Error('fixture: no shared-report link in the e-mail');
    return { id: data.share.id, token };
  }

  private sharedLinks: { working: string; revoked: string } | null = null;

  /**
   * Two links, made once, to a report of the teacher's in the organisation (a text of no fixture marker: whoever has
   * the link reads it, so it must not be a document the leak check guards): one that works, one the teacher revoked.
   */
  async reportShareTokens(): Promise<{ working: string; revoked: string }> {
    if (this.sharedLinks === null) {
      const checkId = await this.submitFreshDocument('teacher', this.groupId);
      await this.runJobOf(textCheckJob.queueName, checkId);
      const working = await this.freshReportShare(checkId);
      const revoked = await this.freshReportShare(checkId);
      await this.must(
        'teacher',
        { method: 'POST', url: `/api/v1/text/${String(checkId)}/shares/${String(revoked.id)}/revoke/`, form: {} },
        'revoking a shared link',
      );
      this.sharedLinks = { working: working.token, revoked: revoked.token };
    }
    return this.sharedLinks;
  }

  /** A new reference collection (imported as the operator's CLI does), for the routes that remove one. */
  async freshCollection(): Promise<string> {
    this.textSerial += 1;
    const name = `authz-${String(this.textSerial)}`;
    const folder = await mkdtemp(join(this.dataDir, 'collection-'));
    await writeFile(join(folder, 'one.txt'), this.freshText(4));
    await importCollection(this.db, { name, path: folder, title: `Matrix ${name}` });
    await rm(folder, { recursive: true, force: true });
    return name;
  }

  /** Makes sure the caller's cart holds a pack (through the API); answers that line's id. */
  async fillCart(caller: CallerName): Promise<number> {
    type Line = { id: number; service: { code: string } };
    const current = await this.must<{ order: { items: Line[] } | null }>(
      caller,
      { method: 'GET', url: '/api/v1/orders/current/' },
      'the cart',
    );
    const existing = current.order?.items.find((item) => item.service.code === 'basic');
    if (existing !== undefined) return existing.id;
    const change = await this.must<{ data: { order_items: Line[] } }>(
      caller,
      { method: 'POST', url: '/order/add_item', form: { service: 'basic', quantity: '1' } },
      'a pack in the cart',
    );
    const line = change.data.order_items.find((item) => item.service.code === 'basic');
    if (line === undefined) throw new Error('fixture: the pack is not in the cart');
    return line.id;
  }

  /** A new sandbox payment session of the user's cart (the cart filled, then checked out). */
  async freshPaymentSession(): Promise<string> {
    await this.fillCart('user');
    const { redirect_url } = await this.must<{ redirect_url: string }>(
      'user',
      { method: 'POST', url: '/order/checkout', form: {}, headers: { accept: 'application/json' } },
      'checkout',
    );
    const id = redirect_url
      .split('/')
      .filter((part) => part !== '')
      .pop();
    if (id === undefined) throw new Error(`fixture: no session in ${redirect_url}`);
    return id;
  }

  /** A document the removed member made in the organisation that nobody has sent to the AI detector yet. */
  unsentRemovedDocument(): number {
    const id = this.unsentRemovedDocuments.shift();
    if (id === undefined) throw new Error('fixture: no unsent document of the removed member left');
    return id;
  }

  /**
   * The ready check a delete cell attacks (issue 13, A5): the slot's current one, made (and its job run) when the
   * last one was deleted; the removed member's come from those she made while a member.
   */
  async deletableCheck(slot: DeletableSlot): Promise<number> {
    const current = this.deletable.get(slot);
    if (current !== undefined) return current;
    let id: number;
    if (slot === 'removedDocument' || slot === 'removedAiCheck') {
      const next = this.removedDeletable[slot].shift();
      if (next === undefined) throw new Error(`fixture: no ${slot} of the removed member left to delete`);
      id = next;
    } else {
      const caller = slot.startsWith('user') ? 'user' : 'student';
      const groupId = caller === 'student' ? this.groupId : undefined;
      id = slot.endsWith('Document')
        ? await this.submitFreshDocument(caller, groupId)
        : await this.submitAiCheck(caller, this.freshText(), groupId);
      await this.runJobOf(slot.endsWith('Document') ? textCheckJob.queueName : aiCheckJob.queueName, id);
    }
    this.deletable.set(slot, id);
    return id;
  }

  /** After a delete cell: a slot whose check is gone gets a new one for the next cell. */
  async forgetDeleted(slot: DeletableSlot): Promise<void> {
    const id = this.deletable.get(slot);
    if (id === undefined) return;
    const gone = slot.endsWith('Document')
      ? (await findTextCheck(this.db, id)) === null
      : (await findAiCheck(this.db, id)) === null;
    if (gone) this.deletable.delete(slot);
  }

  private async submitFreshDocument(caller: CallerName, groupId?: number): Promise<number> {
    const { data } = await this.must<{ data: { text: { id: number } } }>(
      caller,
      {
        method: 'POST',
        url: '/api/v1/text',
        form: {
          text: this.freshText(),
          skip_english_words_validation: 'true',
          skip_percentage_words_validation: 'true',
          ...(groupId === undefined ? {} : { group_id: String(groupId) }),
        },
      },
      'a document to delete',
    );
    return data.text.id;
  }

  /** Runs the one job of a check (the cells' other jobs stay unrun). */
  private async runJobOf(queue: string, checkId: number): Promise<void> {
    const job = this.t.sentJobs.find(
      (sent) => sent.queue === queue && (sent.payload as { checkId?: number }).checkId === checkId,
    );
    if (job === undefined) throw new Error(`fixture: no job for check ${String(checkId)}`);
    const context: JobContext = {
      jobId: `authz-${queue}-${String(checkId)}`,
      queue,
      attempt: 1,
      signal: new AbortController().signal,
      db: this.db,
      logger,
    };
    if (queue === textCheckJob.queueName) await textCheckJob.handler(textCheckJob.schema.parse(job.payload), context);
    else await aiCheckJob.handler(aiCheckJob.schema.parse(job.payload), context);
  }

  /** The other organisation's owner invites the user (by e-mail); answers the invitation's id. */
  async inviteUserElsewhere(): Promise<number> {
    const { data } = await this.must<{ data: { invitation: { id: number } } }>(
      'otherOwner',
      {
        method: 'POST',
        url: `/api/v1/groups/${String(this.otherGroupId)}/members/`,
        form: { name: 'Uma User', email: this.account('user').email, limit: '', role: 'Student' },
      },
      'an invitation of the user',
    );
    this.lastInvitationId = data.invitation.id;
    return data.invitation.id;
  }

  lastInvitationId = 0;

  /** A new folder of the caller made through the API (a unique name); answers its id. */
  async freshFolder(caller: CallerName, groupId?: number): Promise<number> {
    const { data } = await this.must<{ data: { folder: { id: number } } }>(
      caller,
      {
        method: 'POST',
        url: '/api/v1/folders/',
        form: { name: newEmail('folder'), ...(groupId === undefined ? {} : { group_id: String(groupId) }) },
      },
      'a folder',
    );
    return data.folder.id;
  }

  /** The folder's share link (made by its owner). */
  private async shareLink(caller: CallerName, folderId: number): Promise<string> {
    const { data } = await this.must<{ data: { link_token: string } }>(
      caller,
      { method: 'POST', url: `/api/v1/folders/${String(folderId)}/share-link/`, form: {} },
      'a share link',
    );
    return data.link_token;
  }

  /** A new folder of the teacher with the student on its access list, for the cells that take someone off it. */
  async freshSharedFolder(): Promise<{ folderId: number; userId: number }> {
    const folderId = await this.freshFolder('teacher', this.groupId);
    const student = this.account('student');
    await this.must(
      'teacher',
      { method: 'POST', url: `/api/v1/folders/${String(folderId)}/access/`, form: { email: student.email } },
      'naming the student',
    );
    return { folderId, userId: (await this.userRecord('student')).id };
  }

  private async makeFolders(): Promise<void> {
    this.userFolderId = await this.freshFolder('user');
    const linkFolder = await this.freshFolder('user');
    this.userLinkFolder = { id: linkFolder, token: await this.shareLink('user', linkFolder) };
    const { folderId } = await this.freshSharedFolder();
    this.teacherFolder = { id: folderId, token: await this.shareLink('teacher', folderId) };
    this.teacherRevokeFolderId = await this.freshFolder('teacher', this.groupId);
    await this.shareLink('teacher', this.teacherRevokeFolderId);
  }

  /** Undoes what an invitation cell did: the invitation cancelled if still there, the user out of that organisation. */
  async forgetUserInvitation(): Promise<void> {
    await this.send('otherOwner', {
      method: 'POST',
      url: `/api/v1/groups/${String(this.otherGroupId)}/invitations/${String(this.lastInvitationId)}/cancel/`,
      form: {},
    });
    await this.leaveOtherGroup('user');
  }

  /** The caller leaves the second organisation if a cell made them join it (whatever the answer). */
  async leaveOtherGroup(caller: CallerName): Promise<void> {
    if (!this.hasAccount(caller)) return;
    await this.send(caller, { method: 'POST', url: `/api/v1/groups/${String(this.otherGroupId)}/leave/`, form: {} });
  }

  /** The organisation's owner invites a fresh account; answers the invitation's id. */
  async freshGroupInvitation(): Promise<number> {
    const { user } = await registerUser(this.db, {
      email: newEmail('invitee'),
      password: STRONG_PASSWORD,
      accountType: 'individual',
      agreements: [],
      ip: '127.0.0.1',
    });
    const { data } = await this.must<{ data: { invitation: { id: number } } }>(
      'owner',
      {
        method: 'POST',
        url: `/api/v1/groups/${String(this.groupId)}/members/`,
        form: { name: 'Ivy Invitee', email: user.email ?? '', limit: '', role: 'Student' },
      },
      'an invitation',
    );
    return data.invitation.id;
  }

  private spareGroupId = 0;
  /** An organisation nobody else uses (its owner made by the service): the site administrators' disable and enable cells. */
  async spareGroup(): Promise<number> {
    if (this.spareGroupId === 0) {
      const { group } = await registerUser(this.db, {
        email: newEmail('spare'),
        password: STRONG_PASSWORD,
        accountType: 'organisation',
        organisationName: 'Spare Academy',
        agreements: [],
        ip: '127.0.0.1',
      });
      if (group === null) throw new Error('fixture: no spare organisation');
      this.spareGroupId = group.id;
    }
    return this.spareGroupId;
  }

  /** A teacher or student who left the organisation joins it again by its link, with the same role. */
  async rejoin(caller: CallerName): Promise<void> {
    if (caller !== 'student' && caller !== 'teacher') return;
    const link = await this.inviteToken('owner', caller === 'teacher' ? 2 : 3);
    await this.must(caller, { method: 'POST', url: `/api/v1/invites/${link}/accept/`, form: {} }, 'joining again');
  }

  /** Who may see each marker (a fixture text, or a secret token) in any answer. */
  secrets(): { name: string; value: string; seenBy: readonly CallerName[] }[] {
    const group = ['teacher', 'owner', 'groupToken'] as const;
    return [
      { name: 'user document', value: MARKERS.userDocument, seenBy: ['user', 'personalToken'] },
      { name: 'user AI check', value: MARKERS.userAiCheck, seenBy: ['user', 'personalToken'] },
      { name: 'another user document', value: MARKERS.anotherDocument, seenBy: ['anotherUser'] },
      { name: 'another user AI check', value: MARKERS.anotherAiCheck, seenBy: ['anotherUser'] },
      { name: 'student document', value: MARKERS.studentDocument, seenBy: ['student', ...group] },
      { name: 'student AI check', value: MARKERS.studentAiCheck, seenBy: ['student', ...group] },
      { name: 'removed member document', value: MARKERS.removedDocument, seenBy: ['removedMember', ...group] },
      { name: 'removed member AI check', value: MARKERS.removedAiCheck, seenBy: ['removedMember', ...group] },
      // The guest who made it (a cell that signs the guest up or in replaces the guest caller with a new one).
      { name: 'guest document', value: MARKERS.guestDocument, seenBy: ['guest'] },
      { name: 'personal API token', value: this.personalToken, seenBy: ['user', 'personalToken'] },
      { name: 'group API token', value: this.groupToken, seenBy: ['owner', 'groupToken'] },
      { name: 'guest token', value: this.guestToken, seenBy: ['guest'] },
      { name: 'user invoice number', value: this.userInvoice.number, seenBy: ['user', 'personalToken'] },
    ];
  }

  private async populate(): Promise<void> {
    const db = this.db;
    // Accounts: every sign-up through POST /registration/ with the bot check.
    await this.signUp('owner', 'Olga Owner', { account_type: 'organisation', organisation_name: 'Matrix Academy' });
    await this.signUp('otherOwner', 'Oscar Owner', {
      account_type: 'organisation',
      organisation_name: 'Other Academy',
    });
    await this.signUp('user', 'Uma User');
    await this.signUp('anotherUser', 'Otto Other');
    await this.signUp('student', 'Sam Student');
    await this.signUp('teacher', 'Tina Teacher');
    await this.signUp('removedMember', 'Rita Removed');
    await this.signUp('siteAdmin', 'Ada Admin');
    this.loginTarget = await this.signUp('loginTarget', 'Liam Login');
    if ((await setUserAdmin(db, this.account('siteAdmin').email, true)) === null) throw new Error('no admin');

    // Anonymous: a browser with only its CSRF cookie.
    const anonymous = new TestBrowser(this.app);
    const { token: anonymousCsrf } = await anonymous.csrf();
    this.credentials.set('anonymous', { cookie: anonymous.jar.header(), csrf: anonymousCsrf, token: null });
    for (const caller of SESSION_CALLERS) await this.renew(caller);
    await this.newGuest();

    // The organisations, their tokens and links.
    const { data: groups } = await this.must<{ data: { groups: { id: number; api_token?: string }[] } }>(
      'owner',
      { method: 'GET', url: '/api/v1/groups/list/' },
      'the owner’s groups',
    );
    const group = groups.groups[0];
    if (group?.api_token === undefined) throw new Error('fixture: the owner sees no group token');
    this.groupId = group.id;
    this.groupToken = group.api_token;
    this.credentials.set('groupToken', { cookie: '', csrf: null, token: this.groupToken });
    const otherGroups = await this.must<{ data: { groups: { id: number }[] } }>(
      'otherOwner',
      { method: 'GET', url: '/api/v1/groups/list/' },
      'the other owner’s groups',
    );
    this.otherGroupId = otherGroups.data.groups[0]?.id ?? 0;

    const teacherLink = await this.inviteToken('owner', 2);
    const studentLink = await this.inviteToken('owner', 3);
    for (const [caller, link] of [
      ['teacher', teacherLink],
      ['student', studentLink],
      ['removedMember', studentLink],
    ] as const) {
      await this.must(caller, { method: 'POST', url: `/api/v1/invites/${link}/accept/`, form: {} }, 'joining');
    }

    // Pages for everyone, so that an answer says who may act, not who can pay.
    for (const key of ['user', 'anotherUser', 'student', 'teacher', 'owner', 'removedMember', 'siteAdmin']) {
      const user = await findUserByEmail(db, this.accounts.get(key)?.email ?? '');
      await this.credit(user === null ? undefined : (await findAccountOfUser(db, user.id))?.id, 500);
    }
    await this.credit((await findAccountOfGroup(db, this.groupId))?.id, 2000);

    // The personal token: what the user's API-token modal shows.
    const credentials = await this.must<{ user: { api_token: string } }>(
      'user',
      { method: 'GET', url: '/profile/get_credentials' },
      'credentials',
    );
    this.personalToken = credentials.user.api_token;
    this.credentials.set('personalToken', { cookie: '', csrf: null, token: this.personalToken });

    // The user confirms the address (invitations are accepted only by a confirmed address).
    const verifyCode = await this.verificationCode(await this.userRecord('user'));
    const verified = await this.send('user', { method: 'GET', url: `/verify_email/${verifyCode}` });
    if (!(verified.headers.location ?? '').includes('=1')) throw new Error('fixture: the user is not verified');

    // Documents and AI checks, made while everyone was where the matrix expects them.
    await this.submitDocument('user', 'userDocument');
    await this.submitDocument('anotherUser', 'anotherDocument');
    await this.submitDocument('student', 'studentDocument', this.groupId);
    await this.submitDocument('removedMember', 'removedDocument', this.groupId);
    await this.submitDocument('guest', 'guestDocument');
    for (let index = 0; index < UNSENT_DOCUMENTS; index += 1) {
      const { data } = await this.must<{ data: { text: { id: number } } }>(
        'removedMember',
        {
          method: 'POST',
          url: '/api/v1/text',
          form: {
            text: `${MARKERS.removedDocument} wrote this too. ${this.freshText()}`,
            skip_english_words_validation: 'true',
            skip_percentage_words_validation: 'true',
            group_id: String(this.groupId),
          },
        },
        'a document of the removed member',
      );
      this.unsentRemovedDocuments.push(data.text.id);
    }
    for (let index = 0; index < DELETABLE_REMOVED; index += 1) {
      this.removedDeletable.removedDocument.push(await this.submitFreshDocument('removedMember', this.groupId));
      this.removedDeletable.removedAiCheck.push(
        await this.submitAiCheck('removedMember', this.freshText(), this.groupId),
      );
    }
    const aiOf: [CallerName, MarkerName, number | undefined][] = [
      ['user', 'userAiCheck', undefined],
      ['anotherUser', 'anotherAiCheck', undefined],
      ['student', 'studentAiCheck', this.groupId],
      ['removedMember', 'removedAiCheck', this.groupId],
    ];
    for (const [caller, marker, groupId] of aiOf) {
      this.aiChecks.set(marker, await this.submitAiCheck(caller, markedText(marker), groupId));
    }
    await this.runJobs();
    for (const [marker, id] of [
      ...this.documents,
      ...this.unsentRemovedDocuments.map((id) => [`unsent ${String(id)}`, id] as const),
      ...this.removedDeletable.removedDocument.map((id) => [`deletable ${String(id)}`, id] as const),
    ]) {
      const check = await findTextCheck(db, id);
      if (check?.state !== 5) throw new Error(`fixture: document ${marker} is not ready (${String(check?.state)})`);
    }
    for (const [marker, id] of [
      ...this.aiChecks,
      ...this.removedDeletable.removedAiCheck.map((id) => [`deletable ${String(id)}`, id] as const),
    ]) {
      const check = await findAiCheck(db, id);
      if (check?.status !== 4) throw new Error(`fixture: AI check ${marker} is not done (${String(check?.status)})`);
    }

    // The removed member: was a member, made a document and an AI check, then the owner removed her.
    const removed = await this.userRecord('removedMember');
    await this.must(
      'owner',
      { method: 'POST', url: `/api/v1/groups/${String(this.groupId)}/members/${String(removed.id)}/delete/`, form: {} },
      'removing the member',
    );

    // Orders: the user's is at the card page (pending), the other user's is a cart.
    await this.freshPaymentSession();
    const current = await this.must<{ order: { id: number } | null }>(
      'user',
      { method: 'GET', url: '/api/v1/orders/current/' },
      'the user’s order',
    );
    this.userOrderId = current.order?.id ?? 0;
    await this.fillCart('anotherUser');
    const started = await this.must<{ redirect_url: string; subscription: { id: number } }>(
      'user',
      { method: 'POST', url: '/api/v1/subscriptions/', form: { service: 'aiBasic' } },
      'a subscription',
    );
    const subscriptionSession = started.redirect_url
      .split('/')
      .filter((part) => part !== '')
      .pop();
    await this.must(
      'user',
      {
        method: 'POST',
        url: `/api/v1/sandbox-pay/${subscriptionSession ?? ''}/`,
        form: { card_number: '4242424242424242', exp_month: '12', exp_year: '2099', cvc: '123', name: 'Uma' },
      },
      'paying the subscription',
    );
    this.userSubscriptionId = started.subscription.id;
    await this.must(
      'student',
      { method: 'POST', url: `/api/v1/groups/${String(this.groupId)}/notify-admin/`, form: { reason: 'upgrade' } },
      'asking the owner for an upgrade',
    );
    const notices = await this.must<{ data: { notices: { id: number }[] } }>(
      'owner',
      { method: 'GET', url: '/api/v1/notices/' },
      "the owner's notices",
    );
    this.ownerNoticeId = notices.data.notices[0]?.id ?? 0;
    await createPromoCode(db, { code: this.promoCode, percent: 10, expires: null, maxUses: null });

    // Billing: a pack for the organisation paid by its owner; the invoices; entries an administrator corrects.
    await this.must(
      'owner',
      { method: 'POST', url: '/order/add_item', form: { service: 'basic', group_id: String(this.groupId) } },
      'a pack for the organisation',
    );
    const ownerCheckout = await this.must<{ redirect_url: string }>(
      'owner',
      { method: 'POST', url: '/order/checkout', form: {}, headers: { accept: 'application/json' } },
      'the owner’s checkout',
    );
    const ownerSession = ownerCheckout.redirect_url
      .split('/')
      .filter((part) => part !== '')
      .pop();
    await this.must(
      'owner',
      {
        method: 'POST',
        url: `/api/v1/sandbox-pay/${ownerSession ?? ''}/`,
        form: { card_number: '4242424242424242', exp_month: '12', exp_year: '2099', cvc: '123', name: 'Olga' },
      },
      'paying for the organisation',
    );
    const userInvoice = await db.query<{ id: number; number: string }>(
      'SELECT id, number FROM invoices WHERE user_id = $1 ORDER BY id LIMIT 1',
      [(await this.userRecord('user')).id],
    );
    const groupInvoice = await db.query<{ id: number }>('SELECT id FROM invoices WHERE group_id = $1', [this.groupId]);
    this.userInvoice = userInvoice.rows[0] ?? { id: 0, number: '' };
    this.groupInvoiceId = groupInvoice.rows[0]?.id ?? 0;
    if (this.userInvoice.id === 0 || this.groupInvoiceId === 0) throw new Error('fixture: the invoices are missing');
    const other = await findAccountOfUser(db, (await this.userRecord('anotherUser')).id);
    if (other === null) throw new Error('fixture: the other user has no account');
    const hold = (reference: string) =>
      db.transaction((tx) => holdPages(tx, { accountId: other.id, bucket: 'balance', pages: 1, reference }));
    this.releasableHoldId = (await hold('authz:release')).id;
    this.cancellableHoldId = (await hold('authz:cancel')).id;
    const reversal = await db.transaction((tx) =>
      applyEntry(tx, {
        accountId: other.id,
        kind: 'reverse',
        bucket: 'balance',
        availableDelta: -1,
        heldDelta: 0,
        reference: 'authz:reversal',
        note: 'a fixture reversal',
      }),
    );
    this.reversalEntryId = reversal?.id ?? 0;

    // A site administrator's upload, waiting for its import job.
    const upload = await this.must<{ data: { import: { id: number } } }>(
      'siteAdmin',
      {
        method: 'POST',
        url: '/api/v1/admin/collections/',
        multipart: {
          fields: { name: 'matrix-fixture', title: 'Matrix fixture' },
          file: { field: 'files', name: 'one.txt', type: 'text/plain', bytes: Buffer.from(this.freshText(4)) },
        },
      },
      'a collection upload',
    );
    this.collectionImportId = upload.data.import.id;

    this.reusableResetCode = await this.freshResetCode();
    const [message] = await listOutboxMessages(db, 1);
    if (message === undefined) throw new Error('fixture: the outbox is empty');
    this.outboxMessageId = message.id;
    await this.makeFolders();
    this.skipJobs();
  }
}
