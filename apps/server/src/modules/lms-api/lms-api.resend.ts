import { TEXT_STATE } from '@veritext/contracts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { sha256 } from '../auth/secrets.ts';
import { findSubmitKey, saveSubmitKey } from './lms-api.repository.ts';

/**
 * How long a submission is remembered for a resend: an LMS client's resend of the same text with the same options
 * (the Moodle plugin retries every minute until it stores an id), and an Idempotency-Key. 24 hours.
 */
export const RESEND_WINDOW_SECONDS = 24 * 60 * 60;

/** What makes a submission the same again: who sends it, its Idempotency-Key, whether it is an LMS submission. */
export type SubmitKeys = {
  /** The caller as one string (its user, organisation and LMS token). */
  caller: string;
  /** The Idempotency-Key header (API clients); null when none was sent. */
  idempotencyKey: string | null;
  /** An LMS submission: the same text with the same options again within the window gives the same check. */
  byFingerprint: boolean;
  /** The options beside the text's hash that make a request the same (language, settings, LMS ids…). */
  options: Record<string, unknown>;
};

/** The fingerprint of a request: its text's hash and its options. */
export function requestHashOf(keys: SubmitKeys, textHash: string): string {
  const options = Object.keys(keys.options)
    .sort()
    .map((name) => [name, keys.options[name] ?? null]);
  return sha256(JSON.stringify([textHash, options]));
}

/**
 * The check an earlier, identical request made (inside the submitter's lock), or null: an Idempotency-Key within
 * the window answers its first check (422 idempotency_key_reused when the body differs); an LMS resend of the
 * same text and options answers the check it made unless that check failed.
 */
export async function findEarlierSubmission(
  tx: Queryable,
  keys: SubmitKeys,
  requestHash: string,
): Promise<{ id: number; state: number } | null> {
  if (keys.idempotencyKey !== null) {
    const row = await findSubmitKey(tx, keys.caller, `key:${keys.idempotencyKey}`);
    if (row !== null && row.age_seconds < RESEND_WINDOW_SECONDS) {
      if (row.request_hash !== requestHash) throw new AppError('idempotency_key_reused');
      return { id: row.text_check_id, state: row.state };
    }
  }
  if (keys.byFingerprint) {
    const row = await findSubmitKey(tx, keys.caller, `fp:${requestHash}`);
    if (row !== null && row.age_seconds < RESEND_WINDOW_SECONDS && row.state !== TEXT_STATE.failed) {
      return { id: row.text_check_id, state: row.state };
    }
  }
  return null;
}

export async function rememberSubmission(
  tx: Queryable,
  keys: SubmitKeys,
  requestHash: string,
  textCheckId: number,
): Promise<void> {
  if (keys.idempotencyKey !== null) {
    await saveSubmitKey(tx, { caller: keys.caller, key: `key:${keys.idempotencyKey}`, requestHash, textCheckId });
  }
  if (keys.byFingerprint) {
    await saveSubmitKey(tx, { caller: keys.caller, key: `fp:${requestHash}`, requestHash, textCheckId });
  }
}
