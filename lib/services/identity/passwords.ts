import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with the OWASP Password Storage Cheat Sheet parameters (m=19456 KiB, t=2, p=1).
 * `2` is Algorithm.Argon2id (a const enum that isolated modules cannot import).
 */
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashSecret(plain: string): Promise<string> {
  return hash(plain, ARGON2_OPTIONS);
}

export async function verifySecret(hashed: string, plain: string): Promise<boolean> {
  try {
    return await verify(hashed, plain);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Computes the dummy hash ahead of the first sign-in (start-up), so even that one costs the same. */
export function warmDummyHash(): Promise<string> {
  dummyHash ??= hashSecret('dummy-password-for-timing-equalisation');
  return dummyHash;
}

/**
 * Verifies against a fixed dummy hash: an unknown user costs the same time as a known one, so
 * response timing does not reveal which usernames exist.
 */
export async function verifyAgainstDummy(plain: string): Promise<false> {
  await verifySecret(await warmDummyHash(), plain);
  return false;
}
