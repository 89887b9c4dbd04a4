import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, loadDotEnv } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { AppError } from '../errors.ts';
import { registerUser } from '../modules/auth/auth.service.ts';

const USAGE = `Usage: npm run --silent admin -- user:create --email E --password P [--pages N] [--ai-pages N] [--name NAME]

Creates a verified user, credits the pages through the ledger and prints {"id","email","api_token"}.
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

async function main(): Promise<void> {
  loadDotEnv();
  const [command, ...rest] = process.argv.slice(2);
  if (command === 'user:create') {
    await createUser(rest);
    return;
  }
  fail(USAGE);
}

main().catch((error: unknown) => {
  if (error instanceof AppError || error instanceof ConfigError) fail(error.message);
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) fail(`${(error as Error).message}\n\n${USAGE}`);
  fail(error instanceof Error ? error.message : String(error));
});
