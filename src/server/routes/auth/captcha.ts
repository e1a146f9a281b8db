/**
 * The sign-in captcha: ALTCHA proof of work in the v2 format of altcha-lib (PBKDF2/SHA-256, deterministic
 * effort). The server signs each challenge with a key of its own and, for the known solution, a key
 * signature, so checking a solution is two HMACs, not a key derivation. A solution is spent on first use:
 * its challenge's nonce goes into `spent_captchas` until the challenge expires, so a replay is refused
 * in every process sharing the database.
 */
import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Tx } from '../../db/database';
import { spendCaptcha } from '../../repositories/captcha';

export const CAPTCHA_ALGORITHM = 'PBKDF2/SHA-256';
/** PBKDF2 iterations per try, and the range of tries the browser needs (about a second on a phone's worker). */
export const CAPTCHA_COST = 1_000;
export const CAPTCHA_COUNTER = { min: 1_000, max: 3_000 } as const;
/** Long enough to type a password after solving; a solution outlives its challenge by nothing. */
export const CAPTCHA_TTL_MS = 10 * 60 * 1000;

/** Two keys derived from the configured one: one signs challenges, the other the expected derived key. */
function keys(masterKey: string) {
  const derive = (label: string) => createHmac('sha256', masterKey).update(label).digest('hex');
  return { signature: derive('altcha-challenge'), keySignature: derive('altcha-derived-key') };
}

export async function createCaptchaChallenge(masterKey: string, now = Date.now()): Promise<Challenge> {
  const { signature, keySignature } = keys(masterKey);
  return createChallenge({
    algorithm: CAPTCHA_ALGORITHM,
    cost: CAPTCHA_COST,
    counter: randomInt(CAPTCHA_COUNTER.max, CAPTCHA_COUNTER.min),
    deriveKey,
    expiresAt: new Date(now + CAPTCHA_TTL_MS),
    hmacSignatureSecret: signature,
    hmacKeySignatureSecret: keySignature,
  });
}

/** The widget's payload: base64 of `{challenge, solution}` JSON. Anything else is null. */
function decodePayload(captcha: string): Payload | null {
  try {
    const payload: unknown = JSON.parse(Buffer.from(captcha, 'base64').toString('utf8'));
    if (!payload || typeof payload !== 'object') return null;
    const { challenge, solution } = payload as Partial<Payload>;
    if (
      !challenge ||
      typeof challenge !== 'object' ||
      !challenge.parameters ||
      typeof challenge.parameters !== 'object'
    )
      return null;
    if (!solution || typeof solution !== 'object') return null;
    return { challenge, solution };
  } catch {
    return null;
  }
}

/**
 * True when `captcha` solves a challenge this server signed, not yet expired, and not used before; the
 * solution is spent by this call. A forged, expired, malformed or replayed payload answers false.
 */
export async function checkCaptcha(db: Tx, masterKey: string, captcha: string | undefined): Promise<boolean> {
  if (!captcha) return false;
  const payload = decodePayload(captcha);
  if (!payload) return false;
  const { signature, keySignature } = keys(masterKey);
  const result = await verifySolution({
    challenge: payload.challenge,
    solution: payload.solution,
    deriveKey,
    hmacSignatureSecret: signature,
    hmacKeySignatureSecret: keySignature,
  }).catch(() => null);
  if (!result?.verified) return false;
  // Every challenge this server signs has an expiry and a nonce; both are covered by the signature.
  const { expiresAt, nonce } = payload.challenge.parameters;
  if (typeof expiresAt !== 'number' || typeof nonce !== 'string') return false;
  return spendCaptcha(db, nonce, new Date(expiresAt * 1000));
}
