import type { AgreementType, AgreementVersion } from '@veritext/contracts';
import type { Queryable } from '../../db/database.ts';

export type AgreementRecord = {
  user_id: number;
  type: AgreementType;
  version: AgreementVersion;
  accepted_at: Date;
  ip: string;
};

/** Records an acceptance once: a repeat keeps the first time and address. */
export async function upsertAgreement(
  db: Queryable,
  agreement: { userId: number; type: AgreementType; version: AgreementVersion; ip: string },
): Promise<AgreementRecord> {
  await db.query(
    `INSERT INTO agreements (user_id, type, version, ip) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id, type, version) DO NOTHING`,
    [agreement.userId, agreement.type, agreement.version, agreement.ip],
  );
  const { rows } = await db.query<AgreementRecord>(
    'SELECT user_id, type, version, accepted_at, ip FROM agreements WHERE user_id = $1 AND type = $2 AND version = $3',
    [agreement.userId, agreement.type, agreement.version],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('upsertAgreement found no row');
  return row;
}

export async function findAgreementsOfUser(db: Queryable, userId: number): Promise<AgreementRecord[]> {
  const { rows } = await db.query<AgreementRecord>(
    'SELECT user_id, type, version, accepted_at, ip FROM agreements WHERE user_id = $1 ORDER BY type, version',
    [userId],
  );
  return rows;
}
