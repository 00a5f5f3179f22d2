import { open, seal } from '@/lib/crypto/aead';

/**
 * Webhook signing secrets at rest: AES-256-GCM with a random 96-bit IV per value and the owning
 * row (tenant and subscription) as additional authenticated data, so a ciphertext copied into
 * another row does not decrypt. Stored as `v1:<iv>:<ciphertext>:<tag>` (base64). The key is the
 * platform data key (lib/services/data-key.ts).
 */
const aad = (owner: { tenantId: string; subscriptionId: string }) => `webhook-secret:${owner.tenantId}:${owner.subscriptionId}`;

export function encryptSecret(key: Buffer, plaintext: string, owner: { tenantId: string; subscriptionId: string }): string {
  return seal(key, plaintext, aad(owner));
}

export function decryptSecret(key: Buffer, stored: string, owner: { tenantId: string; subscriptionId: string }): string {
  return open(key, stored, aad(owner));
}
