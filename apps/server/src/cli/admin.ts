import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, loadDotEnv } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { AppError } from '../errors.ts';
import {
  GROUP_COMMANDS,
  GROUP_COMMANDS_HELP,
  GROUP_COMMANDS_USAGE,
  GroupCommandError,
  runGroupCommand,
} from './admin-groups.ts';
import { registerUser } from '../modules/auth/auth.service.ts';
import { setUserAdmin } from '../modules/auth/users.repository.ts';
import { createPromoCode } from '../modules/commerce/commerce.service.ts';
import { catalogueLines, resetCataloguePrice, setCataloguePrice } from '../modules/commerce/catalogue.ts';
import { listCancellations } from '../modules/subscriptions/subscriptions.repository.ts';
import { createStripeRefunder, refundOrder, RefundError } from '../modules/commerce/order-refund.ts';
import {
  CollectionError,
  importCollection,
  listCollections,
  removeCollection,
  type ImportProgress,
} from '../modules/collections/collections.service.ts';
import { finishWikipediaImport } from '../modules/collections/collection-imports.repository.ts';
import {
  describeSkipped,
  prepareWikipediaImport,
  runWikipediaImport,
  type WikipediaProgress,
} from '../modules/collections/wikipedia-import.ts';

const USAGE = `Usage: npm run --silent admin -- user:create --email E --password P [--pages N] [--ai-pages N] [--name NAME]
       npm run --silent admin -- user:admin EMAIL [--revoke]
       npm run --silent admin -- collections import NAME PATH [--title T]
       npm run --silent admin -- collections import-wikipedia NAME FILE [--title T] [--min-words N] [--batch-size N] [--restart]
       npm run --silent admin -- collections list
       npm run --silent admin -- collections remove NAME
       npm run --silent admin -- promo:create CODE PERCENT [--expires YYYY-MM-DD] [--max-uses N]
       npm run --silent admin -- order:refund ORDER_ID [--full]
       npm run --silent admin -- catalogue:list
       npm run --silent admin -- catalogue:set CODE CENTS [--pages N] [--ai-pages N]
       npm run --silent admin -- catalogue:reset CODE
       npm run --silent admin -- subscription:feedback [--limit N]
${GROUP_COMMANDS_USAGE}

user:create         creates a verified user, credits the pages through the ledger and prints {"id","email","api_token"}.
user:admin          makes the user of EMAIL a site administrator (who manages the reference collections at
                    /admin/collections); --revoke takes it back.
collections import  indexes a folder (recursively) or one file into the reference collection NAME, which the
                    reuse engine then searches: .txt, .rtf, .doc, .docx, .odt, .pdf, .ppt, .pptx, .odp files
                    (one document each) and .jsonl files (one {"id","title","url","text"} per line). Importing
                    the same files again replaces them. Progress goes to stderr, the summary to stdout.
collections import-wikipedia
                    imports a MediaWiki dump as downloaded (*-pages-articles*.xml.bz2, multistream or not, or the
                    .xml) into the reference collection NAME: one document per article, titled and linked to the
                    article (https://<lang>.wikipedia.org/wiki/<Title>), as plain text without templates, tables
                    or references. Redirects, disambiguation pages, other namespaces and articles under
                    --min-words words (default 50) are skipped. Progress goes to stderr. Ctrl-C stops after the
                    batch being written (--batch-size articles, default 200); running the same command again (same
                    NAME and FILE) resumes there. Once finished, running it again does nothing; --restart imports
                    the dump again from its start, replacing its articles.
collections list    prints the reference collections: name, documents, words, created.
collections remove  deletes a reference collection with its documents and their fingerprints.
promo:create        creates a promo code giving PERCENT (1-100) off an order, matched without regard to case;
                    --expires is the last day it works (UTC), --max-uses the number of paid orders it may serve.
order:refund        refunds a paid order: its pages still on the balance are taken back (ledger 'reverse'
                    entries; pages already used stay used), the order is marked refunded, and the amount paid
                    for those pages (all of it if none was used, or with --full) goes back to the card through
                    Stripe's refunds API when STRIPE_SECRET_KEY is set; otherwise, or if Stripe fails, it says
                    to issue the card refund in the Stripe dashboard (running it again retries). Prints a JSON line.
catalogue:list      prints every pack (pack:CODE) and monthly plan (plan:KEY) with its price in cents, pages and AI
                    pages today, and whether an operator set the price (JSON lines).
catalogue:set       sets the price in cents of a pack or plan (and its pages, or a plan's AI pages); the server
                    uses it within a minute. Carts are priced when read and checkouts freeze their totals; a
                    subscription keeps the price it was bought at until it is upgraded.
catalogue:reset     goes back to the price in code.
subscription:feedback
                    prints the farewell survey's answers, newest first (JSON lines: plan, reason, comment, e-mail).
${GROUP_COMMANDS_HELP}

Runs on the database of DATABASE_URL, or the embedded one under DATA_DIR (stop the server first).`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function nonNegativeInteger(value: string | undefined, flag: string): number {
  if (value === undefined) return 0;
  if (!/^\d+$/.test(value)) fail(`${flag} must be a whole number of pages (got "${value}")`);
  return Number(value);
}

async function createUser(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      pages: { type: 'string' },
      'ai-pages': { type: 'string' },
    },
    strict: true,
  });
  if (values.email === undefined || values.password === undefined) fail(USAGE);
  const config = loadConfig();
  const db = await openDatabase(config.database);
  try {
    await migrate(db);
    const { user } = await registerUser(db, {
      email: values.email,
      password: values.password,
      name: values.name,
      accountType: 'individual',
      verified: true,
      depositPages: nonNegativeInteger(values.pages, '--pages'),
      depositAiPages: nonNegativeInteger(values['ai-pages'], '--ai-pages'),
    });
    process.stdout.write(`${JSON.stringify({ id: user.id, email: user.email, api_token: user.api_token })}\n`);
  } finally {
    await db.close();
  }
}

async function userAdminCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    options: { revoke: { type: 'boolean' } },
    allowPositionals: true,
    strict: true,
  });
  const [email, ...extra] = positionals;
  if (email === undefined || extra.length > 0) fail(USAGE);
  const isAdmin = values.revoke !== true;
  const user = await withMigratedDatabase((db) => setUserAdmin(db, email, isAdmin));
  if (user === null) fail(`No user with the e-mail ${email}`);
  process.stdout.write(
    isAdmin
      ? `${user.email ?? email} is now a site administrator.\n`
      : `${user.email ?? email} is no longer a site administrator.\n`,
  );
}

async function promoCreateCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    options: { expires: { type: 'string' }, 'max-uses': { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  const [code, percent, ...extra] = positionals;
  if (code === undefined || percent === undefined || extra.length > 0) fail(USAGE);
  const maxUses = values['max-uses'];
  if (!/^\d+$/.test(percent)) fail(`PERCENT must be a whole number from 1 to 100 (got "${percent}")`);
  if (maxUses !== undefined && !/^\d+$/.test(maxUses)) fail(`--max-uses must be a whole number (got "${maxUses}")`);
  const promo = await withMigratedDatabase((db) =>
    createPromoCode(db, {
      code,
      percent: Number(percent),
      expires: values.expires ?? null,
      maxUses: maxUses === undefined ? null : Number(maxUses),
    }),
  );
  process.stdout.write(
    `${JSON.stringify({
      code: promo.code,
      percent: promo.percent,
      expires_at: promo.expires_at?.toISOString() ?? null,
      max_uses: promo.max_uses,
    })}\n`,
  );
}

async function catalogueCommand(command: string, args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    options: { pages: { type: 'string' }, 'ai-pages': { type: 'string' }, limit: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  const whole = (value: string | undefined, flag: string): number | null => {
    if (value === undefined) return null;
    if (!/^\d+$/.test(value)) fail(`${flag} must be a whole number (got "${value}")`);
    return Number(value);
  };
  if (command === 'catalogue:list') {
    if (positionals.length > 0) fail(USAGE);
    const lines = await withMigratedDatabase((db) => catalogueLines(db));
    for (const line of lines) process.stdout.write(`${JSON.stringify(line)}\n`);
    return;
  }
  if (command === 'catalogue:set') {
    const [code, cents, ...extra] = positionals;
    if (code === undefined || cents === undefined || extra.length > 0) fail(USAGE);
    const price = whole(cents, 'CENTS') ?? 0;
    const row = await withMigratedDatabase((db) =>
      setCataloguePrice(db, {
        code,
        price,
        pages: whole(values.pages, '--pages'),
        aiPages: whole(values['ai-pages'], '--ai-pages'),
      }),
    );
    process.stdout.write(`${JSON.stringify(row)}\n`);
    return;
  }
  if (command === 'catalogue:reset') {
    const [code, ...extra] = positionals;
    if (code === undefined || extra.length > 0) fail(USAGE);
    const reset = await withMigratedDatabase((db) => resetCataloguePrice(db, code));
    process.stdout.write(`${JSON.stringify({ code, reset })}\n`);
    return;
  }
  // subscription:feedback
  if (positionals.length > 0) fail(USAGE);
  const limit = whole(values.limit, '--limit') ?? 200;
  const answers = await withMigratedDatabase((db) => listCancellations(db, limit));
  for (const a of answers) {
    process.stdout.write(
      `${JSON.stringify({
        subscription_id: a.subscription_id,
        plan: a.plan,
        reason: a.reason,
        comment: a.comment,
        email: a.email,
        at: a.created_at.toISOString(),
      })}\n`,
    );
  }
}

async function orderRefundCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    options: { full: { type: 'boolean' } },
    allowPositionals: true,
    strict: true,
  });
  const [id, ...extra] = positionals;
  if (id === undefined || extra.length > 0) fail(USAGE);
  if (!/^\d+$/.test(id)) fail(`ORDER_ID must be a whole number (got "${id}")`);
  const config = loadConfig();
  const refunder = config.stripe === null ? null : createStripeRefunder(config.stripe.secretKey);
  const outcome = await withMigratedDatabase((db) =>
    refundOrder(db, Number(id), { full: values.full === true, refunder }),
  );
  const { refund } = outcome;
  process.stdout.write(
    `${JSON.stringify({
      order_id: refund.order_id,
      already_refunded: outcome.wasRefunded,
      pages_reversed: refund.pages,
      ai_pages_reversed: refund.ai_pages,
      amount: refund.amount,
      currency: refund.currency,
      card_refund: refund.card_refund,
      stripe_refund_id: refund.stripe_refund_id,
    })}\n`,
  );
  if (outcome.todo !== null) process.stderr.write(`${outcome.todo}\n`);
}

async function withMigratedDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const db = await openDatabase(config.database);
  try {
    await migrate(db);
    return await work(db);
  } finally {
    await db.close();
  }
}

const numberFormat = new Intl.NumberFormat('en-US');
const formatCount = (n: number): string => numberFormat.format(n);

function progressLine({ done, total, failed }: ImportProgress): string {
  return `imported ${formatCount(done)} / ${formatCount(total)} documents (${formatCount(failed)} failed)`;
}

async function importCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    options: { title: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  const [name, target, ...extra] = positionals;
  if (name === undefined || target === undefined || extra.length > 0) fail(USAGE);
  await withMigratedDatabase(async (db) => {
    const result = await importCollection(
      db,
      {
        name,
        // npm runs scripts from the repository root; a relative PATH means the operator's directory.
        path: path.resolve(process.env.INIT_CWD ?? process.cwd(), target),
        ...(values.title === undefined ? {} : { title: values.title }),
      },
      (progress) => process.stderr.write(`${progressLine(progress)}\n`),
    );
    for (const failure of result.failures) {
      const where = failure.line === undefined ? failure.file : `${failure.file}:${failure.line}`;
      process.stderr.write(`skipped ${where}: ${failure.message}\n`);
    }
    if (result.failed > result.failures.length) {
      process.stderr.write(`... and ${formatCount(result.failed - result.failures.length)} more skipped\n`);
    }
    if (result.imported === 0) {
      // Thrown, not fail(): the database must be closed first (the embedded one keeps a lock file).
      throw new CollectionError(
        `Nothing imported into "${name}": none of the ${formatCount(result.total)} documents could be read`,
      );
    }
    process.stdout.write(
      `Imported ${formatCount(result.imported)} of ${formatCount(result.total)} documents into "${name}" ` +
        `(${formatCount(result.failed)} failed${result.ignored > 0 ? `, ${formatCount(result.ignored)} other files ignored` : ''}); ` +
        `the collection now holds ${formatCount(result.documents)} documents, ${formatCount(result.words)} words.\n`,
    );
  });
}

function positiveInteger(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[1-9]\d*$/.test(value)) fail(`${flag} must be a whole number above 0 (got "${value}")`);
  return Number(value);
}

function wikipediaProgressLine(p: WikipediaProgress): string {
  const seconds = p.elapsedMs / 1000;
  const rate = seconds > 0 ? Math.round(p.importedThisRun / seconds) : 0;
  const percent = p.bytes > 0 ? ((p.bytesRead / p.bytes) * 100).toFixed(1) : '100.0';
  return (
    `pages ${formatCount(p.pages)} (${percent} % of the file) · articles ${formatCount(p.imported)} · ` +
    `skipped ${describeSkipped(p.skipped, formatCount)} · ${formatCount(p.failed)} unreadable · ${formatCount(rate)} articles/s`
  );
}

async function importWikipediaCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      title: { type: 'string' },
      'min-words': { type: 'string' },
      'batch-size': { type: 'string' },
      restart: { type: 'boolean' },
    },
    allowPositionals: true,
    strict: true,
  });
  const [name, target, ...extra] = positionals;
  if (name === undefined || target === undefined || extra.length > 0) fail(USAGE);
  const minWords = positiveInteger(values['min-words'], '--min-words');
  const batchSize = positiveInteger(values['batch-size'], '--batch-size');
  // npm runs scripts from the repository root; a relative FILE means the operator's directory.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), target);
  await withMigratedDatabase(async (db) => {
    const prepared = await prepareWikipediaImport(db, {
      name,
      file,
      restart: values.restart === true,
      ...(values.title === undefined ? {} : { title: values.title }),
    });
    if (prepared.state === 'finished') {
      process.stdout.write(
        `${file} is already imported into "${name}" (import ${String(prepared.row.id)}: ` +
          `${formatCount(prepared.row.done)} articles); nothing to do. --restart imports it again.\n`,
      );
      return;
    }
    const { row, runner } = prepared;
    if (prepared.state === 'resumed') {
      process.stderr.write(
        `resuming import ${String(row.id)} after page ${formatCount(row.pages_done)} ` +
          `(${formatCount(row.done)} articles already imported)\n`,
      );
    }
    const controller = new AbortController();
    const onSignal = (): void => {
      if (controller.signal.aborted) process.exit(130); // a second Ctrl-C: at once (the last batch is safe)
      controller.abort();
      process.stderr.write('stopping after the batch being written (Ctrl-C again to quit at once)\n');
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    let outcome;
    try {
      outcome = await runWikipediaImport(db, row, runner, {
        signal: controller.signal,
        ...(minWords === undefined ? {} : { minWords }),
        ...(batchSize === undefined ? {} : { batchSize }),
        onProgress: (progress) => process.stderr.write(`${wikipediaProgressLine(progress)}\n`),
      });
    } catch (error) {
      if (error instanceof CollectionError) {
        await finishWikipediaImport(db, row.id, runner, { state: 'failed', total: null, error: error.message });
      }
      throw error;
    } finally {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
    for (const failure of outcome.failures) process.stderr.write(`unreadable ${failure.file}: ${failure.message}\n`);
    const { progress } = outcome;
    if (outcome.state !== 'done') {
      const message =
        outcome.state === 'interrupted'
          ? `Interrupted after page ${formatCount(progress.pages)}; run the same command again to resume.`
          : 'Another run has taken this import over.';
      if (outcome.state === 'interrupted') {
        await finishWikipediaImport(db, row.id, runner, { state: 'failed', total: null, error: message });
      }
      process.stderr.write(`${message}\n`);
      process.exitCode = 130;
      return;
    }
    const seconds = progress.elapsedMs / 1000;
    process.stdout.write(
      `Imported ${formatCount(progress.imported)} articles from ${formatCount(progress.pages)} pages into "${name}" ` +
        `(skipped ${describeSkipped(progress.skipped, formatCount)}; ${formatCount(progress.failed)} unreadable) ` +
        `in ${seconds.toFixed(1)} s; the collection now holds ${formatCount(outcome.documents)} documents, ` +
        `${formatCount(outcome.words)} words.\n`,
    );
  });
}

async function listCommand(args: string[]): Promise<void> {
  if (args.length > 0) fail(USAGE);
  await withMigratedDatabase(async (db) => {
    const collections = await listCollections(db);
    if (collections.length === 0) {
      process.stdout.write('No reference collections.\n');
      return;
    }
    const rows = [
      ['NAME', 'DOCUMENTS', 'WORDS', 'CREATED', 'TITLE'],
      ...collections.map((c) => [
        c.name,
        formatCount(c.documents),
        formatCount(c.words),
        c.created.toISOString().slice(0, 19).replace('T', ' '),
        c.title,
      ]),
    ];
    const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
    for (const row of rows) {
      const cells = row.map((cell, column) =>
        column === 1 || column === 2 ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      );
      process.stdout.write(`${cells.join('  ').trimEnd()}\n`);
    }
  });
}

async function removeCommand(args: string[]): Promise<void> {
  const [name, ...extra] = args;
  if (name === undefined || extra.length > 0) fail(USAGE);
  await withMigratedDatabase(async (db) => {
    const removed = await removeCollection(db, name);
    process.stdout.write(`Removed "${removed.name}" and its ${formatCount(removed.documents)} documents.\n`);
  });
}

async function collections(args: string[]): Promise<void> {
  const [subcommand, ...rest] = args;
  if (subcommand === 'import') await importCommand(rest);
  else if (subcommand === 'import-wikipedia') await importWikipediaCommand(rest);
  else if (subcommand === 'list') await listCommand(rest);
  else if (subcommand === 'remove') await removeCommand(rest);
  else fail(USAGE);
}

async function main(): Promise<void> {
  loadDotEnv();
  const [command, ...rest] = process.argv.slice(2);
  if (command === 'user:create') {
    await createUser(rest);
    return;
  }
  if (command === 'user:admin') {
    await userAdminCommand(rest);
    return;
  }
  if (command === 'collections') {
    await collections(rest);
    return;
  }
  if (command === 'promo:create') {
    await promoCreateCommand(rest);
    return;
  }
  if (command === 'order:refund') {
    await orderRefundCommand(rest);
    return;
  }
  if (
    command === 'catalogue:list' ||
    command === 'catalogue:set' ||
    command === 'catalogue:reset' ||
    command === 'subscription:feedback'
  ) {
    await catalogueCommand(command, rest);
    return;
  }
  if ((GROUP_COMMANDS as readonly string[]).includes(command ?? '')) {
    const lines = await withMigratedDatabase((db) => runGroupCommand(db, command ?? '', rest));
    for (const line of lines) process.stdout.write(`${line}\n`);
    return;
  }
  fail(USAGE);
}

main().catch((error: unknown) => {
  if (
    error instanceof AppError ||
    error instanceof ConfigError ||
    error instanceof CollectionError ||
    error instanceof RefundError ||
    error instanceof GroupCommandError ||
    error instanceof RangeError
  )
    fail(error.message);
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) fail(`${(error as Error).message}\n\n${USAGE}`);
  fail(error instanceof Error ? error.message : String(error));
});
