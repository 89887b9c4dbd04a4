import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type CaughtMail = { to: string[]; raw: string };

/** An SMTP server on loopback that keeps every message the product sends (point SMTP_URL at `url`). */
export type MailCatcher = { url: string; mails: CaughtMail[]; close(): Promise<void> };

export async function startMailCatcher(): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString() });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${String(port)}`,
    mails,
    close: () =>
      new Promise<void>((resolve) => {
        smtp.close(() => {
          resolve();
        });
      }),
  };
}
