import type { Queryable } from '../../db/database.ts';
import { verifyAgainstDummy, verifyPassword } from './secrets.ts';

/**
 * The per-account limit on password attempts, on top of the per-address rate limit of the routes: after
 * `maxFailures` wrong passwords within `windowSeconds`, the account's password login is locked for
 * `lockSeconds`. A locked account answers exactly as a wrong password does (invalid_credentials), so
 * the lock says nothing about whether the e-mail exists; the right password does not open it early.
 * The current-password checks of the profile count here too, so a stolen session cannot guess it.
 */
export type LoginThrottlePolicy = { maxFailures: number; windowSeconds: number; lockSeconds: number };

export const LOGIN_THROTTLE: LoginThrottlePolicy = { maxFailures: 10, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };

/** Whether the account's password login is locked now. */
export async function isLoginLocked(db: Queryable, userId: number): Promise<boolean> {
  const { rows } = await db.query<{ locked: boolean }>(
    'SELECT locked_until IS NOT NULL AND locked_until > now() AS locked FROM login_throttles WHERE user_id = $1',
    [userId],
  );
  return rows[0]?.locked === true;
}

/**
 * Counts one wrong password. Reaching the limit (at least 2) locks the account and starts a new window.
 * Resolves to whether the account is now locked.
 */
export async function recordLoginFailure(
  db: Queryable,
  userId: number,
  policy: LoginThrottlePolicy = LOGIN_THROTTLE,
): Promise<boolean> {
  // One statement (every SET expression sees the row as it was): parallel attempts all count.
  const next = 'CASE WHEN t.window_started_at <= now() - make_interval(secs => $2) THEN 1 ELSE t.failures + 1 END';
  const { rows } = await db.query<{ locked: boolean }>(
    `INSERT INTO login_throttles AS t (user_id, failures, window_started_at) VALUES ($1, 1, now())
     ON CONFLICT (user_id) DO UPDATE SET
       locked_until = CASE WHEN ${next} >= $3 THEN now() + make_interval(secs => $4) ELSE t.locked_until END,
       failures = CASE WHEN ${next} >= $3 THEN 0 ELSE ${next} END,
       window_started_at = CASE WHEN ${next} >= $3 OR ${next} = 1 THEN now() ELSE t.window_started_at END
     RETURNING t.locked_until IS NOT NULL AND t.locked_until > now() AS locked`,
    [userId, policy.windowSeconds, policy.maxFailures, policy.lockSeconds],
  );
  return rows[0]?.locked === true;
}

/** A successful login (or a new password) clears the count and any lock. */
export async function clearLoginFailures(db: Queryable, userId: number): Promise<void> {
  await db.query('DELETE FROM login_throttles WHERE user_id = $1', [userId]);
}

/**
 * The password check of every login and every current-password confirmation: false when the password is
 * wrong, the account has none (a Google-only account) or the account is locked (then after the time a real
 * verification takes). A wrong password counts towards the lock; a right one clears the count.
 */
export async function checkAccountPassword(
  db: Queryable,
  user: { id: number; password_hash: string | null },
  password: string,
  policy: LoginThrottlePolicy = LOGIN_THROTTLE,
): Promise<boolean> {
  if (user.password_hash === null || (await isLoginLocked(db, user.id))) {
    await verifyAgainstDummy(password);
    return false;
  }
  if (await verifyPassword(user.password_hash, password)) {
    await clearLoginFailures(db, user.id);
    return true;
  }
  await recordLoginFailure(db, user.id, policy);
  return false;
}
