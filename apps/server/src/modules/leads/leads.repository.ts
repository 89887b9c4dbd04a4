import type { LeadType } from '@veritext/contracts';
import type { Queryable } from '../../db/database.ts';

/** The only SQL of the sales forms' leads (table leads, migration 0028). */

export type LeadRecord = {
  id: number;
  type: LeadType;
  name: string;
  email: string;
  phone: string;
  role: string;
  lms: string;
  number_of_students: number | null;
  message: string;
  cta: string;
  previous_url: string;
  language: string;
  public_mail: boolean;
  user_id: number | null;
  created_at: Date;
};

export type NewLead = Omit<LeadRecord, 'id' | 'created_at'> & { address_hash: string };

const COLUMNS = `id, type, name, email, phone, role, lms, number_of_students, message, cta, previous_url, language,
  public_mail, user_id, created_at`;

export async function insertLead(db: Queryable, lead: NewLead): Promise<LeadRecord> {
  const { rows } = await db.query<LeadRecord>(
    `INSERT INTO leads (type, name, email, phone, role, lms, number_of_students, message, cta, previous_url,
       language, public_mail, user_id, address_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     RETURNING ${COLUMNS}`,
    [
      lead.type,
      lead.name,
      lead.email,
      lead.phone,
      lead.role,
      lead.lms,
      lead.number_of_students,
      lead.message,
      lead.cta,
      lead.previous_url,
      lead.language,
      lead.public_mail,
      lead.user_id,
      lead.address_hash,
    ],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('insertLead returned no row');
  return row;
}

/** Submissions of a form type in the last hour from an address, and for an e-mail. */
export async function countRecentLeads(
  db: Queryable,
  input: { type: LeadType; addressHash: string; email: string; withinSeconds: number },
): Promise<{ byAddress: number; byEmail: number }> {
  const { rows } = await db.query<{ by_address: number; by_email: number }>(
    `SELECT
       (SELECT count(*)::int FROM leads WHERE type = $1 AND address_hash = $2
          AND created_at > now() - make_interval(secs => $4)) AS by_address,
       (SELECT count(*)::int FROM leads WHERE type = $1 AND lower(email) = lower($3)
          AND created_at > now() - make_interval(secs => $4)) AS by_email`,
    [input.type, input.addressHash, input.email, input.withinSeconds],
  );
  return { byAddress: rows[0]?.by_address ?? 0, byEmail: rows[0]?.by_email ?? 0 };
}

export type LeadFilter = { type?: LeadType | undefined; from?: string | undefined; to?: string | undefined };

function where(filter: LeadFilter): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (filter.type !== undefined) {
    params.push(filter.type);
    parts.push(`type = $${String(params.length)}`);
  }
  // days are UTC calendar days, both included
  if (filter.from !== undefined) {
    params.push(filter.from);
    parts.push(`created_at >= ($${String(params.length)}::date)::timestamp AT TIME ZONE 'UTC'`);
  }
  if (filter.to !== undefined) {
    params.push(filter.to);
    parts.push(`created_at < (($${String(params.length)}::date + 1)::timestamp AT TIME ZONE 'UTC')`);
  }
  return { sql: parts.length === 0 ? '' : `WHERE ${parts.join(' AND ')}`, params };
}

/** A page of leads, newest first, and how many match. */
export async function listLeads(
  db: Queryable,
  filter: LeadFilter,
  page: { limit: number; offset: number },
): Promise<{ leads: LeadRecord[]; total: number }> {
  const { sql, params } = where(filter);
  const count = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM leads ${sql}`, params);
  const n = params.length;
  const { rows } = await db.query<LeadRecord>(
    `SELECT ${COLUMNS} FROM leads ${sql} ORDER BY created_at DESC, id DESC
     LIMIT $${String(n + 1)} OFFSET $${String(n + 2)}`,
    [...params, page.limit, page.offset],
  );
  return { leads: rows, total: count.rows[0]?.total ?? 0 };
}
