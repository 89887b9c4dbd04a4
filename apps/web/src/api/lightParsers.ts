import type { Balance, CredentialsUser, GuestCookie } from '@veritext/contracts';

/**
 * Zod-free twins of the two contract schemas the first screen needs synchronously: the stored profile
 * (CredentialsUserSchema, read from local storage at start) and the guest_data cookie (GuestCookieSchema).
 * They keep zod out of the first load; they accept and return exactly what the zod schemas do, which
 * lightParsers.test.ts checks against the schemas themselves. Server answers are still checked by the zod
 * schemas (lazySchema.ts).
 */

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** z.number().int(): a safe integer. */
function isInt(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/** BalanceSchema: three integers; other keys are dropped. */
function parseBalance(value: unknown): Balance | null {
  if (!isObject(value)) return null;
  const { balance, bonus, ai_balance: aiBalance } = value;
  if (!isInt(balance) || !isInt(bonus) || !isInt(aiBalance)) return null;
  return { balance, bonus, ai_balance: aiBalance };
}

/** CredentialsUserSchema (a strict-shape object: unknown keys are dropped). */
export function parseCredentialsUser(value: unknown): CredentialsUser | null {
  if (!isObject(value)) return null;
  const v = value;
  if (!isInt(v['id'])) return null;
  for (const key of ['api_token', 'avatar', 'email', 'name'] as const) if (typeof v[key] !== 'string') return null;
  const balance = parseBalance(v['balance']);
  if (balance === null) return null;
  const balanceType = v['balance_type'];
  if (balanceType !== 1 && balanceType !== 2 && balanceType !== 3) return null;
  const languages = v['allowed_languages'];
  if (!Array.isArray(languages) || !languages.every((language) => typeof language === 'string')) return null;
  if (typeof v['is_guest'] !== 'boolean') return null;
  if (v['is_admin'] !== undefined && typeof v['is_admin'] !== 'boolean') return null;
  const daysAgo = v['last_ai_order_paid_days_ago'];
  if (daysAgo !== null && !isInt(daysAgo)) return null;
  if (!isInt(v['not_ai_orders'])) return null;
  const user: CredentialsUser = {
    id: v['id'],
    api_token: v['api_token'] as string,
    avatar: v['avatar'] as string,
    email: v['email'] as string,
    name: v['name'] as string,
    balance,
    balance_type: balanceType,
    allowed_languages: [...languages],
    is_guest: v['is_guest'],
    last_ai_order_paid_days_ago: daysAgo,
    not_ai_orders: v['not_ai_orders'],
  };
  if ('is_admin' in v) user.is_admin = v['is_admin'];
  return user;
}

/** GuestCookieSchema (a loose object: unknown keys are kept) of an already decoded value. */
export function parseGuestCookieValue(value: unknown): GuestCookie | null {
  if (!isObject(value)) return null;
  const api = value['api'];
  if (typeof api !== 'string' || api.length < 1) return null;
  const cookie: GuestCookie = { ...value, api };
  if (value['balance'] !== undefined) {
    const balance = parseBalance(value['balance']);
    if (balance === null) return null;
    cookie.balance = balance;
  }
  if (value['signupGuest'] !== undefined && typeof value['signupGuest'] !== 'boolean') return null;
  return cookie;
}

/** parseGuestCookie of the contracts: the raw cookie text, JSON, then the schema. */
export function parseGuestCookie(raw: string | undefined): GuestCookie | null {
  if (raw === undefined || raw === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  return parseGuestCookieValue(value);
}
