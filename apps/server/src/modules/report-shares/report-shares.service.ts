import { randomBytes } from 'node:crypto';
import {
  REPORT_SHARE_DAYS,
  REPORT_SHARE_MESSAGES,
  REPORT_SHARE_PATH,
  TEXT_STATE,
  type ReportShare,
  type ReportShareForm,
  type SimilarityReport,
} from '@veritext/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { sha256 } from '../auth/secrets.ts';
import { mayDeleteCheck, mayReadCheck, type Caller } from '../groups/group-access.ts';
import type { Mailer } from '../mail/mail.service.ts';
import { mailLanguage, renderMail, type MailLanguage } from '../mail/mail.templates.ts';
import { buildSimilarityReport } from '../text-checks/text-checks.read.ts';
import { findTextCheck, type TextCheckRecord } from '../text-checks/text-checks.repository.ts';
import {
  countSharesBy,
  findActiveShareByTokenHash,
  findShare,
  insertShare,
  listActiveShares,
  revokeShare,
  type ShareRecord,
} from './report-shares.repository.ts';

/*
 * Sharing a Similarity report by e-mail (commerce-and-cabinet.md §2 "share by e-mail"; issue 17: "a link valid for a
 * set time, revocable"). The recipient gets a link `${PUBLIC_URL}/shared-report/{token}` that opens the report
 * without an account for 1, 7 or 30 days, until someone revokes it; only the token's SHA-256 is stored.
 *
 * Who shares, lists and revokes a report's links: an account (not a guest, not a group token: a link is sent in a
 * person's name) who manages the check as groups/group-access.ts mayDeleteCheck says: the author of a personal
 * check; in an organisation its author while a member (a student shares their own work, never anyone else's: they
 * cannot read it), and the organisation's owner and teachers. A removed member still reads what they wrote there
 * but no longer sends it out: it is the organisation's. Anyone else who reads the report: 403; who does not: 404.
 *
 * The shared page reads the report as an outsider does: each source's origin is computed for a reader with no
 * account (source-origins.ts), so the titles of the sharer's or anyone's other checks never reach it.
 */

export type ReportSharesDeps = { db: Database; mailer: Mailer; publicUrl: string; logger: FastifyBaseLogger };

/** How many links one account may send in 24 hours (each is an e-mail to any address). */
export const REPORT_SHARES_PER_DAY = 50;
const DAY_MS = 24 * 60 * 60 * 1000;
const EMAIL_MAX = 254;
const EmailSchema = z.email();

async function manageableCheck(
  db: Queryable,
  caller: Caller,
  id: number,
): Promise<{ check: TextCheckRecord; userId: number }> {
  if (caller.user === null && caller.group === null) throw new AppError('unauthorized');
  const check = await findTextCheck(db, id);
  if (check === null || !(await mayReadCheck(db, caller, check))) throw new AppError('not_found');
  if (caller.user === null || caller.user.is_guest || !(await mayDeleteCheck(db, caller, check))) {
    throw new AppError('forbidden', {
      message:
        'Only an account that manages this check can share it: its author, or a teacher or the owner of its organisation.',
    });
  }
  return { check, userId: caller.user.id };
}

function toShare(record: ShareRecord): ReportShare {
  const name = record.creator_name.trim();
  return {
    id: record.id,
    email: record.email,
    expires_at: record.expires_at.toISOString(),
    created_at: record.created_at.toISOString(),
    shared_by: name === '' ? (record.creator_email ?? '') : name,
  };
}

/** "3 December 2026, 16:40 UTC": when a link stops working, in the e-mail's language. */
export function formatUntil(date: Date, language: MailLanguage): string {
  const text = new Intl.DateTimeFormat(language === 'es' ? 'es-ES' : 'en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(date);
  return `${text} UTC`;
}

function validated(form: ReportShareForm): { email: string; days: number } {
  const email = (form.email ?? '').trim();
  const days = Number((form.days ?? '').trim());
  if (email === '') {
    throw new AppError('validation_failed', {
      message: REPORT_SHARE_MESSAGES.emailRequired,
      fields: { email: 'required' },
    });
  }
  if (email.length > EMAIL_MAX || !EmailSchema.safeParse(email).success) {
    throw new AppError('validation_failed', {
      message: REPORT_SHARE_MESSAGES.emailInvalid,
      fields: { email: 'invalid' },
    });
  }
  if (!(REPORT_SHARE_DAYS as readonly number[]).includes(days)) {
    throw new AppError('validation_failed', {
      message: REPORT_SHARE_MESSAGES.daysInvalid,
      fields: { days: 'invalid' },
    });
  }
  return { email, days };
}

/** POST /api/v1/text/{id}/shares/: makes a link for `days` days and e-mails it to `email`. */
export async function shareReport(
  deps: ReportSharesDeps,
  caller: Caller,
  id: number,
  form: ReportShareForm,
  now: Date = new Date(),
): Promise<ReportShare> {
  const { db } = deps;
  const { check, userId } = await manageableCheck(db, caller, id);
  if (check.state !== TEXT_STATE.ready || check.report === null) {
    throw new AppError('report_not_ready', { message: 'The report can be shared once the check is done.' });
  }
  const { email, days } = validated(form);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + days * DAY_MS);
  const shareId = await db.transaction(async (tx) => {
    // one share at a time per account: the count and the insert see each other
    await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
    if ((await countSharesBy(tx, userId, new Date(now.getTime() - DAY_MS))) >= REPORT_SHARES_PER_DAY) {
      throw new AppError('rate_limited', {
        message: `You can share at most ${String(REPORT_SHARES_PER_DAY)} reports a day. Please try again tomorrow.`,
      });
    }
    return insertShare(tx, { checkId: check.id, createdBy: userId, email, tokenHash: sha256(token), expiresAt });
  });
  const share = await findShare(db, shareId);
  if (share === null) throw new Error('the share just made is gone');

  const language = mailLanguage(caller.user?.language);
  const mail = renderMail('report_shared', language, {
    name: '',
    link: `${deps.publicUrl}${REPORT_SHARE_PATH}${token}`,
    member: share.creator_name.trim() === '' ? (share.creator_email ?? '') : share.creator_name.trim(),
    title: check.title.trim() === '' ? (check.file_name ?? `#${String(check.id)}`) : check.title.trim(),
    until: formatUntil(expiresAt, language),
  });
  try {
    await deps.mailer.send({ to: email, ...mail, kind: 'report_shared', userId });
  } catch (error) {
    // a link nobody received must not stay usable
    await revokeShare(db, { checkId: check.id, shareId, now });
    deps.logger.error({ err: error, shareId }, 'the shared-report e-mail could not be sent');
    throw new AppError('mail_failed', { cause: error });
  }
  deps.logger.info({ shareId, checkId: check.id, userId, days }, 'report shared by e-mail');
  return toShare(share);
}

/** GET /api/v1/text/{id}/shares/: the report's links that still work, newest first. */
export async function listReportShares(
  db: Queryable,
  caller: Caller,
  id: number,
  now = new Date(),
): Promise<ReportShare[]> {
  const { check } = await manageableCheck(db, caller, id);
  return (await listActiveShares(db, check.id, now)).map(toShare);
}

/** POST /api/v1/text/{id}/shares/{shareId}/revoke/: the link stops working at once. */
export async function revokeReportShare(
  db: Queryable,
  caller: Caller,
  input: { id: number; shareId: number },
  now = new Date(),
): Promise<{ id: number }> {
  const { check } = await manageableCheck(db, caller, input.id);
  if (!(await revokeShare(db, { checkId: check.id, shareId: input.shareId, now }))) throw new AppError('not_found');
  return { id: input.shareId };
}

/** The reader of a shared link: no account, no organisation (source-origins.ts names every check "a document"). */
const OUTSIDER: Caller = { user: null, group: null };

/** GET /api/v1/shared-reports/{token}: the report as an outsider reads it, while the link works; else 404. */
export async function readSharedReport(
  db: Queryable,
  token: string,
  now = new Date(),
): Promise<{ report: SimilarityReport; expires_at: string; checked_at: string }> {
  const share = await findActiveShareByTokenHash(db, sha256(token), now);
  const check = share === null ? null : await findTextCheck(db, share.text_check_id);
  if (share === null || check === null || check.state !== TEXT_STATE.ready) throw new AppError('not_found');
  return {
    report: await buildSimilarityReport(db, OUTSIDER, check),
    expires_at: share.expires_at.toISOString(),
    checked_at: check.created_at.toISOString(),
  };
}
