import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '@/lib/db/client';
import { getEnv } from '@/lib/env';
import { platformSecret } from '@/lib/services/identity/platform-secrets';

/**
 * The platform data key: encrypts webhook signing secrets at rest (lib/services/webhooks/secrets.ts) and is
 * the master of the card sandbox's subkeys (lib/card-processor/sandbox/core.ts). Its variable and
 * file keep their first user's name (WEBHOOK_ENCRYPTION_KEY, webhook-encryption.key).
 *
 * The key, in order of preference:
 * 1. WEBHOOK_ENCRYPTION_KEY (base64 of 32 bytes): what production should use.
 * 2. With DATABASE_URL and no key: one generated once and kept in platform_secrets, so every
 *    instance on the database shares it (the key then sits next to the ciphertexts: it protects
 *    backups of the webhook tables alone, not a copy of the whole database).
 * 3. Embedded PGlite on disk: one generated once and kept in `<parent of PGLITE_DATA_DIR>/webhook-encryption.key`
 *    (mode 0600), apart from the database files.
 * 4. Embedded PGlite in memory (tests): a random key for the life of the process.
 */
export interface EncryptionKey {
  key: Buffer;
  source: 'environment' | 'database' | 'file' | 'memory';
  /** for the start-up banner */
  description: string;
}

const holder = globalThis as unknown as { __bpWebhookKey?: Promise<EncryptionKey> };

export const KEY_FILE_NAME = 'webhook-encryption.key';

export function keyFilePath(pgliteDataDir: string): string {
  return path.join(path.dirname(path.resolve(pgliteDataDir)), KEY_FILE_NAME);
}

function readOrCreateKeyFile(file: string): Buffer {
  try {
    return decodeKey(readFileSync(file, 'utf8').trim(), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const key = randomBytes(32);
  try {
    // 'wx': never overwrite a key another process wrote in the meantime
    writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return decodeKey(readFileSync(file, 'utf8').trim(), file);
  }
}

function decodeKey(encoded: string, where: string): Buffer {
  const key = Buffer.from(encoded, 'base64');
  if (key.length !== 32) throw new Error(`${where} does not hold a 32-byte base64 key`);
  return key;
}

async function loadKey(db: Db): Promise<EncryptionKey> {
  const env = getEnv();
  if (env.WEBHOOK_ENCRYPTION_KEY) {
    return { key: decodeKey(env.WEBHOOK_ENCRYPTION_KEY, 'WEBHOOK_ENCRYPTION_KEY'), source: 'environment', description: 'WEBHOOK_ENCRYPTION_KEY' };
  }
  if (env.DATABASE_URL) {
    const key = Buffer.from(await platformSecret(db, 'webhook-encryption-key'), 'base64url');
    return {
      key,
      source: 'database',
      description: 'a generated key kept in the database (platform_secrets); set WEBHOOK_ENCRYPTION_KEY in production',
    };
  }
  const dir = env.PGLITE_DATA_DIR;
  if (dir === 'memory://' || dir === ':memory:') {
    return { key: randomBytes(32), source: 'memory', description: 'a key held in memory for the life of this process (in-memory database)' };
  }
  const file = keyFilePath(dir);
  return { key: readOrCreateKeyFile(file), source: 'file', description: `a generated key kept in ${file}` };
}

/** The process's key (loaded once). */
export function encryptionKey(db: Db): Promise<EncryptionKey> {
  holder.__bpWebhookKey ??= loadKey(db).catch((error: unknown) => {
    holder.__bpWebhookKey = undefined;
    throw error;
  });
  return holder.__bpWebhookKey;
}

/** Tests that change the configuration. */
export function resetEncryptionKey(): void {
  holder.__bpWebhookKey = undefined;
}
