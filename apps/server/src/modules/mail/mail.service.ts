import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import type { Queryable } from '../../db/database.ts';
import { insertOutboxMessage } from './mail.repository.ts';

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What the message is for (verify_email, reset_password): logged and kept with outbox messages. */
  kind: string;
  userId: number | null;
};

export type Mailer = {
  /** 'smtp' when configured, else 'outbox'. */
  readonly via: 'smtp' | 'outbox';
  /** Delivers the message or throws; the caller decides whether a failure is shown. */
  send(message: OutgoingMail): Promise<void>;
  close(): void;
};

/** Over SMTP with nodemailer: the message bodies carry one-time links, so they are never logged or stored. */
export function createSmtpMailer(smtp: { url: string; from: string }, logger: FastifyBaseLogger): Mailer {
  const transport = createTransport(smtp.url);
  return {
    via: 'smtp',
    async send(message) {
      const info = await transport.sendMail({
        from: smtp.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      logger.info({ kind: message.kind, userId: message.userId, messageId: info.messageId }, 'mail sent over SMTP');
    },
    close() {
      transport.close();
    },
  };
}

/** No SMTP server: the message is kept in mail_outbox and logged (development, tests, trials). */
export function createOutboxMailer(db: Queryable, logger: FastifyBaseLogger): Mailer {
  return {
    via: 'outbox',
    async send(message) {
      const id = await insertOutboxMessage(db, message);
      logger.info(
        { outboxId: id, kind: message.kind, userId: message.userId, to: message.to, subject: message.subject },
        'mail kept in the local outbox (no SMTP_URL configured)',
      );
    },
    close() {},
  };
}

export function createMailer(
  config: { smtp: { url: string; from: string } | null },
  db: Queryable,
  logger: FastifyBaseLogger,
): Mailer {
  return config.smtp === null ? createOutboxMailer(db, logger) : createSmtpMailer(config.smtp, logger);
}
