import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { eq, isNull } from 'drizzle-orm';
import { exportJWK, type JWK } from 'jose';
import type { Db } from '@/lib/db/client';
import { signingKeys } from '@/lib/db/schema';
import { getEnv } from '@/lib/env';

/**
 * The EdDSA (Ed25519) keys that sign our tokens. From the environment (JWT_PRIVATE_KEY, JWT_KEY_ID)
 * when configured; otherwise generated once and kept in the database, so every instance on the same
 * database signs with the same key.
 */
export const JWT_ALGORITHM = 'EdDSA' as const;

/** An Ed25519 public key as RFC 8037 writes it (OKP, the curve and x), with our kid, algorithm and use. */
export type PublicJwk = JWK & { kty: string; crv: string; x: string; kid: string; alg: typeof JWT_ALGORITHM; use: 'sig' };

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  publicJwk: PublicJwk;
}

const holder = globalThis as unknown as { __bpSigningKeys?: Promise<SigningKey[]> };

async function toSigningKey(kid: string, privateKey: KeyObject): Promise<SigningKey> {
  const publicKey = createPublicKey(privateKey);
  const { kty, crv, x, ...rest } = await exportJWK(publicKey);
  if (!kty || !crv || !x) throw new Error(`signing key ${kid} is not an OKP key`);
  const publicJwk: PublicJwk = { ...rest, kty, crv, x, kid, alg: JWT_ALGORITHM, use: 'sig' };
  return { kid, privateKey, publicKey, publicJwk };
}

async function load(db: Db): Promise<SigningKey[]> {
  const env = getEnv();
  if (env.JWT_PRIVATE_KEY) {
    const privateKey = createPrivateKey(env.JWT_PRIVATE_KEY);
    if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('JWT_PRIVATE_KEY must be an Ed25519 key');
    return [await toSigningKey(env.JWT_KEY_ID ?? 'env-1', privateKey)];
  }
  let rows = await db.select().from(signingKeys).where(isNull(signingKeys.retiredAt));
  if (rows.length === 0) {
    const { privateKey } = generateKeyPairSync('ed25519');
    const kid = `k-${randomBytes(6).toString('hex')}`;
    const key = await toSigningKey(kid, privateKey);
    await db
      .insert(signingKeys)
      .values({
        kid,
        algorithm: JWT_ALGORITHM,
        publicJwk: key.publicJwk as Record<string, unknown>,
        privatePkcs8: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      })
      .onConflictDoNothing();
    // Two instances may have raced: everyone uses what the table holds.
    rows = await db.select().from(signingKeys).where(isNull(signingKeys.retiredAt));
  }
  rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.kid.localeCompare(b.kid));
  return Promise.all(rows.map((r) => toSigningKey(r.kid, createPrivateKey(r.privatePkcs8))));
}

/** All verification keys, the first one signs. */
export function signingKeysOf(db: Db): Promise<SigningKey[]> {
  holder.__bpSigningKeys ??= load(db).catch((error: unknown) => {
    holder.__bpSigningKeys = undefined;
    throw error;
  });
  return holder.__bpSigningKeys;
}

export function resetSigningKeyCache(): void {
  holder.__bpSigningKeys = undefined;
}

export async function currentSigningKey(db: Db): Promise<SigningKey> {
  return (await signingKeysOf(db))[0]!;
}

export async function findVerificationKey(db: Db, kid: string): Promise<SigningKey | undefined> {
  return (await signingKeysOf(db)).find((k) => k.kid === kid);
}

export async function publicJwks(db: Db): Promise<{ keys: PublicJwk[] }> {
  return { keys: (await signingKeysOf(db)).map((k) => k.publicJwk) };
}

/** The retire path for key rotation (kept for operators; not exposed over HTTP). */
export async function retireSigningKey(db: Db, kid: string): Promise<void> {
  await db.update(signingKeys).set({ retiredAt: new Date() }).where(eq(signingKeys.kid, kid));
  resetSigningKeyCache();
}
