import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { cardholderSchema, cardSchema, maskedCardNoSchema, pageOf, type AnyCardOperationName } from '@/lib/contract/card-operations';
import type { DbOrTx } from '@/lib/db/client';
import { cardDirectory, cardDirectoryHolders } from '@/lib/db/schema';

/**
 * The platform-owned card directory (lib/db/schema/card-directory.ts, docs/finding-things.md): what
 * the card search and the search box read, whichever processor issued the cards. The gateway hands
 * every successful answer here; the operations that reveal a card or change its state are recorded,
 * the others ignored. Only masked numbers are ever written: an answer whose cardNo is not masked
 * (first 6 + last 4) is not recorded at all.
 */

type Card = z.infer<typeof cardSchema>;
type Holder = z.infer<typeof cardholderSchema>;

const CARD_ANSWERS = new Set<AnyCardOperationName>([
  'card/apply',
  'card/info',
  'card/activate',
  'card/freeze',
  'card/unfreeze',
  'card/cancel',
  'card/renew',
  'card/update',
]);
const HOLDER_ANSWERS = new Set<AnyCardOperationName>(['cardholder/create', 'cardholder/info', 'cardholder/update']);

/** The cards and the cardholder an answer carries, nothing when it is not one to record. */
export function directoryEntriesOf(operation: AnyCardOperationName, data: unknown): { cards: Card[]; holder: Holder | null } {
  const parsed = <T>(schema: z.ZodType<T>, value: unknown): T | null => {
    const r = schema.safeParse(value);
    return r.success ? r.data : null;
  };
  let cards: Card[] = [];
  let holder: Holder | null = null;
  if (CARD_ANSWERS.has(operation)) cards = [parsed(cardSchema, data)].filter((c): c is Card => c !== null);
  else if (operation === 'card/list') cards = parsed(pageOf(cardSchema), data)?.items ?? [];
  else if (operation === 'card/replace') {
    const both = parsed(z.object({ previous: cardSchema, card: cardSchema }), data);
    cards = both ? [both.previous, both.card] : [];
  } else if (HOLDER_ANSWERS.has(operation)) holder = parsed(cardholderSchema, data);
  return { cards: cards.filter((c) => maskedCardNoSchema.safeParse(c.cardNo).success && c.cardNo.endsWith(c.last4)), holder };
}

/** Records what a successful answer says about cards and cardholders, in one transaction, within the tenant. */
export async function recordCardAnswer(db: DbOrTx, tenantId: string, operation: AnyCardOperationName, data: unknown): Promise<void> {
  const { cards, holder } = directoryEntriesOf(operation, data);
  if (cards.length === 0 && !holder) return;
  await db.transaction(async (tx) => {
    if (holder) await upsertHolder(tx, tenantId, holder);
    for (const card of cards) await upsertCard(tx, tenantId, card);
  });
}

async function upsertHolder(tx: DbOrTx, tenantId: string, h: Holder): Promise<void> {
  const fields = { customerId: h.customerId, firstName: h.firstName, lastName: h.lastName, email: h.email, updatedAt: sql`now()` };
  await tx
    .insert(cardDirectoryHolders)
    .values({ tenantId, cardholderId: h.cardholderId, ...fields })
    .onConflictDoUpdate({ target: [cardDirectoryHolders.tenantId, cardDirectoryHolders.cardholderId], set: fields });
  await tx
    .update(cardDirectory)
    .set({ holderFirstName: h.firstName, holderLastName: h.lastName, holderEmail: h.email, updatedAt: sql`now()` })
    .where(and(eq(cardDirectory.tenantId, tenantId), eq(cardDirectory.cardholderId, h.cardholderId)));
}

async function upsertCard(tx: DbOrTx, tenantId: string, c: Card): Promise<void> {
  const [h] = await tx
    .select()
    .from(cardDirectoryHolders)
    .where(and(eq(cardDirectoryHolders.tenantId, tenantId), eq(cardDirectoryHolders.cardholderId, c.cardholderId)));
  const fields = {
    customerId: c.customerId ?? h?.customerId ?? null,
    cardholderId: c.cardholderId,
    last4: c.last4,
    maskedNumber: c.cardNo,
    status: c.status,
    currency: c.currency,
    nickname: c.nickname,
    expiryMonth: c.expiryMonth,
    expiryYear: c.expiryYear,
    issuedAt: new Date(c.createdAt),
    updatedAt: sql`now()`,
    // a holder not seen yet keeps whatever the row already has
    ...(h ? { holderFirstName: h.firstName, holderLastName: h.lastName, holderEmail: h.email } : {}),
  };
  await tx
    .insert(cardDirectory)
    .values({ tenantId, cardId: c.cardId, ...fields })
    .onConflictDoUpdate({ target: [cardDirectory.tenantId, cardDirectory.cardId], set: fields });
}
