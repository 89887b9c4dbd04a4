import { isIP } from 'node:net';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { hmac } from '../auth/secrets.ts';
import {
  countRecentGuests,
  deleteGuestCreation,
  insertGuestCreation,
  lockGuestAddress,
  setGuestCreationUser,
} from './botcheck.repository.ts';

/** Self-hosted proof of work (ALTCHA): challenges are signed with our secret and accepted once. */
const CHALLENGE_TTL_MS = 10 * 60 * 1000;
/** The salt parameter that records the difficulty a challenge was issued at (the salt is hashed and signed). */
const DIFFICULTY_PARAM = 'difficulty';

export type BotChallenge = {
  algorithm: string;
  challenge: string;
  maxnumber?: number | undefined;
  salt: string;
  signature: string;
};

export async function createBotChallenge(hmacKey: string, difficulty: number): Promise<BotChallenge> {
  return createChallenge({
    hmacKey,
    maxNumber: difficulty,
    expires: new Date(Date.now() + CHALLENGE_TTL_MS),
    params: { [DIFFICULTY_PARAM]: String(difficulty) },
  });
}

type DecodedPayload = { signature: string; salt: string };

function decode(payload: string): DecodedPayload | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    if (
      typeof value === 'object' &&
      value !== null &&
      'signature' in value &&
      typeof value.signature === 'string' &&
      'salt' in value &&
      typeof value.salt === 'string'
    ) {
      return { signature: value.signature, salt: value.salt };
    }
  } catch {
    // fall through
  }
  return null;
}

/**
 * Verifies a solved challenge (the base64 payload of the ALTCHA widget) and records it as used, so a
 * solution cannot be replayed. Throws bot_check_failed otherwise. Returns the difficulty the challenge was
 * issued at (0 for one issued without it).
 */
export async function consumeBotSolution(
  db: Queryable,
  hmacKey: string,
  payload: string | undefined,
): Promise<{ difficulty: number }> {
  if (payload === undefined || payload === '' || payload.length > 10_000) throw new AppError('bot_check_failed');
  const decoded = decode(payload);
  if (decoded === null) throw new AppError('bot_check_failed');
  const isValid = await verifySolution(payload, hmacKey, true).catch(() => false);
  if (!isValid) throw new AppError('bot_check_failed');
  const inserted = await db.query(
    `INSERT INTO used_bot_challenges (signature, expires_at) VALUES ($1, now() + interval '15 minutes')
     ON CONFLICT (signature) DO NOTHING RETURNING signature`,
    [decoded.signature],
  );
  if (inserted.rows.length === 0) throw new AppError('bot_check_failed');
  // The salt's parameters are part of the hashed, signed challenge: the client cannot change them.
  const issued = Number(new URLSearchParams(decoded.salt.split('?')[1] ?? '').get(DIFFICULTY_PARAM));
  return { difficulty: Number.isSafeInteger(issued) && issued > 0 ? issued : 0 };
}

// ---- Guest sign-ups per address (issue 13, B10) ----

/** Guests an address makes in 24 hours at the base cost; each one after doubles it, up to MAX_GUEST_FACTOR. */
export const FREE_GUESTS_PER_DAY = 3;
export const MAX_GUEST_FACTOR = 32;

/**
 * The proof-of-work size (ALTCHA maxnumber) for an address that made `recentGuests` guests in the last 24
 * hours: `base` for the first three, then 2, 4, 8, 16 and at most 32 times `base`. The expected work grows in
 * proportion (about 0.1 s at the default 50,000, so at most a few seconds for a person on a shared network).
 */
export function guestBotDifficulty(base: number, recentGuests: number): number {
  const doublings = Math.min(Math.max(0, recentGuests - FREE_GUESTS_PER_DAY + 1), Math.log2(MAX_GUEST_FACTOR));
  return base * 2 ** doublings;
}

/**
 * The address guest sign-ups are counted by: an IPv4 address (also when IPv4-mapped), or an IPv6 caller's
 * /64 (one subscriber holds a whole /64), keyed with the app secret so that the stored hash does not give
 * the address back by trying all of them.
 */
export function guestAddressKey(secret: string, ip: string): string {
  let address = ip.trim().toLowerCase().replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped?.[1] !== undefined) address = mapped[1];
  if (isIP(address) === 6) address = `${ipv6Groups(address).slice(0, 4).join(':')}::/64`;
  return hmac(secret, `guest-address.v1|${address}`);
}

/** The eight groups of an IPv6 address, '::' expanded, leading zeros dropped. */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  // An embedded IPv4 tail (::1.2.3.4) counts as two groups; it never falls in the /64 kept, so zeros do.
  const rightGroups = right.flatMap((group) => (group.includes('.') ? ['0', '0'] : [group]));
  const zeros = tail === undefined ? [] : Array<string>(Math.max(0, 8 - left.length - rightGroups.length)).fill('0');
  return [...left, ...zeros, ...rightGroups].map((group) => (Number.parseInt(group, 16) || 0).toString(16));
}

export type GuestLimits = { baseDifficulty: number; dailyLimit: number };

/** The bot-check difficulty the challenge endpoint hands this address now. */
export async function currentGuestDifficulty(db: Queryable, addressHash: string, limits: GuestLimits) {
  const { count } = await countRecentGuests(db, addressHash);
  return guestBotDifficulty(limits.baseDifficulty, count);
}

function limitReached(retryAfterSeconds: number): AppError {
  return new AppError('guest_limit_reached', { headers: { 'retry-after': String(retryAfterSeconds) } });
}

/** Refuses early (before any work) an address that has reached the daily limit. */
export async function assertGuestLimitNotReached(db: Queryable, addressHash: string, limits: GuestLimits) {
  const recent = await countRecentGuests(db, addressHash);
  if (recent.count >= limits.dailyLimit) throw limitReached(recent.oldestExpiresInSeconds);
}

/**
 * Makes one guest for an address, or refuses: at the daily limit (429 guest_limit_reached, Retry-After),
 * or when the solved challenge was issued at less than the difficulty the address's count asks for now
 * (bot_check_failed: a batch of challenges fetched at once and solved cheaply counts for one guest). The
 * count, the check and the reservation of the slot run under a per-address lock, so parallel requests
 * cannot pass the limit; the slot is given back if making the guest fails.
 */
export async function createGuestWithinLimits<T extends { id: number }>(
  db: Database,
  input: { addressHash: string; issuedDifficulty: number; limits: GuestLimits; createGuest: () => Promise<T> },
): Promise<T> {
  const { addressHash, limits } = input;
  const slot = await db.transaction(async (tx) => {
    await lockGuestAddress(tx, addressHash);
    const recent = await countRecentGuests(tx, addressHash);
    if (recent.count >= limits.dailyLimit) throw limitReached(recent.oldestExpiresInSeconds);
    if (input.issuedDifficulty < guestBotDifficulty(limits.baseDifficulty, recent.count)) {
      throw new AppError('bot_check_failed');
    }
    return insertGuestCreation(tx, addressHash);
  });
  let guest: T;
  try {
    guest = await input.createGuest();
  } catch (error) {
    await deleteGuestCreation(db, slot).catch(() => undefined);
    throw error;
  }
  await setGuestCreationUser(db, slot, guest.id);
  return guest;
}
