import { createHmac, randomBytes } from 'node:crypto';
import { SECRET_PREFIX, secretKeyBytes } from '@/lib/contract/webhooks';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): the signed content is
 * `${webhook-id}.${webhook-timestamp}.${body}`, signed with HMAC-SHA256 keyed with the secret's
 * bytes (the base64 after `whsec_`), and carried as `v1,<base64 signature>`. Several signatures
 * (during a secret rotation) are separated by spaces; a receiver accepts any that verifies.
 */
export const USER_AGENT = 'BusinessPlatform-Webhooks/1.0';

/** A new secret: `whsec_` + base64 of 32 random bytes. */
export function generateSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

function keyOf(secret: string): Buffer {
  const bytes = secretKeyBytes(secret);
  if (!bytes) throw new Error('not a whsec_ secret');
  return bytes;
}

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` */
export function sign(secret: string, msgId: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', keyOf(secret)).update(`${msgId}.${timestamp}.${body}`).digest('base64')}`;
}

/** The headers of one delivery attempt; `secrets` are the current one first, then a previous one still in its overlap. */
export function webhookHeaders(args: { msgId: string; timestamp: number; body: string; secrets: string[] }): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    'webhook-id': args.msgId,
    'webhook-timestamp': String(args.timestamp),
    'webhook-signature': args.secrets.map((s) => sign(s, args.msgId, args.timestamp, args.body)).join(' '),
  };
}
