import {
  AGREEMENT_TYPES,
  AGREEMENT_VERSIONS,
  INFO_VERSION,
  TERMS_VERSION,
  type AgreementType,
  type AgreementVersion,
} from '@veritext/contracts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { upsertAgreement, type AgreementRecord } from './agreements.repository.ts';

export type AgreementAcceptance = { type: AgreementType; version: AgreementVersion };

/** What ticking the terms box at sign-up accepts (check-tool.md §4): terms and privacy of 2018-05-24. */
export const SIGNUP_AGREEMENTS: readonly AgreementAcceptance[] = [
  { type: 'terms', version: TERMS_VERSION },
  { type: 'privacy', version: TERMS_VERSION },
];
export const INFO_AGREEMENT: AgreementAcceptance = { type: 'info', version: INFO_VERSION };

export function parseAgreement(type: string, version: string): AgreementAcceptance {
  const knownType = AGREEMENT_TYPES.find((t) => t === type);
  const knownVersion = AGREEMENT_VERSIONS.find((v) => v === version);
  if (knownType === undefined || knownVersion === undefined) {
    throw new AppError('agreement_unknown', {
      fields: {
        ...(knownType === undefined ? { type: `one of ${AGREEMENT_TYPES.join(', ')}` } : {}),
        ...(knownVersion === undefined ? { version: `one of ${AGREEMENT_VERSIONS.join(', ')}` } : {}),
      },
    });
  }
  return { type: knownType, version: knownVersion };
}

/** Idempotent: accepting again keeps the first acceptance. */
export async function recordAgreements(
  db: Queryable,
  userId: number,
  agreements: readonly AgreementAcceptance[],
  ip: string,
): Promise<AgreementRecord[]> {
  const out: AgreementRecord[] = [];
  for (const agreement of agreements) out.push(await upsertAgreement(db, { userId, ...agreement, ip }));
  return out;
}
