import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { SESSION_COOKIE } from '../../http/auth-context.ts';
import { sha256 } from '../auth/secrets.ts';
import { findUserBySessionHash } from '../auth/users.repository.ts';
import { escapeHtml } from './mail.templates.ts';
import { findOutboxMessage, listOutboxMessages } from './mail.repository.ts';

const OutboxIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

export type OutboxRoutesOptions = { db: Database; isEnabled: boolean };

const PAGE_STYLE =
  'body{font-family:system-ui,sans-serif;margin:24px;color:#1f2937}table{border-collapse:collapse}' +
  'td,th{padding:6px 12px;border-bottom:1px solid #e5e7eb;text-align:left}pre{white-space:pre-wrap;background:#f5f7fa;padding:12px}' +
  'iframe{width:100%;height:520px;border:1px solid #e5e7eb}';

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>${PAGE_STYLE}</style></head><body>${body}</body></html>`;
}

/**
 * The local outbox in the browser: GET /dev/outbox lists the newest messages, GET /dev/outbox/{id} shows one
 * (text, and the HTML part in a sandboxed frame). It holds password-reset and verification links, so it is
 * served only in development and only to a site administrator logged in with a session (users.is_admin);
 * anyone else gets the 404 of a page that does not exist.
 */
export const outboxRoutes: FastifyPluginAsyncZod<OutboxRoutesOptions> = async (app, options) => {
  const { db, isEnabled } = options;

  /** Outside the API scope there is no request.auth: the session cookie is resolved here. */
  async function assertAllowed(request: FastifyRequest): Promise<void> {
    if (!isEnabled) throw new AppError('not_found');
    const sessionId = request.cookies[SESSION_COOKIE];
    const user =
      sessionId === undefined || sessionId === '' ? null : await findUserBySessionHash(db, sha256(sessionId));
    if (user?.is_admin !== true) throw new AppError('not_found');
  }

  app.get('/dev/outbox', { schema: { hide: true } }, async (request, reply) => {
    await assertAllowed(request);
    const messages = await listOutboxMessages(db, 200);
    const rows = messages
      .map(
        (m) =>
          `<tr><td>${String(m.id)}</td><td>${escapeHtml(m.created_at.toISOString())}</td><td>${escapeHtml(m.to_address)}</td>` +
          `<td><a href="/dev/outbox/${String(m.id)}">${escapeHtml(m.subject)}</a></td><td>${escapeHtml(m.kind)}</td></tr>`,
      )
      .join('\n');
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    return page(
      'Outbox',
      `<h1>Local outbox</h1><p>E-mail kept here because no SMTP_URL is configured (newest first).</p>` +
        (messages.length === 0
          ? '<p>No messages yet.</p>'
          : `<table><thead><tr><th>#</th><th>Created</th><th>To</th><th>Subject</th><th>Kind</th></tr></thead><tbody>${rows}</tbody></table>`),
    );
  });

  app.get(
    '/dev/outbox/:id',
    // The id is checked after the caller, so that nobody else learns even that the route exists.
    { schema: { hide: true, params: z.object({ id: z.string() }) } },
    async (request, reply) => {
      await assertAllowed(request);
      const id = OutboxIdSchema.safeParse(request.params.id);
      if (!id.success) throw new AppError('not_found');
      const message = await findOutboxMessage(db, id.data);
      if (message === null) throw new AppError('not_found');
      void reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      return page(
        message.subject,
        `<p><a href="/dev/outbox">← Outbox</a></p><h1>${escapeHtml(message.subject)}</h1>` +
          `<p>To: ${escapeHtml(message.to_address)} · ${escapeHtml(message.created_at.toISOString())} · ${escapeHtml(message.kind)}</p>` +
          `<h2>Text</h2><pre>${escapeHtml(message.text_body)}</pre>` +
          `<h2>HTML</h2><iframe sandbox="" title="HTML part" srcdoc="${escapeHtml(message.html_body)}"></iframe>`,
      );
    },
  );
};
