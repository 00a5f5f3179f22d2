import { randomBytes } from 'node:crypto';

/** tenantKey is a public identifier; tenantSecret is shown once and stored only as an argon2id hash. */
export function generateTenantKey(): string {
  return `tk_${randomBytes(18).toString('base64url')}`;
}

export function generateTenantSecret(): string {
  return `ts_${randomBytes(32).toString('base64url')}`;
}
