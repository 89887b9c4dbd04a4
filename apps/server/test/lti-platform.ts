import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  jwtVerify,
  SignJWT,
  type CryptoKey,
  type JSONWebKeySet,
  type JWK,
  type JWTPayload,
} from 'jose';

/**
 * A test LTI 1.3 platform on loopback (issue 19): its own RSA key pair and JWKS, an OAuth2 token endpoint that
 * checks the tool's client assertion (RFC 7523) against the tool's JWKS before it issues a bearer token, an AGS
 * line-item container with score endpoints that records every score, and an NRPS memberships endpoint served in
 * pages (Link rel="next"). Its messages carry the claims as the IMS specifications' examples do.
 */

export const LIS = 'http://purl.imsglobal.org/vocab/lis/v2/membership#';
export const ROLE = {
  instructor: `${LIS}Instructor`,
  learner: `${LIS}Learner`,
  institutionStudent: 'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Student',
  institutionFaculty: 'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Faculty',
} as const;

export type RecordedScore = { lineitem: string; contentType: string; scopes: string[]; body: Record<string, unknown> };
export type NrpsMemberFixture = {
  user_id: string;
  roles: string[];
  name?: string;
  given_name?: string;
  family_name?: string;
  email?: string;
  status?: string;
};

type IssuedToken = { scopes: string[]; clientId: string };

export class TestPlatform {
  readonly issuer: string;
  readonly clientId = `client-${randomUUID()}`;
  readonly deploymentId = `deployment-${randomBytes(4).toString('hex')}`;
  readonly kid = 'platform-key-1';
  readonly scores: RecordedScore[] = [];
  readonly tokenRequests: { ok: boolean; scope: string; reason?: string }[] = [];
  readonly createdLineitems: Record<string, unknown>[] = [];
  members: NrpsMemberFixture[] = [];
  membersPageSize = 2;
  /** When set, the score endpoint answers this status instead of recording the score. */
  refuseScoresWith: number | null = null;
  readonly membershipPagesServed: number[] = [];
  private readonly tokens = new Map<string, IssuedToken>();
  private readonly server: Server;
  private readonly privateKey: CryptoKey;
  private readonly publicJwk: JWK;
  private readonly toolJwks: () => Promise<JSONWebKeySet>;

  private constructor(
    server: Server,
    base: string,
    keys: { privateKey: CryptoKey; publicJwk: JWK },
    toolJwks: () => Promise<JSONWebKeySet>,
  ) {
    this.server = server;
    this.issuer = base;
    this.privateKey = keys.privateKey;
    this.publicJwk = keys.publicJwk;
    this.toolJwks = toolJwks;
  }

  /** Starts the platform; `toolJwks` reads the tool's published keys (GET /lti/jwks.json). */
  static async start(toolJwks: () => Promise<JSONWebKeySet>): Promise<TestPlatform> {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const publicJwk = { ...(await exportJWK(publicKey)), kid: 'platform-key-1', alg: 'RS256', use: 'sig' };
    const started: { platform?: TestPlatform } = {};
    const server = createServer((request, response) => {
      const platform = started.platform;
      if (platform === undefined) return void response.writeHead(503).end();
      platform.handle(request, response).catch((error: unknown) => {
        response.writeHead(500).end(String(error));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const platform = new TestPlatform(server, `http://127.0.0.1:${String(port)}`, { privateKey, publicJwk }, toolJwks);
    started.platform = platform;
    return platform;
  }

  get authUrl() {
    return `${this.issuer}/auth`;
  }
  get tokenUrl() {
    return `${this.issuer}/token`;
  }
  get jwksUrl() {
    return `${this.issuer}/jwks`;
  }
  get lineitemsUrl() {
    return `${this.issuer}/courses/7/lineitems`;
  }
  lineitemUrl(id: string) {
    return `${this.issuer}/courses/7/lineitems/${id}/lineitem`;
  }
  get membershipsUrl() {
    return `${this.issuer}/courses/7/memberships`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Signs a message as this platform (or with another key, for a forged one). */
  async sign(
    claims: Record<string, unknown>,
    options: { key?: CryptoKey; kid?: string; issuedAt?: number; expiresAt?: number } = {},
  ): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: options.kid ?? this.kid })
      .setIssuedAt(options.issuedAt ?? now)
      .setExpirationTime(options.expiresAt ?? now + 300)
      .sign(options.key ?? this.privateKey);
  }

  /**
   * An LtiResourceLinkRequest as in the LTI 1.3 core example (§5.3, Appendix), with the AGS endpoint and NRPS
   * service claims of AGS 2.0 and NRPS 2.0.
   */
  resourceLinkClaims(input: {
    nonce: string;
    sub: string;
    roles: string[];
    email?: string;
    name?: string;
    lineitem?: string | null;
    withNrps?: boolean;
    targetLinkUri: string;
  }): Record<string, unknown> {
    const claims: Record<string, unknown> = {
      iss: this.issuer,
      aud: [this.clientId],
      azp: this.clientId,
      sub: input.sub,
      nonce: input.nonce,
      name: input.name ?? 'Ms Jane Marie Doe',
      given_name: 'Jane',
      family_name: 'Doe',
      email: input.email,
      locale: 'en-US',
      'https://purl.imsglobal.org/spec/lti/claim/deployment_id': this.deploymentId,
      'https://purl.imsglobal.org/spec/lti/claim/message_type': 'LtiResourceLinkRequest',
      'https://purl.imsglobal.org/spec/lti/claim/version': '1.3.0',
      'https://purl.imsglobal.org/spec/lti/claim/target_link_uri': input.targetLinkUri,
      'https://purl.imsglobal.org/spec/lti/claim/resource_link': {
        id: '200d101f-2c14-434a-a0f3-57c2a42369fd',
        description: 'Assignment to introduce who you are',
        title: 'Introduction Assignment',
      },
      'https://purl.imsglobal.org/spec/lti/claim/roles': input.roles,
      'https://purl.imsglobal.org/spec/lti/claim/context': {
        id: 'c1d887f0-a1a3-4bca-ae25-c375edcc131a',
        label: 'ECON 1010',
        title: 'Economics as a Social Science',
        type: ['http://purl.imsglobal.org/vocab/lis/v2/course#CourseOffering'],
      },
      'https://purl.imsglobal.org/spec/lti/claim/tool_platform': {
        guid: 'ex/48bbb541-ce55-456e-8b7d-ebc59a38d435',
        contact_email: 'support@platform.example.edu',
        name: 'Test Platform',
        version: '1.0',
        product_family_code: 'test-platform',
      },
      'https://purl.imsglobal.org/spec/lti/claim/launch_presentation': {
        document_target: 'window',
        locale: 'en-US',
      },
      'https://purl.imsglobal.org/spec/lti/claim/custom': { xstart: '2017-04-21T01:00:00Z' },
      'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': {
        scope: [
          'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
          'https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly',
          'https://purl.imsglobal.org/spec/lti-ags/scope/score',
        ],
        lineitems: this.lineitemsUrl,
        ...(input.lineitem === null ? {} : { lineitem: input.lineitem ?? this.lineitemUrl('1') }),
      },
    };
    if (input.withNrps !== false) {
      claims['https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice'] = {
        context_memberships_url: this.membershipsUrl,
        service_versions: ['2.0'],
      };
    }
    return claims;
  }

  /** An LtiDeepLinkingRequest as in the Deep Linking 2.0 example (§4.4). */
  deepLinkingClaims(input: { nonce: string; sub: string; roles: string[]; targetLinkUri: string }) {
    return {
      iss: this.issuer,
      aud: this.clientId,
      sub: input.sub,
      nonce: input.nonce,
      'https://purl.imsglobal.org/spec/lti/claim/deployment_id': this.deploymentId,
      'https://purl.imsglobal.org/spec/lti/claim/message_type': 'LtiDeepLinkingRequest',
      'https://purl.imsglobal.org/spec/lti/claim/version': '1.3.0',
      'https://purl.imsglobal.org/spec/lti/claim/target_link_uri': input.targetLinkUri,
      'https://purl.imsglobal.org/spec/lti/claim/roles': input.roles,
      'https://purl.imsglobal.org/spec/lti/claim/context': {
        id: 'c1d887f0-a1a3-4bca-ae25-c375edcc131a',
        label: 'ECON 1010',
        title: 'Economics as a Social Science',
      },
      'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings': {
        deep_link_return_url: `${this.issuer}/deep_links`,
        accept_types: ['link', 'file', 'html', 'ltiResourceLink', 'image'],
        accept_media_types: 'image/*,text/html',
        accept_presentation_document_targets: ['iframe', 'window', 'embed'],
        accept_multiple: true,
        auto_create: true,
        title: 'This is the default title',
        text: 'This is the default text',
        data: 'csrftoken:c7fbba78-7b75-46e3-9201-11e6d5f36f53',
      },
    };
  }

  /** Verifies a tool's message (the deep linking response) with the tool's JWKS, as a platform does. */
  async verifyToolMessage(jwt: string): Promise<JWTPayload & Record<string, unknown>> {
    const { payload } = await jwtVerify(jwt, createLocalJWKSet(await this.toolJwks()), {
      issuer: this.clientId,
      audience: this.issuer,
      algorithms: ['RS256'],
    });
    return payload;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.issuer);
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
    };
    if (request.method === 'GET' && url.pathname === '/jwks') return json(200, { keys: [this.publicJwk] });
    if (request.method === 'POST' && url.pathname === '/token') return this.token(await readBody(request), json);

    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const granted = bearer === undefined ? undefined : this.tokens.get(bearer);
    if (granted === undefined) return json(401, { error: 'invalid_token' });
    const has = (scope: string) => granted.scopes.includes(scope);

    const scoreMatch = /^\/courses\/7\/lineitems\/([^/]+)\/lineitem\/scores$/.exec(url.pathname);
    if (request.method === 'POST' && scoreMatch !== null) {
      if (!has('https://purl.imsglobal.org/spec/lti-ags/scope/score')) return json(403, { error: 'scope' });
      if (this.refuseScoresWith !== null) return json(this.refuseScoresWith, { error: 'refused' });
      const contentType = request.headers['content-type'] ?? '';
      if (contentType !== 'application/vnd.ims.lis.v1.score+json') return json(415, { error: 'media type' });
      this.scores.push({
        lineitem: this.lineitemUrl(scoreMatch[1] ?? ''),
        contentType,
        scopes: granted.scopes,
        body: JSON.parse(await readBody(request)) as Record<string, unknown>,
      });
      return void response.writeHead(204).end();
    }
    if (url.pathname === '/courses/7/lineitems') {
      if (request.method === 'GET') return json(200, []);
      if (request.method === 'POST') {
        if (!has('https://purl.imsglobal.org/spec/lti-ags/scope/lineitem')) return json(403, { error: 'scope' });
        const body = JSON.parse(await readBody(request)) as Record<string, unknown>;
        const id = String(this.createdLineitems.length + 100);
        const created = { ...body, id: this.lineitemUrl(id) };
        this.createdLineitems.push(created);
        return json(201, created, { 'content-type': 'application/vnd.ims.lis.v2.lineitem+json' });
      }
    }
    if (request.method === 'GET' && url.pathname === '/courses/7/memberships') {
      if (!has('https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly')) {
        return json(403, { error: 'scope' });
      }
      if (request.headers.accept !== 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json') {
        return json(406, { error: 'media type' });
      }
      const page = Number(url.searchParams.get('page') ?? '1');
      this.membershipPagesServed.push(page);
      const start = (page - 1) * this.membersPageSize;
      const members = this.members.slice(start, start + this.membersPageSize);
      const headers: Record<string, string> = {
        'content-type': 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json',
      };
      if (start + this.membersPageSize < this.members.length) {
        headers.link = `<${this.membershipsUrl}?page=${String(page + 1)}>; rel="next"`;
      }
      return json(
        200,
        {
          id: `${this.membershipsUrl}?page=${String(page)}`,
          context: { id: 'c1d887f0-a1a3-4bca-ae25-c375edcc131a', label: 'ECON 1010', title: 'Economics' },
          members,
        },
        headers,
      );
    }
    return json(404, { error: 'not found' });
  }

  /** RFC 7523 client credentials: the assertion must be the tool's (its JWKS), for this token URL. */
  private async token(raw: string, json: (status: number, body: unknown) => void): Promise<void> {
    const form = new URLSearchParams(raw);
    const scope = form.get('scope') ?? '';
    const refuse = (reason: string) => {
      this.tokenRequests.push({ ok: false, scope, reason });
      json(400, { error: 'invalid_client', error_description: reason });
    };
    if (form.get('grant_type') !== 'client_credentials') return refuse('grant_type');
    if (form.get('client_assertion_type') !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer') {
      return refuse('client_assertion_type');
    }
    try {
      const { payload } = await jwtVerify(
        form.get('client_assertion') ?? '',
        createLocalJWKSet(await this.toolJwks()),
        {
          issuer: this.clientId,
          subject: this.clientId,
          audience: this.tokenUrl,
          algorithms: ['RS256'],
          requiredClaims: ['jti', 'exp', 'iat'],
        },
      );
      if (typeof payload.jti !== 'string') return refuse('jti');
    } catch (error) {
      return refuse(`assertion: ${(error as Error).message}`);
    }
    const token = randomBytes(16).toString('hex');
    this.tokens.set(token, { scopes: scope.split(' ').filter(Boolean), clientId: this.clientId });
    this.tokenRequests.push({ ok: true, scope });
    json(200, { access_token: token, token_type: 'Bearer', expires_in: 3600, scope });
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}
