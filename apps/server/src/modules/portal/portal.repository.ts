import type { Queryable } from '../../db/database.ts';

export type PortalRegistrationRecord = {
  user_id: number;
  role: number;
  school_name: string | null;
  how_can_help: string;
  invite: string | null;
  query: string;
  created_at: Date;
};

/** One row per user: registering again (after a login) updates the details. */
export async function upsertPortalRegistration(
  db: Queryable,
  row: {
    userId: number;
    role: number;
    schoolName: string | null;
    howCanHelp: string;
    invite: string | null;
    query: string;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO portal_registrations (user_id, role, school_name, how_can_help, invite, query)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (user_id) DO UPDATE SET role = EXCLUDED.role, school_name = EXCLUDED.school_name,
       how_can_help = EXCLUDED.how_can_help, invite = COALESCE(EXCLUDED.invite, portal_registrations.invite),
       query = EXCLUDED.query`,
    [row.userId, row.role, row.schoolName, row.howCanHelp, row.invite, row.query],
  );
}

export async function findPortalRegistration(db: Queryable, userId: number): Promise<PortalRegistrationRecord | null> {
  const { rows } = await db.query<PortalRegistrationRecord>(
    `SELECT user_id, role, school_name, how_can_help, invite, query, created_at
     FROM portal_registrations WHERE user_id = $1`,
    [userId],
  );
  return rows[0] ?? null;
}
