import type { LightMyRequestResponse } from 'fastify';
import type { JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPair } from 'jose';
import { createTestApp, STRONG_PASSWORD, TestBrowser, uniqueEmail, type TestApp } from '../../../test/app.ts';
import { jobContext } from '../../../test/check-jobs.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import { ROLE, TestPlatform } from '../../../test/lti-platform.ts';
import { ORIGINAL_ESSAY } from '../../../test/texts.ts';
import { closeSharedReuseChecker } from '../text-checks/reuse-checker.ts';
import { textCheckJob } from '../text-checks/text-checks.jobs.ts';
import { findAccountOfGroup } from '../ledger/ledger.repository.ts';
import { creditPages } from '../ledger/ledger.service.ts';
import { ltiRosterJob, ltiScoreJob } from './lti.jobs.ts';

const LAUNCH_URL = 'http://localhost:3000/lti/launch';

/** Issue 19, part 2: the LTI 1.3 Advantage tool against a test platform on loopback. */
describe(`LTI 1.3 tool (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let platform: TestPlatform;
  let owner: TestBrowser;
  let groupId: number;
  let platformId: number;
  let jobsRun = 0;
  let subjectSerial = 0;

  async function ourJwks(): Promise<JSONWebKeySet> {
    return (await t.app.inject({ method: 'GET', url: '/lti/jwks.json' })).json<JSONWebKeySet>();
  }

  async function post(browser: TestBrowser, url: string, fields: Record<string, string> = {}) {
    const { token } = await browser.csrf();
    return browser.postForm(url, { ...fields, _csrf_token: token });
  }

  function platformForm(p: TestPlatform, extra: Record<string, string> = {}) {
    return {
      name: 'Test Moodle',
      issuer: p.issuer,
      client_id: p.clientId,
      auth_url: p.authUrl,
      token_url: p.tokenUrl,
      jwks_url: p.jwksUrl,
      deployment_ids: `${p.deploymentId}\nanother-deployment`,
      ...extra,
    };
  }

  beforeAll(async () => {
    t = await createTestApp();
    platform = await TestPlatform.start(ourJwks);
    owner = new TestBrowser(t.app);
    const email = uniqueEmail('lti-owner');
    const signedUp = await owner.signUp({
      email,
      password: STRONG_PASSWORD,
      name: 'Owner Olga',
      account_type: 'organisation',
    });
    expect(signedUp.statusCode, signedUp.body).toBe(200);
    const { rows } = await t.handle.db.query<{ id: number }>(
      'SELECT g.id FROM groups g JOIN users u ON u.id = g.created_by_user_id WHERE lower(u.email) = lower($1)',
      [email],
    );
    groupId = rows[0]!.id;
    const account = (await findAccountOfGroup(t.handle.db, groupId))!;
    await creditPages(t.handle.db, { accountId: account.id, bucket: 'balance', pages: 50, kind: 'deposit' });
    const created = await post(owner, '/api/v1/lti/platforms/', {
      ...platformForm(platform),
      group_id: String(groupId),
    });
    expect(created.statusCode, created.body).toBe(200);
    platformId = created.json<{ data: { id: number } }>().data.id;
  });

  afterAll(async () => {
    await closeSharedReuseChecker();
    await platform.close();
    await t.dispose();
  });

  /** Runs the jobs the app sent since the last call, as a worker would (text checks, LTI scores and rosters). */
  async function runJobs(): Promise<string[]> {
    const queues: string[] = [];
    while (jobsRun < t.sentJobs.length) {
      const job = t.sentJobs[jobsRun]!;
      jobsRun += 1;
      queues.push(job.queue);
      const context = jobContext(t, job.queue);
      if (job.queue === textCheckJob.queueName) {
        await textCheckJob.handler(textCheckJob.schema.parse(job.payload), context);
      } else if (job.queue === ltiScoreJob.queueName) {
        await ltiScoreJob.handler(ltiScoreJob.schema.parse(job.payload), context);
      } else if (job.queue === ltiRosterJob.queueName) {
        await ltiRosterJob.handler(ltiRosterJob.schema.parse(job.payload), context);
      }
    }
    return queues;
  }

  /** OIDC login initiation as the platform starts it: the redirect to its auth URL, with state and nonce. */
  async function initiate(browser: TestBrowser, p: TestPlatform = platform) {
    const response = await browser.get(
      `/lti/login?${new URLSearchParams({
        iss: p.issuer,
        login_hint: 'hint-123',
        target_link_uri: LAUNCH_URL,
        lti_message_hint: 'message-hint-9',
        client_id: p.clientId,
        lti_deployment_id: p.deploymentId,
      }).toString()}`,
    );
    expect(response.statusCode, response.body).toBe(302);
    const location = new URL(response.headers.location as string);
    const params = location.searchParams;
    return { location, state: params.get('state')!, nonce: params.get('nonce')! };
  }

  function launch(browser: TestBrowser, idToken: string, state: string): Promise<LightMyRequestResponse> {
    return browser.postForm('/lti/launch', { id_token: idToken, state });
  }

  function newSubject(): string {
    subjectSerial += 1;
    return `user-${String(process.pid)}-${String(Date.now())}-${String(subjectSerial)}`;
  }

  async function membership(userEmail: string): Promise<{ user_id: number; role: number } | undefined> {
    const { rows } = await t.handle.db.query<{ user_id: number; role: number }>(
      `SELECT m.user_id, m.role FROM group_members m JOIN users u ON u.id = m.user_id
       WHERE m.group_id = $1 AND lower(u.email) = lower($2)`,
      [groupId, userEmail],
    );
    return rows[0];
  }

  function expectRefused(response: LightMyRequestResponse, status: number, text: RegExp) {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toMatch(text);
    expect(response.cookies.find((cookie) => cookie.name === 'vt_session')).toBeUndefined();
  }

  it('publishes its public keys (JWKS, no private part) and a configuration with the tool URLs', async () => {
    const jwks = await ourJwks();
    expect(jwks.keys.length).toBeGreaterThanOrEqual(1);
    for (const key of jwks.keys) {
      expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String) });
      expect(key).not.toHaveProperty('d');
      expect(key).not.toHaveProperty('p');
    }
    const config = (await t.app.inject({ method: 'GET', url: '/lti/config.json' })).json<Record<string, unknown>>();
    expect(config).toMatchObject({
      oidc_initiation_url: 'http://localhost:3000/lti/login',
      target_link_uri: LAUNCH_URL,
      public_jwk_url: 'http://localhost:3000/lti/jwks.json',
    });
    const stored = await t.handle.db.query<{ private_key_jwe: string }>('SELECT private_key_jwe FROM lti_tool_keys');
    // kept encrypted (a compact JWE: five parts), never as a PEM
    expect(stored.rows[0]?.private_key_jwe.split('.')).toHaveLength(5);
    expect(stored.rows[0]?.private_key_jwe).not.toMatch(/PRIVATE KEY/);
  });

  it('lists the owner’s platforms and tool URLs on GET /profile/integrations/; others see none and change none', async () => {
    const listed = await owner.get('/profile/integrations/');
    expect(listed.statusCode, listed.body).toBe(200);
    const data = listed.json<{
      data: { lti: { tool: Record<string, string>; groups: { id: number }[]; platforms: Record<string, unknown>[] } };
    }>().data.lti;
    expect(data.tool).toEqual({
      login_url: 'http://localhost:3000/lti/login',
      launch_url: LAUNCH_URL,
      deep_linking_url: LAUNCH_URL,
      jwks_url: 'http://localhost:3000/lti/jwks.json',
      config_url: 'http://localhost:3000/lti/config.json',
    });
    expect(data.groups.map((g) => g.id)).toEqual([groupId]);
    expect(data.platforms).toEqual([
      expect.objectContaining({
        id: platformId,
        group_id: groupId,
        issuer: platform.issuer,
        client_id: platform.clientId,
        deployment_ids: ['another-deployment', platform.deploymentId].sort(),
      }),
    ]);

    // a browser asking for the page gets the client, not JSON
    const page = await owner.get('/profile/integrations/', { accept: 'text/html' });
    expect(page.headers['content-type']).toMatch(/text\/html/);

    const stranger = new TestBrowser(t.app);
    expect((await stranger.signUp({ email: uniqueEmail('lti-x'), password: STRONG_PASSWORD })).statusCode).toBe(200);
    const strangerList = (await stranger.get('/profile/integrations/')).json<{ data: { lti: { platforms: [] } } }>();
    expect(strangerList.data.lti.platforms).toEqual([]);
    const edit = await post(stranger, `/api/v1/lti/platforms/${String(platformId)}/`, platformForm(platform));
    expect(edit.statusCode).toBe(404);
    const remove = await post(stranger, `/api/v1/lti/platforms/${String(platformId)}/delete/`);
    expect(remove.statusCode).toBe(404);
    const create = await post(stranger, '/api/v1/lti/platforms/', {
      ...platformForm(platform, { client_id: 'other' }),
      group_id: String(groupId),
    });
    expect(create.statusCode).toBe(403);
    // the same issuer and client id twice: refused
    const twice = await post(owner, '/api/v1/lti/platforms/', { ...platformForm(platform), group_id: String(groupId) });
    expect(twice.statusCode).toBe(400);
    expect(twice.json<{ error: { fields: Record<string, string> } }>().error.fields).toHaveProperty('client_id');
    // a plain-http platform elsewhere than on this machine: refused
    const insecure = await post(owner, '/api/v1/lti/platforms/', {
      ...platformForm(platform, { client_id: 'x2', jwks_url: 'http://lms.example.edu/jwks' }),
      group_id: String(groupId),
    });
    expect(insecure.statusCode).toBe(400);
    expect(insecure.json<{ error: { fields: Record<string, string> } }>().error.fields).toHaveProperty('jwks_url');
  });

  it('login initiation redirects to the platform with state and nonce; the launch signs the student in', async () => {
    const student = new TestBrowser(t.app);
    const { location, state, nonce } = await initiate(student);
    expect(location.origin + location.pathname).toBe(platform.authUrl);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: platform.clientId,
      redirect_uri: LAUNCH_URL,
      login_hint: 'hint-123',
      lti_message_hint: 'message-hint-9',
    });
    expect(state.length).toBeGreaterThan(20);
    expect(nonce.length).toBeGreaterThan(20);
    const email = uniqueEmail('lti-student');
    const idToken = await platform.sign(
      platform.resourceLinkClaims({
        nonce,
        sub: newSubject(),
        roles: [ROLE.learner],
        email,
        targetLinkUri: LAUNCH_URL,
      }),
    );
    const response = await launch(student, idToken, state);
    expect(response.statusCode, response.body).toBe(302);
    expect(response.headers.location).toBe('/profile/new-check');
    expect(student.jar.cookies.has('vt_session')).toBe(true);
    expect(await membership(email)).toMatchObject({ role: 3 });
    const groups = (await student.get('/api/v1/groups/list/')).json<{ data: { groups: { id: number }[] } }>();
    expect(groups.data.groups.map((g) => g.id)).toEqual([groupId]);

    // the same launch again (a replay of the id_token and its state): refused
    expectRefused(await launch(student, idToken, state), 401, /state|browser/);
    // the id_token with a new login's state: its nonce is not that login's
    const again = await initiate(student);
    expectRefused(await launch(student, idToken, again.state), 401, /nonce/);
  });

  it('the same platform user signs in as the same account; a teacher lands on the organisation’s documents', async () => {
    const sub = newSubject();
    const email = uniqueEmail('lti-teacher');
    for (let round = 0; round < 2; round += 1) {
      const teacher = new TestBrowser(t.app);
      const { state, nonce } = await initiate(teacher);
      const idToken = await platform.sign(
        platform.resourceLinkClaims({ nonce, sub, roles: [ROLE.instructor], email, targetLinkUri: LAUNCH_URL }),
      );
      const response = await launch(teacher, idToken, state);
      expect(response.statusCode, response.body).toBe(302);
      expect(response.headers.location).toBe(`/profile/my-documents/group/${String(groupId)}`);
    }
    expect(await membership(email)).toMatchObject({ role: 2 });
    const { rows } = await t.handle.db.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [email]);
    expect(rows).toHaveLength(1);
  });

  it('refuses a bad signature, a wrong audience, an unknown deployment, an expired token, another issuer', async () => {
    const forger = await generateKeyPair('RS256');
    const cases: { name: string; status: number; text: RegExp; token: (nonce: string) => Promise<string> }[] = [
      {
        name: 'signed with another key under the platform’s kid',
        status: 401,
        text: /signature/,
        token: (nonce) =>
          platform.sign(
            platform.resourceLinkClaims({ nonce, sub: newSubject(), roles: [ROLE.learner], targetLinkUri: LAUNCH_URL }),
            {
              key: forger.privateKey,
            },
          ),
      },
      {
        name: 'for another client',
        status: 401,
        text: /aud/,
        token: (nonce) =>
          platform.sign({
            ...platform.resourceLinkClaims({
              nonce,
              sub: newSubject(),
              roles: [ROLE.learner],
              targetLinkUri: LAUNCH_URL,
            }),
            aud: ['someone-else'],
            azp: 'someone-else',
          }),
      },
      {
        name: 'from an unregistered deployment',
        status: 403,
        text: /deployment/,
        token: (nonce) =>
          platform.sign({
            ...platform.resourceLinkClaims({
              nonce,
              sub: newSubject(),
              roles: [ROLE.learner],
              targetLinkUri: LAUNCH_URL,
            }),
            'https://purl.imsglobal.org/spec/lti/claim/deployment_id': 'unknown-deployment',
          }),
      },
      {
        name: 'expired',
        status: 401,
        text: /expired/,
        token: (nonce) => {
          const now = Math.floor(Date.now() / 1000);
          return platform.sign(
            platform.resourceLinkClaims({ nonce, sub: newSubject(), roles: [ROLE.learner], targetLinkUri: LAUNCH_URL }),
            { issuedAt: now - 900, expiresAt: now - 600 },
          );
        },
      },
      {
        name: 'issued by another issuer',
        status: 401,
        text: /iss/,
        token: (nonce) =>
          platform.sign({
            ...platform.resourceLinkClaims({
              nonce,
              sub: newSubject(),
              roles: [ROLE.learner],
              targetLinkUri: LAUNCH_URL,
            }),
            iss: 'https://evil.example.com',
          }),
      },
      {
        name: 'of another LTI version',
        status: 400,
        text: /1\.3\.0/,
        token: (nonce) =>
          platform.sign({
            ...platform.resourceLinkClaims({
              nonce,
              sub: newSubject(),
              roles: [ROLE.learner],
              targetLinkUri: LAUNCH_URL,
            }),
            'https://purl.imsglobal.org/spec/lti/claim/version': '1.1',
          }),
      },
    ];
    for (const refusal of cases) {
      const browser = new TestBrowser(t.app);
      const { state, nonce } = await initiate(browser);
      const response = await launch(browser, await refusal.token(nonce), state);
      expectRefused(response, refusal.status, refusal.text);
    }

    // a launch without the state cookie of the browser that started it
    const started = new TestBrowser(t.app);
    const { state, nonce } = await initiate(started);
    const stranger = new TestBrowser(t.app);
    const token = await platform.sign(
      platform.resourceLinkClaims({ nonce, sub: newSubject(), roles: [ROLE.learner], targetLinkUri: LAUNCH_URL }),
    );
    expectRefused(await launch(stranger, token, state), 401, /browser/);

    // login initiation from an issuer nobody registered
    const unknown = await new TestBrowser(t.app).get(
      `/lti/login?${new URLSearchParams({ iss: 'https://unknown.example.org', login_hint: 'x', target_link_uri: LAUNCH_URL }).toString()}`,
    );
    expectRefused(unknown, 400, /not registered/);
  });

  it('deep linking: the teacher confirms, and the signed response verifies with the tool’s JWKS', async () => {
    const teacher = new TestBrowser(t.app);
    const { state, nonce } = await initiate(teacher);
    const request = await platform.sign(
      platform.deepLinkingClaims({ nonce, sub: newSubject(), roles: [ROLE.instructor], targetLinkUri: LAUNCH_URL }),
    );
    const page = await launch(teacher, request, state);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['x-frame-options']).toBeUndefined();
    const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1];
    expect(token).toBeDefined();

    const answer = await teacher.postForm('/lti/deep-link', {
      token: token!,
      title: 'Essay 1: Veritext check',
      action: 'add',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-security-policy']).toContain(`form-action 'self' ${platform.issuer}`);
    expect(answer.body).toContain(`action="${platform.issuer}/deep_links"`);
    const jwt = /name="JWT" value="([^"]+)"/.exec(answer.body)?.[1];
    const payload = await platform.verifyToolMessage(jwt!);
    expect(payload).toMatchObject({
      iss: platform.clientId,
      aud: platform.issuer,
      nonce: expect.any(String),
      'https://purl.imsglobal.org/spec/lti/claim/message_type': 'LtiDeepLinkingResponse',
      'https://purl.imsglobal.org/spec/lti/claim/version': '1.3.0',
      'https://purl.imsglobal.org/spec/lti/claim/deployment_id': platform.deploymentId,
      'https://purl.imsglobal.org/spec/lti-dl/claim/data': 'csrftoken:c7fbba78-7b75-46e3-9201-11e6d5f36f53',
      'https://purl.imsglobal.org/spec/lti-dl/claim/content_items': [
        {
          type: 'ltiResourceLink',
          title: 'Essay 1: Veritext check',
          url: LAUNCH_URL,
          lineItem: { scoreMaximum: 100, label: 'Essay 1: Veritext check' },
        },
      ],
    });
    // the confirmation is used once
    expectRefused(await teacher.postForm('/lti/deep-link', { token: token!, action: 'add' }), 400, /expired|used/);

    // Cancel: a response without content items
    const again = await initiate(teacher);
    const second = await launch(
      teacher,
      await platform.sign(
        platform.deepLinkingClaims({
          nonce: again.nonce,
          sub: newSubject(),
          roles: [ROLE.instructor],
          targetLinkUri: LAUNCH_URL,
        }),
      ),
      again.state,
    );
    const cancelToken = /name="token" value="([^"]+)"/.exec(second.body)?.[1];
    const cancelled = await teacher.postForm('/lti/deep-link', { token: cancelToken!, action: 'cancel' });
    const cancelJwt = /name="JWT" value="([^"]+)"/.exec(cancelled.body)?.[1];
    expect(
      (await platform.verifyToolMessage(cancelJwt!))['https://purl.imsglobal.org/spec/lti-dl/claim/content_items'],
    ).toEqual([]);

    // a learner cannot add the tool to an assignment
    const learner = new TestBrowser(t.app);
    const login = await initiate(learner);
    const learnerRequest = await platform.sign(
      platform.deepLinkingClaims({
        nonce: login.nonce,
        sub: newSubject(),
        roles: [ROLE.learner],
        targetLinkUri: LAUNCH_URL,
      }),
    );
    expectRefused(await launch(learner, learnerRequest, login.state), 403, /teacher/);
  });

  it('posts the score of a check made after a launch through AGS, with a client assertion the platform verified', async () => {
    jobsRun = t.sentJobs.length;
    const student = new TestBrowser(t.app);
    const { state, nonce } = await initiate(student);
    const sub = newSubject();
    const idToken = await platform.sign(
      platform.resourceLinkClaims({
        nonce,
        sub,
        roles: [ROLE.learner],
        email: uniqueEmail('lti-writer'),
        targetLinkUri: LAUNCH_URL,
        withNrps: false,
      }),
    );
    expect((await launch(student, idToken, state)).statusCode).toBe(302);
    const submitted = await post(student, '/api/v1/text', {
      text: ORIGINAL_ESSAY,
      language: 'en',
      group_id: String(groupId),
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const checkId = submitted.json<{ data: { text: { id: number } } }>().data.text.id;
    expect(await runJobs()).toEqual([textCheckJob.queueName, ltiScoreJob.queueName]);

    const { rows } = await t.handle.db.query<{ percent: number }>('SELECT percent FROM text_checks WHERE id = $1', [
      checkId,
    ]);
    const percent = rows[0]!.percent;
    expect(platform.scores).toHaveLength(1);
    const score = platform.scores[0]!;
    expect(score.lineitem).toBe(platform.lineitemUrl('1'));
    expect(score.contentType).toBe('application/vnd.ims.lis.v1.score+json');
    expect(score.scopes).toContain('https://purl.imsglobal.org/spec/lti-ags/scope/score');
    expect(score.body).toMatchObject({
      userId: sub,
      scoreGiven: Math.round((100 - percent) * 100) / 100,
      scoreMaximum: 100,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
    });
    expect(score.body.comment).toContain(`similarity ${String(Math.round(percent * 100) / 100)} %`);
    expect(score.body.comment).toContain(`http://localhost:3000/profile/report/${String(checkId)}`);
    expect(Date.parse(score.body.timestamp as string)).not.toBeNaN();
    expect(platform.tokenRequests.every((request) => request.ok)).toBe(true);
    const stored = await t.handle.db.query<{ status: string }>('SELECT status FROM lti_scores WHERE check_id = $1', [
      checkId,
    ]);
    expect(stored.rows[0]?.status).toBe('posted');

    // the job run again (a retry): nothing posted twice
    await ltiScoreJob.handler({ checkId }, jobContext(t, ltiScoreJob.queueName));
    expect(platform.scores).toHaveLength(1);
  });

  it('retries a score the platform refuses, and records the failure after the last attempt', async () => {
    jobsRun = t.sentJobs.length;
    const student = new TestBrowser(t.app);
    const { state, nonce } = await initiate(student);
    const idToken = await platform.sign(
      platform.resourceLinkClaims({
        nonce,
        sub: newSubject(),
        roles: [ROLE.learner],
        targetLinkUri: LAUNCH_URL,
        withNrps: false,
      }),
    );
    expect((await launch(student, idToken, state)).statusCode).toBe(302);
    const submitted = await post(student, '/api/v1/text', {
      text: `${ORIGINAL_ESSAY}\n\nRefused by the grade book, this time.`,
      language: 'en',
      group_id: String(groupId),
    });
    const checkId = submitted.json<{ data: { text: { id: number } } }>().data.text.id;
    const before = platform.scores.length;
    platform.refuseScoresWith = 503;
    try {
      const job = t.sentJobs.length;
      const text = t.sentJobs[jobsRun]!;
      jobsRun += 1;
      await textCheckJob.handler(textCheckJob.schema.parse(text.payload), jobContext(t, text.queue));
      expect(t.sentJobs.slice(job).map((sent) => sent.queue)).toEqual([ltiScoreJob.queueName]);
      jobsRun = t.sentJobs.length;
      const status = async () =>
        (
          await t.handle.db.query<{ status: string; error: string | null }>(
            'SELECT status, error FROM lti_scores WHERE check_id = $1',
            [checkId],
          )
        ).rows[0];
      // a first attempt fails (the queue retries it) and the score stays queued
      await expect(ltiScoreJob.handler({ checkId }, jobContext(t, ltiScoreJob.queueName))).rejects.toThrow(/503/);
      expect(await status()).toMatchObject({ status: 'queued' });
      // the last attempt fails for good
      const last = { ...jobContext(t, ltiScoreJob.queueName), attempt: ltiScoreJob.retryLimit + 1 };
      await expect(ltiScoreJob.handler({ checkId }, last)).rejects.toThrow(/503/);
      expect(await status()).toMatchObject({ status: 'failed', error: expect.stringMatching(/503/) });
      expect(platform.scores).toHaveLength(before);
    } finally {
      platform.refuseScoresWith = null;
    }
  });

  it('with only the line-item container, creates the line item for the link, then scores to it', async () => {
    jobsRun = t.sentJobs.length;
    const before = platform.scores.length;
    const student = new TestBrowser(t.app);
    const { state, nonce } = await initiate(student);
    const idToken = await platform.sign(
      platform.resourceLinkClaims({
        nonce,
        sub: newSubject(),
        roles: [ROLE.learner],
        lineitem: null,
        targetLinkUri: LAUNCH_URL,
        withNrps: false,
      }),
    );
    expect((await launch(student, idToken, state)).statusCode).toBe(302);
    const submitted = await post(student, '/api/v1/text', {
      text: `${ORIGINAL_ESSAY}\n\nA closing line of my own.`,
      language: 'en',
      group_id: String(groupId),
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    await runJobs();
    expect(platform.createdLineitems).toHaveLength(1);
    expect(platform.createdLineitems[0]).toMatchObject({
      scoreMaximum: 100,
      resourceLinkId: '200d101f-2c14-434a-a0f3-57c2a42369fd',
    });
    expect(platform.scores).toHaveLength(before + 1);
    expect(platform.scores.at(-1)?.lineitem).toBe(platform.createdLineitems[0]!.id);
  });

  it('syncs the course roster through NRPS (paged) on a teacher’s launch and on the owner’s request', async () => {
    jobsRun = t.sentJobs.length;
    const teacherEmail = uniqueEmail('lti-roster-teacher');
    const teacherSub = newSubject();
    platform.members = [
      { user_id: teacherSub, roles: [ROLE.instructor], name: 'Tina Teacher', email: teacherEmail, status: 'Active' },
      {
        user_id: newSubject(),
        roles: [ROLE.learner],
        name: 'Sam Student',
        email: uniqueEmail('lti-sam'),
        status: 'Active',
      },
      {
        user_id: newSubject(),
        roles: ['Learner'],
        given_name: 'Lee',
        family_name: 'Learner',
        email: uniqueEmail('lti-lee'),
      },
      { user_id: newSubject(), roles: [ROLE.learner, ROLE.institutionStudent], name: 'No Mail' },
      {
        user_id: newSubject(),
        roles: [ROLE.learner],
        name: 'Gone Student',
        email: uniqueEmail('lti-gone'),
        status: 'Inactive',
      },
    ];
    const teacher = new TestBrowser(t.app);
    const { state, nonce } = await initiate(teacher);
    const idToken = await platform.sign(
      platform.resourceLinkClaims({
        nonce,
        sub: teacherSub,
        name: 'Tina Teacher',
        roles: [ROLE.instructor],
        email: teacherEmail,
        targetLinkUri: LAUNCH_URL,
      }),
    );
    expect((await launch(teacher, idToken, state)).statusCode).toBe(302);
    expect(await runJobs()).toEqual([ltiRosterJob.queueName]);
    expect(platform.membershipPagesServed).toEqual([1, 2, 3]);

    const roles = await t.handle.db.query<{ name: string; role: number }>(
      `SELECT u.name, m.role FROM group_members m JOIN users u ON u.id = m.user_id
       JOIN lti_users l ON l.user_id = u.id AND l.platform_id = $2
       WHERE m.group_id = $1 AND l.subject = ANY($3::text[]) ORDER BY u.name`,
      [groupId, platformId, platform.members.map((m) => m.user_id)],
    );
    expect(roles.rows).toEqual([
      { name: 'Lee Learner', role: 3 },
      { name: 'No Mail', role: 3 },
      { name: 'Sam Student', role: 3 },
      { name: 'Tina Teacher', role: 2 },
    ]);
    const listed = (await owner.get('/profile/integrations/')).json<{
      data: { lti: { platforms: { id: number; contexts: Record<string, unknown>[] }[] } };
    }>();
    const context = listed.data.lti.platforms.find((p) => p.id === platformId)?.contexts[0];
    expect(context).toMatchObject({ title: 'Economics as a Social Science', roster_status: 'done', roster_members: 4 });

    // the owner's "Sync roster": queued as a job, then a new member joins
    platform.members.push({ user_id: newSubject(), roles: [ROLE.learner], name: 'Late Larry' });
    const sync = await post(owner, `/api/v1/lti/platforms/${String(platformId)}/sync-roster/`);
    expect(sync.statusCode, sync.body).toBe(200);
    expect(sync.json()).toEqual({ success: true, data: { queued: 1 } });
    expect(await runJobs()).toEqual([ltiRosterJob.queueName]);
    const larry = await t.handle.db.query(
      `SELECT m.role FROM group_members m JOIN users u ON u.id = m.user_id WHERE m.group_id = $1 AND u.name = 'Late Larry'`,
      [groupId],
    );
    expect(larry.rows).toEqual([{ role: 3 }]);

    // someone else's "Sync roster": not found
    const stranger = new TestBrowser(t.app);
    expect((await stranger.signUp({ email: uniqueEmail('lti-y'), password: STRONG_PASSWORD })).statusCode).toBe(200);
    expect((await post(stranger, `/api/v1/lti/platforms/${String(platformId)}/sync-roster/`)).statusCode).toBe(404);
  });

  it('an owner edits and deletes a platform; its launches stop', async () => {
    const other = await TestPlatform.start(ourJwks);
    try {
      const created = await post(owner, '/api/v1/lti/platforms/', {
        ...platformForm(other),
        group_id: String(groupId),
      });
      const id = created.json<{ data: { id: number } }>().data.id;
      const edited = await post(owner, `/api/v1/lti/platforms/${String(id)}/`, {
        ...platformForm(other),
        name: 'Renamed',
        deployment_ids: 'only-this-one',
      });
      expect(edited.statusCode, edited.body).toBe(200);
      const browser = new TestBrowser(t.app);
      const { state, nonce } = await initiate(browser, other);
      const token = await other.sign(
        other.resourceLinkClaims({ nonce, sub: newSubject(), roles: [ROLE.learner], targetLinkUri: LAUNCH_URL }),
      );
      // its deployment id was replaced by the edit
      expectRefused(await launch(browser, token, state), 403, /deployment/);
      expect((await post(owner, `/api/v1/lti/platforms/${String(id)}/delete/`)).statusCode).toBe(200);
      const gone = await browser.get(
        `/lti/login?${new URLSearchParams({ iss: other.issuer, login_hint: 'x', target_link_uri: LAUNCH_URL, client_id: other.clientId }).toString()}`,
      );
      expectRefused(gone, 400, /not registered/);
    } finally {
      await other.close();
    }
  });
});
