/**
 * A browser-like client of the product's API for setting up end-to-end state without the UI: it keeps the cookies
 * the server sets (session, CSRF secret, guest), fetches a CSRF token for every form post, and solves the bot check
 * a sign-up form sends.
 */
import { solveChallenge } from 'altcha-lib/v1';

export class ApiClient {
  private readonly cookies = new Map<string, string>();
  private readonly base: string;
  private readonly xhr: boolean;

  /** `xhr`: send X-Requested-With as the client's fetches do. */
  constructor(base: string, options: { xhr?: boolean } = {}) {
    this.base = base;
    this.xhr = options.xhr ?? false;
  }

  /** A GET, or with `form` a form-encoded POST as given (no CSRF token added); the cookies set are kept. */
  async send(urlPath: string, form?: Record<string, string>): Promise<Response> {
    const headers: Record<string, string> = {
      cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      accept: 'application/json',
      ...(this.xhr ? { 'x-requested-with': 'XMLHttpRequest' } : {}),
    };
    if (form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(`${this.base}${urlPath}`, {
      method: form === undefined ? 'GET' : 'POST',
      headers,
      redirect: 'manual',
      ...(form === undefined ? {} : { body: new URLSearchParams(form).toString() }),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const pair = cookie.split(';')[0] ?? '';
      const at = pair.indexOf('=');
      const [name, value] = [pair.slice(0, at), pair.slice(at + 1)];
      if (value === '' || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  async get<T>(urlPath: string): Promise<T> {
    const response = await this.send(urlPath);
    if (response.status !== 200) throw new Error(`GET ${urlPath}: ${String(response.status)} ${await response.text()}`);
    return (await response.json()) as T;
  }

  async post<T>(urlPath: string, fields: Record<string, string> = {}): Promise<T> {
    const { token } = await this.get<{ token: string }>('/csrf_tokens');
    const response = await this.send(urlPath, { ...fields, _csrf_token: token });
    if (response.status !== 200) {
      throw new Error(`POST ${urlPath}: ${String(response.status)} ${await response.text()}`);
    }
    return (await response.json()) as T;
  }

  /** The proof-of-work answer the sign-up form's widget sends. */
  async botToken(): Promise<string> {
    const challenge = await this.get<{
      algorithm: string;
      challenge: string;
      maxnumber: number;
      salt: string;
      signature: string;
    }>('/altcha/challenge');
    const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
      .promise;
    if (solution === null) throw new Error('the bot check could not be solved');
    const { algorithm, salt, signature } = challenge;
    return Buffer.from(
      JSON.stringify({ algorithm, challenge: challenge.challenge, number: solution.number, salt, signature }),
    ).toString('base64');
  }
}
