import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A login code of spec §5: A–Z0–9 from a CSPRNG. */
export function newLoginCode(length = 6): string {
  let code = '';
  for (let i = 0; i < length; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** An opaque bearer secret: `bytes` of randomness, URL-safe. */
export function newSecretToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are stored only as their SHA-256 (they carry enough entropy that no salt is needed). */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Short codes are guessable offline, so they are keyed with the server secret. */
export function hmac(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('hex');
}

export function safeEqualHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
