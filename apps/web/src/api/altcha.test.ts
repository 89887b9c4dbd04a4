import { describe, expect, it } from 'vitest';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import { AltchaChallengeSchema, encodeAltchaPayload, solveBotCheck } from './altcha.ts';
import { resolveSchema, type ApiClient } from './client.ts';

describe('ALTCHA bot check', () => {
  it('solves a server challenge into a payload the server verifies', async () => {
    const hmacKey = 'test-key';
    const challenge = await createChallenge({ hmacKey, maxnumber: 2000 });
    const client: ApiClient = {
      getJson: async (_path, schema) => {
        const parsed = (await resolveSchema(schema)).safeParse(JSON.parse(JSON.stringify(challenge)));
        if (!parsed.success) throw new Error('bad');
        return parsed.data;
      },
      postForm: () => Promise.reject(new Error('unused')),
      postMultipart: () => Promise.reject(new Error('unused')),
      postFormForBlob: () => Promise.reject(new Error('unused')),
    };
    const payload = await solveBotCheck(client);
    await expect(verifySolution(payload, hmacKey)).resolves.toBe(true);
  });

  it('encodes the payload as base64 JSON', () => {
    const payload = encodeAltchaPayload({ algorithm: 'SHA-256', challenge: 'c', salt: 's', signature: 'g' }, 7);
    expect(JSON.parse(atob(payload))).toEqual({
      algorithm: 'SHA-256',
      challenge: 'c',
      number: 7,
      salt: 's',
      signature: 'g',
    });
  });

  it('rejects malformed challenges', () => {
    expect(AltchaChallengeSchema.safeParse({ algorithm: 'SHA-256' }).success).toBe(false);
    expect(AltchaChallengeSchema.safeParse(null).success).toBe(false);
  });
});
