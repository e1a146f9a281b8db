/**
 * Values the server hands to a browser and takes back unchanged: a pending sign-in and a sign-in
 * hand-off (cookies), an event stream's ticket (an address). Each is encrypted and authenticated (JWE,
 * dir + A256GCM) under a key derived from the token signing key for its one purpose, so no kind can be
 * read by the browser or taken for another kind, and each carries its own expiry. Any process sharing
 * JWT_SECRET opens what another sealed: nothing is kept on the server.
 */
import { createHmac } from 'node:crypto';
import { EncryptJWT, jwtDecrypt, type JWTPayload } from 'jose';

export class Seal<T extends object> {
  private readonly key: Uint8Array;

  /**
   * `purpose` names the kind (it derives the key: keep it stable, or every value in flight is refused);
   * `read` rebuilds the value from an opened payload, or refuses it (undefined).
   */
  constructor(
    secret: string,
    purpose: string,
    private readonly seconds: number,
    private readonly read: (payload: JWTPayload) => T | undefined,
  ) {
    this.key = createHmac('sha256', secret).update(purpose).digest();
  }

  seal(value: T): Promise<string> {
    return new EncryptJWT({ ...value } as JWTPayload)
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
      .setIssuedAt()
      .setExpirationTime(`${this.seconds}s`)
      .encrypt(this.key);
  }

  /** The value with its expiry, or undefined for one that is missing, tampered with, expired or malformed. */
  async open(sealed: string | undefined): Promise<(T & { expiresAt: Date }) | undefined> {
    if (!sealed) return undefined;
    try {
      const { payload } = await jwtDecrypt(sealed, this.key, { requiredClaims: ['exp'] });
      const value = this.read(payload);
      return value && { ...value, expiresAt: new Date(payload.exp! * 1000) };
    } catch {
      return undefined;
    }
  }
}
