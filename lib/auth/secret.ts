import type { Db } from '@/lib/db/client';
import { getEnv } from '@/lib/env';
import { platformSecret } from '@/lib/services/identity/platform-secrets';

/** next-auth's secret: AUTH_SECRET, else one generated once and kept in the database. */
export async function authSecret(db: Db): Promise<string> {
  return getEnv().AUTH_SECRET ?? platformSecret(db, 'nextauth');
}
