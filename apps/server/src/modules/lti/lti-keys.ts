import { hkdfSync, randomUUID } from 'node:crypto';
import {
  compactDecrypt,
  CompactEncrypt,
  exportJWK,
  exportPKCS8,
  generateKeyPair,
  importPKCS8,
  type CryptoKey,
  type JWK,
} from 'jose';
import type { Queryable } from '../../db/database.ts';

/**
 * The tool's RS256 key pairs (table lti_tool_keys): generated on first need, the private key stored as a JWE
 * (dir + A256GCM, jose) under a key derived from APP_SECRET by HKDF, so a database dump alone signs nothing. The
 * newest key not retired signs; every key not retired, or retired within RETIRED_KEYS_PUBLISHED_DAYS, is in
 * /lti/jwks.json, so platforms that cached the old key keep verifying during a rotation (rotateToolKey).
 */

export const LTI_SIGNING_ALG = 'RS256';
const RETIRED_KEYS_PUBLISHED_DAYS = 7;

type KeyRow = { kid: string; public_jwk: JWK; private_key_jwe: string; created_at: Date };

function wrappingKey(appSecret: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', appSecret, 'veritext-lti-tool-key', 'lti tool private key v1', 32));
}

const decrypted = new Map<string, CryptoKey>();

async function createKey(db: Queryable, appSecret: string): Promise<KeyRow> {
  const { publicKey, privateKey } = await generateKeyPair(LTI_SIGNING_ALG, { extractable: true, modulusLength: 2048 });
  const kid = randomUUID();
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: LTI_SIGNING_ALG, use: 'sig' };
  const pkcs8 = await exportPKCS8(privateKey);
  const jwe = await new CompactEncrypt(new TextEncoder().encode(pkcs8))
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', kid })
    .encrypt(wrappingKey(appSecret));
  const { rows } = await db.query<KeyRow>(
    `INSERT INTO lti_tool_keys (kid, public_jwk, private_key_jwe) VALUES ($1, $2::jsonb, $3)
     RETURNING kid, public_jwk, private_key_jwe, created_at`,
    [kid, JSON.stringify(jwk), jwe],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('lti_tool_keys insert returned no row');
  decrypted.set(kid, privateKey);
  return row;
}

async function openKey(row: KeyRow, appSecret: string): Promise<CryptoKey | null> {
  const known = decrypted.get(row.kid);
  if (known !== undefined) return known;
  try {
    const { plaintext } = await compactDecrypt(row.private_key_jwe, wrappingKey(appSecret));
    const key = await importPKCS8(new TextDecoder().decode(plaintext), LTI_SIGNING_ALG);
    decrypted.set(row.kid, key);
    return key;
  } catch {
    return null;
  }
}

/** The key that signs now (created when there is none; a key APP_SECRET no longer opens is retired and replaced). */
export async function toolSigningKey(db: Queryable, appSecret: string): Promise<{ kid: string; key: CryptoKey }> {
  const { rows } = await db.query<KeyRow>(
    `SELECT kid, public_jwk, private_key_jwe, created_at FROM lti_tool_keys WHERE retired_at IS NULL
     ORDER BY created_at DESC, kid LIMIT 1`,
  );
  const current = rows[0];
  if (current !== undefined) {
    const key = await openKey(current, appSecret);
    if (key !== null) return { kid: current.kid, key };
    // APP_SECRET changed: the stored key cannot sign any more; platforms pick the new one from the JWKS.
    await db.query('UPDATE lti_tool_keys SET retired_at = now() WHERE kid = $1', [current.kid]);
  }
  const created = await createKey(db, appSecret);
  const key = decrypted.get(created.kid);
  if (key === undefined) throw new Error('the new LTI key is not at hand');
  return { kid: created.kid, key };
}

/** The public keys platforms verify our messages with (/lti/jwks.json); one is created when there is none. */
export async function toolJwks(db: Queryable, appSecret: string): Promise<{ keys: JWK[] }> {
  const read = () =>
    db.query<{ public_jwk: JWK }>(
      `SELECT public_jwk FROM lti_tool_keys
       WHERE retired_at IS NULL OR retired_at > now() - make_interval(days => $1)
       ORDER BY created_at DESC, kid`,
      [RETIRED_KEYS_PUBLISHED_DAYS],
    );
  let { rows } = await read();
  if (rows.length === 0) {
    await toolSigningKey(db, appSecret);
    ({ rows } = await read());
  }
  return { keys: rows.map((row) => row.public_jwk) };
}

/** A new signing key; the old ones are retired (still published for RETIRED_KEYS_PUBLISHED_DAYS days). */
export async function rotateToolKey(db: Queryable, appSecret: string): Promise<string> {
  await db.query('UPDATE lti_tool_keys SET retired_at = now() WHERE retired_at IS NULL');
  return (await createKey(db, appSecret)).kid;
}
