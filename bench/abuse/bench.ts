/**
 * `npm run bench:abuse`: the two figures of issue 13 (B4, B6), against the real product over real HTTP.
 *
 * Starts the product as `npm start` runs it (apps/server/src/main.ts, embedded PGlite, API and workers in one
 * process) on a fresh data directory, through the e2e harness. Needs nothing of ../shared. Then:
 *
 * 1. B4: four visitors (guests) each send a 24 MB .txt to POST /api/v1/text/validate at once, while another client
 *    asks GET /health every 25 ms: the latency of /health while the four are in flight (goal: max ≤ 100 ms).
 * 2. B6: four hostile uploads (a .docx of 5 MB whose 50 MB of markup has no text: seconds of parsing each, never
 *    stopped by the text bound) from four guests, then another visitor's small file (a one-page .txt): how long
 *    that small file waits for its answer while the hostile ones are processed (goal ≤ 2 s).
 *
 * Writes bench/results/abuse.md (and abuse.json).
 *
 *   node bench/abuse/bench.ts [--rounds 3]
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { solveChallenge } from 'altcha-lib/v1';
import { strToU8, zipSync } from 'fflate';
import { startProduct } from '../../e2e/harness.ts';

const root = resolve(import.meta.dirname, '../..');
const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3' } } });
const rounds = Math.max(1, Number(values.rounds));
const log = (line: string): void => void process.stderr.write(line + '\n');

const SENTENCE =
  'The students in our school have learned that reading every day is one of the best ways to improve their writing and thinking at home. ';
/** 24 MB of English text: about twenty times the check's maximum of 1,048,500 symbols. */
const BIG_TXT = Buffer.from(SENTENCE.repeat(Math.ceil((24 * 1024 * 1024) / SENTENCE.length))).subarray(
  0,
  24 * 1024 * 1024,
);
/** One page of text: what a visitor checks. */
const SMALL_TXT = Buffer.from(SENTENCE.repeat(11));

/** A .docx that is slow to read and has no text: random colours keep its zip ratio under the extractor's limit. */
function hostileDocx(megabytes: number): Buffer {
  let seed = 0x2545f491;
  const runs: string[] = [];
  let length = 0;
  while (length < 1_000_000) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    const run = `<w:r><w:rPr><w:color w:val="${(seed >>> 8).toString(16).padStart(6, '0').slice(0, 6)}"/></w:rPr></w:r>`;
    runs.push(run);
    length += run.length;
  }
  const types =
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
  const document =
    '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
    `<w:p>${runs.join('').repeat(megabytes)}</w:p></w:body></w:document>`;
  return Buffer.from(zipSync({ '[Content_Types].xml': strToU8(types), 'word/document.xml': strToU8(document) }));
}

/** A minimal browser: cookies kept between calls. */
class Client {
  readonly base: string;
  readonly cookies = new Map<string, string>();
  constructor(base: string) {
    this.base = base;
  }
  async call(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    headers.set('accept', 'application/json');
    const response = await fetch(this.base + path, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return response;
  }
  async json<T>(path: string, init?: RequestInit): Promise<T> {
    const response = await this.call(path, init);
    const body = (await response.json()) as T;
    if (!response.ok) throw new Error(`${path}: ${String(response.status)} ${JSON.stringify(body)}`);
    return body;
  }
  /** POST a multipart form with one file, as the check form does. */
  async upload(path: string, name: string, bytes: Buffer): Promise<{ status: number; body: unknown }> {
    const { guest_csrf } = await this.json<{ guest_csrf: string }>('/csrf_tokens');
    const form = new FormData();
    form.set('_csrf_token', guest_csrf);
    form.set('language', 'en');
    form.set('file', new Blob([new Uint8Array(bytes)]), name);
    const response = await this.call(path, { method: 'POST', body: form });
    return { status: response.status, body: await response.json() };
  }
}

async function newGuest(base: string): Promise<Client> {
  const client = new Client(base);
  const challenge = await client.json<{
    algorithm: string;
    challenge: string;
    maxnumber: number;
    salt: string;
    signature: string;
  }>('/altcha/challenge');
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
    .promise;
  if (solution === null) throw new Error('bot challenge not solvable');
  const token = Buffer.from(
    JSON.stringify({
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number: solution.number,
      salt: challenge.salt,
      signature: challenge.signature,
    }),
  ).toString('base64');
  const { guest_csrf } = await client.json<{ guest_csrf: string }>('/csrf_tokens');
  const registered = await client.call('/guest/registration/', {
    method: 'POST',
    body: new URLSearchParams({ _csrf_token: guest_csrf, 'guest-security-token': token }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (!registered.ok) throw new Error(`guest registration: ${String(registered.status)} ${await registered.text()}`);
  return client;
}

/** The /health poller, in its own thread: the uploads this script sends do not delay its timings. */
const POLLER = `
const { parentPort, workerData } = require('node:worker_threads');
let stop = false;
parentPort.once('message', () => { stop = true; });
(async () => {
  const latencies = [];
  while (!stop) {
    const began = performance.now();
    const response = await fetch(workerData.base + '/health');
    await response.arrayBuffer();
    latencies.push(performance.now() - began);
    await new Promise((resolve) => setTimeout(resolve, workerData.everyMs));
  }
  parentPort.postMessage(latencies);
})();
`;

/** GET /health every `everyMs` (from another thread) until `until` settles; the latencies in ms. */
async function healthLatencies(base: string, until: Promise<unknown>, everyMs = 25): Promise<number[]> {
  const poller = new Worker(POLLER, { eval: true, workerData: { base, everyMs } });
  const latencies = new Promise<number[]>((resolve) => poller.once('message', resolve));
  await until.catch(() => undefined);
  poller.postMessage('stop');
  const result = await latencies;
  await poller.terminate();
  return result;
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

const round1 = (n: number): number => Math.round(n * 10) / 10;

process.env['AUTH_RATE_LIMIT_PER_MINUTE'] = '10000';
process.env['BOT_CHALLENGE_RATE_LIMIT_PER_MINUTE'] = '10000';
process.env['GUEST_DAILY_LIMIT'] = '100000';
const product = await startProduct({ requireClient: false });
log(`product up at ${product.url}`);

type Round = {
  health: { n: number; median: number; p95: number; max: number };
  validationsMs: number;
  answers: string;
};
const b4: Round[] = [];
const b6: { smallWaitMs: number; smallAnswer: string; hostileMs: number[]; hostileAnswers: string[] }[] = [];
const hostile = hostileDocx(50);
try {
  // one after the other: guests made at once from one address are refused (issue 13 B10)
  const guests: Client[] = [];
  for (let i = 0; i < 4; i++) guests.push(await newGuest(product.url));
  const visitor = await newGuest(product.url);
  // warm-up: the worker threads start on the first file
  await visitor.upload('/api/v1/text/validate', 'warm.txt', SMALL_TXT);

  for (let round = 0; round < rounds; round++) {
    const began = performance.now();
    const validations = Promise.all(guests.map((g) => g.upload('/api/v1/text/validate', 'big.txt', BIG_TXT)));
    const latencies = (await healthLatencies(product.url, validations)).sort((a, b) => a - b);
    const answers = await validations;
    const validationsMs = performance.now() - began;
    const summary = answers.map((a) => `${String(a.status)} code ${String((a.body as { code?: unknown }).code)}`);
    b4.push({
      health: {
        n: latencies.length,
        median: round1(quantile(latencies, 0.5)),
        p95: round1(quantile(latencies, 0.95)),
        max: round1(latencies.at(-1) ?? 0),
      },
      validationsMs: Math.round(validationsMs),
      answers: [...new Set(summary)].join(', '),
    });
    log(`B4 round ${String(round + 1)}: ${JSON.stringify(b4.at(-1))}`);
  }

  for (let round = 0; round < rounds; round++) {
    const attackers = guests;
    const hostileStarted = performance.now();
    const hostileDone = attackers.map((a) =>
      a.upload('/api/v1/text/validate', 'hostile.docx', hostile).then((answer) => ({
        ms: performance.now() - hostileStarted,
        answer: `${String(answer.status)} code ${String((answer.body as { code?: unknown }).code)}`,
      })),
    );
    // the hostile uploads are sent and being read: then the visitor's small file
    await new Promise((r) => setTimeout(r, 500));
    const smallStarted = performance.now();
    const small = await visitor.upload('/api/v1/text/validate', 'essay.txt', SMALL_TXT);
    const smallWaitMs = performance.now() - smallStarted;
    const hostileResults = await Promise.all(hostileDone);
    b6.push({
      smallWaitMs: Math.round(smallWaitMs),
      smallAnswer: `${String(small.status)} pages ${String((small.body as { pages?: unknown }).pages)}`,
      hostileMs: hostileResults.map((h) => Math.round(h.ms)),
      hostileAnswers: [...new Set(hostileResults.map((h) => h.answer))],
    });
    log(`B6 round ${String(round + 1)}: ${JSON.stringify(b6.at(-1))}`);
  }
} finally {
  await product.stop();
}

const cpus = os.cpus();
const result = {
  date: new Date().toISOString(),
  machine: `${String(cpus.length)} CPUs (${cpus[0]?.model ?? 'unknown'}), load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}, Node ${process.version}`,
  database: 'PGlite (embedded default), API and workers in one process',
  b4,
  b6,
  hostileFileBytes: hostile.length,
};
const worstHealth = Math.max(...b4.map((r) => r.health.max));
const worstWait = Math.max(...b6.map((r) => r.smallWaitMs));
writeFileSync(join(root, 'bench/results/abuse.json'), JSON.stringify(result, null, 2) + '\n');
writeFileSync(
  join(root, 'bench/results/abuse.md'),
  [
    '# Abuse of the check routes (`npm run bench:abuse`, issue 13 B4 and B6)',
    '',
    `${result.date} · ${result.machine} · ${result.database}`,
    '',
    'The real product (apps/server/src/main.ts) on a fresh data directory, called over HTTP by this script.',
    '',
    '## B4: `/health` while four 24 MB validations are in flight (goal: max ≤ 100 ms)',
    '',
    'Four guests each send a 24 MB .txt (about 20 million letters) to POST /api/v1/text/validate at once; another',
    'client (its own thread) asks GET /health every 25 ms until all four are answered.',
    '',
    '| round | /health calls | median | p95 | max | four validations answered in | answers |',
    '|---|---|---|---|---|---|---|',
    ...b4.map(
      (r, i) =>
        `| ${String(i + 1)} | ${String(r.health.n)} | ${String(r.health.median)} ms | ${String(r.health.p95)} ms | ${String(r.health.max)} ms | ${String(r.validationsMs)} ms | ${r.answers} |`,
    ),
    '',
    `Worst /health latency: **${String(worstHealth)} ms** (goal ≤ 100 ms). Before the fix (issue 13): the event loop was`,
    'blocked 2.3 s by one such validation, 8.6 s by four.',
    '',
    "## B6: a small file's wait while four hostile uploads are processed (goal ≤ 2 s)",
    '',
    `Four guests each upload a hostile .docx (${(hostile.length / 1e6).toFixed(1)} MB; 50 MB of markup, no text: seconds of`,
    "parsing, never stopped by the text bound) to POST /api/v1/text/validate; 0.5 s later another guest's one-page",
    '.txt is validated. Its wait is from sending it to its answer.',
    '',
    '| round | small file answered in | its answer | hostile uploads answered after | their answers |',
    '|---|---|---|---|---|',
    ...b6.map(
      (r, i) =>
        `| ${String(i + 1)} | ${String(r.smallWaitMs)} ms | ${r.smallAnswer} | ${r.hostileMs.map(String).join(', ')} ms | ${r.hostileAnswers.join(', ')} |`,
    ),
    '',
    `Worst wait of the small file: **${String(worstWait)} ms** (goal ≤ 2000 ms). Before the fix (issue 13): 31 s.`,
    '',
  ].join('\n'),
);
log(JSON.stringify(result, null, 2));
