import { createChallenge, verifySolution } from 'altcha-lib/v1';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../errors.ts';

/** Self-hosted proof of work (ALTCHA): challenges are signed with our secret and accepted once. */
const CHALLENGE_TTL_MS = 10 * 60 * 1000;

export type BotChallenge = {
  algorithm: string;
  challenge: string;
  maxnumber?: number | undefined;
  salt: string;
  signature: string;
};

export async function createBotChallenge(hmacKey: string, difficulty: number): Promise<BotChallenge> {
  return createChallenge({ hmacKey, maxNumber: difficulty, expires: new Date(Date.now() + CHALLENGE_TTL_MS) });
}

type DecodedPayload = { signature: string };

function decode(payload: string): DecodedPayload | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    if (typeof value === 'object' && value !== null && 'signature' in value && typeof value.signature === 'string') {
      return { signature: value.signature };
    }
  } catch {
    // fall through
  }
  return null;
}

/**
 * Verifies a solved challenge (the base64 payload of the ALTCHA widget) and records it as used, so a
 * solution cannot be replayed. Throws bot_check_failed otherwise.
 */
export async function consumeBotSolution(db: Queryable, hmacKey: string, payload: string | undefined): Promise<void> {
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
}
