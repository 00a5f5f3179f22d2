import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM with a random 96-bit IV per value and additional authenticated data naming the
 * owning row, so a ciphertext copied into another row does not decrypt. Stored as
 * `v1:<iv>:<ciphertext>:<tag>` (base64). Used for webhook signing secrets and card numbers.
 */
export function seal(key: Buffer, plaintext: string, aad: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), ciphertext.toString('base64'), cipher.getAuthTag().toString('base64')].join(':');
}

export function open(key: Buffer, stored: string, aad: string): string {
  const [version, iv, ciphertext, tag] = stored.split(':');
  if (version !== 'v1' || !iv || !ciphertext || !tag) throw new Error('unknown secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]).toString('utf8');
}

/** A 32-byte subkey of a master key for one purpose (HKDF-SHA256), so one key never serves two uses. */
export function deriveKey(master: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), Buffer.from(purpose), 32));
}
