import type { Queryable } from '../../db/database.ts';

export type OutboxMessage = {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  kind: string;
  user_id: number | null;
  created_at: Date;
};

const COLUMNS = 'id, to_address, subject, text_body, html_body, kind, user_id, created_at';

export async function insertOutboxMessage(
  db: Queryable,
  message: { to: string; subject: string; text: string; html: string; kind: string; userId: number | null },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO mail_outbox (to_address, subject, text_body, html_body, kind, user_id)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [message.to, message.subject, message.text, message.html, message.kind, message.userId],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('insertOutboxMessage returned no row');
  return row.id;
}

export async function listOutboxMessages(db: Queryable, limit: number): Promise<OutboxMessage[]> {
  const { rows } = await db.query<OutboxMessage>(
    `SELECT ${COLUMNS} FROM mail_outbox ORDER BY created_at DESC, id DESC LIMIT $1`,
    [limit],
  );
  return rows;
}

export async function findOutboxMessage(db: Queryable, id: number): Promise<OutboxMessage | null> {
  const { rows } = await db.query<OutboxMessage>(`SELECT ${COLUMNS} FROM mail_outbox WHERE id = $1`, [id]);
  return rows[0] ?? null;
}
