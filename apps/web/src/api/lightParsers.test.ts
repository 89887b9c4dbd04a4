import { describe, expect, it } from 'vitest';
import { CredentialsUserSchema, GuestCookieSchema } from '@veritext/contracts';
import { parseCredentialsUser, parseGuestCookie, parseGuestCookieValue } from './lightParsers.ts';

const ODD_VALUES: unknown[] = [
  undefined,
  null,
  '',
  'x',
  0,
  -1,
  1,
  2,
  3,
  4,
  1.5,
  2 ** 53,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  true,
  false,
  [],
  ['en'],
  ['en', 1],
  {},
  { balance: 1, bonus: 2, ai_balance: 3 },
  { balance: 1, bonus: 2, ai_balance: 3, extra: 'dropped' },
  { balance: 1, bonus: 2.5, ai_balance: 3 },
  { balance: 1, bonus: 2 },
];

/** The value itself, each field removed, each field set to each odd value, and an extra field. */
function variants(base: Record<string, unknown>): unknown[] {
  const out: unknown[] = [base, { ...base, extra: 'kept or dropped' }, null, 'text', [], 7];
  for (const key of Object.keys(base)) {
    const { [key]: _removed, ...without } = base;
    out.push(without);
    for (const odd of ODD_VALUES) out.push({ ...base, [key]: odd });
  }
  return out;
}

function zodResult(schema: typeof CredentialsUserSchema | typeof GuestCookieSchema, value: unknown): unknown {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

const USER = {
  id: 4,
  api_token: 'token',
  avatar: '',
  email: 'ana@example.com',
  name: 'Ana',
  balance: { balance: 3, bonus: 0, ai_balance: 1 },
  balance_type: 1,
  allowed_languages: ['en', 'es'],
  is_guest: false,
  is_admin: false,
  last_ai_order_paid_days_ago: null,
  not_ai_orders: 0,
};

const GUEST = { api: 'guest-token', balance: { balance: 3, bonus: 0, ai_balance: 1 }, signupGuest: true };

describe('the zod-free parsers of the first screen', () => {
  it('accept and return exactly what CredentialsUserSchema does', () => {
    const { is_admin: _admin, ...withoutAdmin } = USER;
    const cases = [
      ...variants(USER),
      ...variants(withoutAdmin),
      ...variants({ ...USER, last_ai_order_paid_days_ago: 12 }),
    ];
    let accepted = 0;
    for (const value of cases) {
      const expected = zodResult(CredentialsUserSchema, value);
      expect(parseCredentialsUser(value), JSON.stringify(value)).toStrictEqual(expected);
      if (expected !== null) accepted += 1;
    }
    // Both outcomes are exercised.
    expect(accepted).toBeGreaterThan(10);
    expect(accepted).toBeLessThan(cases.length / 2);
  });

  it('accept and return exactly what GuestCookieSchema does', () => {
    const cases = [...variants(GUEST), ...variants({ api: 'a' }), { api: '' }, { api: 'a', other: { nested: 1 } }];
    let accepted = 0;
    for (const value of cases) {
      const expected = zodResult(GuestCookieSchema, value);
      expect(parseGuestCookieValue(value), JSON.stringify(value)).toStrictEqual(expected);
      if (expected !== null) accepted += 1;
    }
    expect(accepted).toBeGreaterThan(10);
    expect(accepted).toBeLessThan(cases.length / 2);
  });

  it('reads the raw guest_data cookie as the contracts do', () => {
    expect(parseGuestCookie(undefined)).toBeNull();
    expect(parseGuestCookie('')).toBeNull();
    expect(parseGuestCookie('{not json')).toBeNull();
    expect(parseGuestCookie('{"balance":{"balance":1,"bonus":0,"ai_balance":0}}')).toBeNull();
    expect(parseGuestCookie('{"api":"t","signupGuest":false}')).toStrictEqual({ api: 't', signupGuest: false });
  });
});
