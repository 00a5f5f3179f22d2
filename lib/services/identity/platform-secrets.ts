import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { platformSecrets } from '@/lib/db/schema';

const holder = globalThis as unknown as { __bpSecrets?: Map<string, Promise<string>> };

/**
 * A named random secret generated once and kept in the database (the embedded default for secrets
 * the environment does not configure). Every instance on the database reads the same value.
 */
export function platformSecret(db: Db, name: string): Promise<string> {
  holder.__bpSecrets ??= new Map();
  let pending = holder.__bpSecrets.get(name);
  if (!pending) {
    pending = (async () => {
      await db
        .insert(platformSecrets)
        .values({ name, value: randomBytes(32).toString('base64url') })
        .onConflictDoNothing();
      const [row] = await db.select().from(platformSecrets).where(eq(platformSecrets.name, name));
      return row!.value;
    })();
    pending.catch(() => holder.__bpSecrets?.delete(name));
    holder.__bpSecrets.set(name, pending);
  }
  return pending;
}
