import type { Notice, NotifyReason } from '@veritext/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { findMembershipsOfUser, type UserRecord } from '../auth/users.repository.ts';
import type { Mailer } from '../mail/mail.service.ts';
import { mailLanguage, renderMail } from '../mail/mail.templates.ts';
import {
  countUnread,
  findGroupOwners,
  hasRecentRequest,
  insertNotice,
  listNotices,
  markRead,
  type NoticeRecord,
} from './notices.repository.ts';

/**
 * The "notify" modal (commerce-and-cabinet.md §6, check-tool.md §5): a member who may not buy for the organisation
 * asks its owner for pages, AI pages or an upgrade. The owner gets an e-mail and a notice in the cabinet; the same
 * member's same request to the same organisation is sent at most once an hour (again within the hour: the member
 * is told it was sent already, nothing new is sent).
 */

export type NoticesDeps = { db: Database; mailer: Mailer; publicUrl: string; logger: FastifyBaseLogger };

const RESEND_AFTER_MS = 60 * 60 * 1000;

export const NOTIFY_MESSAGES = {
  sent: 'Your administrator has been notified.',
  already: 'Your administrator was notified less than an hour ago.',
} as const;

const REQUEST_WORDS: Record<NotifyReason, { en: string; es: string }> = {
  pages: { en: 'more pages', es: 'más páginas' },
  ai_pages: { en: 'more AI pages', es: 'más páginas de IA' },
  upgrade: { en: 'an upgrade of the subscription', es: 'una mejora de la suscripción' },
};

export async function notifyAdmin(
  deps: NoticesDeps,
  member: UserRecord,
  groupId: number,
  reason: NotifyReason,
): Promise<{ message: string }> {
  const membership = (await findMembershipsOfUser(deps.db, member.id)).find((g) => g.id === groupId);
  if (membership === undefined) throw new AppError('not_found');
  if (membership.role === 1) {
    throw new AppError('bad_request', { message: 'You administer this organisation: you can buy for it yourself.' });
  }
  const owners = await findGroupOwners(deps.db, groupId);
  if (owners.length === 0) throw new AppError('not_found');
  const sent = await deps.db.transaction(async (tx) => {
    // one request at a time per member: the check and the insert see each other
    await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [member.id]);
    const since = new Date(Date.now() - RESEND_AFTER_MS);
    if (await hasRecentRequest(tx, { fromUserId: member.id, groupId, reason, since })) return false;
    for (const owner of owners) await insertNotice(tx, { userId: owner.id, reason, groupId, fromUserId: member.id });
    return true;
  });
  if (!sent) return { message: NOTIFY_MESSAGES.already };
  const who = member.name.trim() === '' ? (member.email ?? '') : member.name.trim();
  for (const owner of owners) {
    const language = mailLanguage(owner.language);
    const mail = renderMail('notify_admin', language, {
      name: owner.name,
      link: `${deps.publicUrl}${language === 'es' ? '/es' : ''}/pricing/`,
      member: who,
      group: membership.name,
      request: REQUEST_WORDS[reason][language],
    });
    const delivery = deps.mailer
      .send({ to: owner.email, ...mail, kind: 'notify_admin', userId: owner.id })
      .catch((error: unknown) => {
        deps.logger.error({ err: error, userId: owner.id }, 'notify-admin e-mail could not be sent');
      });
    // the local outbox is one insert into our own database: waiting keeps it inside the request
    if (deps.mailer.via === 'outbox') await delivery;
  }
  deps.logger.info({ groupId, memberId: member.id, reason, owners: owners.length }, 'administrator notified');
  return { message: NOTIFY_MESSAGES.sent };
}

function toNotice(n: NoticeRecord): Notice {
  return {
    id: n.id,
    kind: n.kind,
    reason: n.reason,
    group: { id: n.group_id, name: n.group_name },
    from: { name: n.from_name, email: n.from_email },
    created_at: n.created_at.toISOString(),
    read: n.read_at !== null,
  };
}

export async function noticesOf(db: Database, user: UserRecord): Promise<{ notices: Notice[]; unread: number }> {
  return { notices: (await listNotices(db, user.id)).map(toNotice), unread: await countUnread(db, user.id) };
}

export async function readNotice(db: Database, user: UserRecord, id: number): Promise<void> {
  if (!(await markRead(db, user.id, id))) throw new AppError('not_found');
}
