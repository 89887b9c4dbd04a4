import { ApiError, type ApiClient, type Schema } from './client.ts';

export const BOT_CHECK_FAILED_MESSAGE = 'The security check failed. Please try again.';

export type AltchaChallenge = {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
};

/** The ALTCHA (v1) challenge of GET /altcha/challenge. */
export const AltchaChallengeSchema: Schema<AltchaChallenge> = {
  safeParse(value) {
    if (typeof value !== 'object' || value === null) return { success: false };
    const v = value as Record<string, unknown>;
    const { algorithm, challenge, maxnumber, salt, signature } = v;
    if (typeof algorithm !== 'string' || typeof challenge !== 'string') return { success: false };
    if (typeof salt !== 'string' || typeof signature !== 'string') return { success: false };
    if (maxnumber !== undefined && (typeof maxnumber !== 'number' || !Number.isInteger(maxnumber) || maxnumber <= 0)) {
      return { success: false };
    }
    const data: AltchaChallenge = { algorithm, challenge, salt, signature };
    if (typeof maxnumber === 'number') data.maxnumber = maxnumber;
    return { success: true, data };
  },
};

/** The bot-check field value: base64 of the solved challenge (the ALTCHA payload). */
export function encodeAltchaPayload(challenge: AltchaChallenge, number: number): string {
  const { algorithm, salt, signature } = challenge;
  return btoa(JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature }));
}

/** Fetches a proof-of-work challenge from the server and solves it in the browser. */
export async function solveBotCheck(client: ApiClient): Promise<string> {
  // The solver loads on demand (a chunk of its own), beside the challenge: only a form that is sent needs it.
  const [challenge, { solveChallenge }] = await Promise.all([
    client.getJson('/altcha/challenge', AltchaChallengeSchema),
    import('altcha-lib/v1'),
  ]);
  const { promise } = solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber);
  const solution = await promise;
  if (solution === null) throw new ApiError(BOT_CHECK_FAILED_MESSAGE, { status: 0, code: 'bot_check_failed' });
  return encodeAltchaPayload(challenge, solution.number);
}
