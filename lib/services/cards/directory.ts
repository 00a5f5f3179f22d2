import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { cardholderSchema, cardSchema, maskedCardNoSchema, pageOf, type AnyCardOperationName } from '@/lib/contract/card-operations';
import { isUuid } from '@/lib/contract/common';
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

const CARD_ANSWERS = new Set<AnyCardOperationName>(['card/apply', 'card/info', 'card/activate', 'card/freeze', 'card/unfreeze', 'card/cancel', 'card/renew', 'card/update']);
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

/**
 * Records what a successful answer says about cards and cardholders, within the tenant. One card and
 * no cardholder (card/info, a freeze, most answers) is one statement on its own; anything more, one
 * transaction. A card row that would not change is not written at all (card/info, read again and
 * again, leaves no dead rows behind).
 */
export async function recordCardAnswer(db: DbOrTx, tenantId: string, operation: AnyCardOperationName, data: unknown): Promise<void> {
  const { cards, holder } = directoryEntriesOf(operation, data);
  if (cards.length === 0 && !holder) return;
  if (cards.length === 1 && !holder) return upsertCard(db, tenantId, cards[0]!);
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

/**
 * One statement: the cardholder's names (and customer, when the card does not say) come from the
 * holders table by subquery; a holder not seen yet keeps whatever the row already has. Prepared
 * (named) with placeholders: built once per database handle instead of on every answer.
 *
 * An answer that says nothing new (most card/info calls) changes nothing and takes no lock: the
 * row to insert is selected only when no row of the card already holds exactly what it would hold
 * afterwards. `ON CONFLICT DO UPDATE ... WHERE` alone writes nothing either, but it locks the row it
 * conflicts with, and a row lock gives the statement a transaction id, a WAL record and a commit
 * that waits for the disk. The conflict's own WHERE stays for an answer racing another.
 */
function buildUpsertCard(db: DbOrTx) {
  const H = cardDirectoryHolders;
  const D = cardDirectory;
  const p = (name: string) => sql.placeholder(name);
  const fromHolder = (column: AnyPgColumn) => sql`(select ${column} from ${H} where ${H.tenantId} = ${p('tenantId')}::uuid and ${H.cardholderId} = ${p('cardholderId')})`;
  const excluded = (column: AnyPgColumn) => sql.raw(`excluded."${column.name}"`);
  // what the answer says of the card, each a placeholder of the same name (with its cast)
  const CARD = {
    cardholderId: '::text',
    last4: '::text',
    maskedNumber: '::text',
    status: '::text',
    currency: '::text',
    nickname: '::text',
    expiryMonth: '::int',
    expiryYear: '::int',
    issuedAt: '::timestamptz',
    productId: '::uuid',
  } as const;
  const HOLDER = ['holderFirstName', 'holderLastName', 'holderEmail'] as const;
  const keys = Object.keys(CARD) as (keyof typeof CARD)[];
  // the row to insert, every column of the table
  const inserted: Record<keyof typeof D._.columns, SQL> = {
    tenantId: sql`${p('tenantId')}::uuid`,
    cardId: sql`${p('cardId')}::text`,
    ...(Object.fromEntries(keys.map((key) => [key, sql`${p(key)}${sql.raw(CARD[key])}`])) as Record<keyof typeof CARD, SQL>),
    customerId: sql`coalesce(${p('customerId')}::uuid, ${fromHolder(H.customerId)})`,
    holderFirstName: sql`${fromHolder(H.firstName)}`,
    holderLastName: sql`${fromHolder(H.lastName)}`,
    holderEmail: sql`${fromHolder(H.email)}`,
    updatedAt: sql`now()`,
  };
  // what a row of the card holds afterwards: the answer's values, the customer as inserted, the
  // holder's names unless not known yet, given the value of each column in the row to insert
  // (`excluded.*` on conflict, the expressions themselves before)
  const afterwards = (proposed: (key: keyof typeof inserted) => SQL) =>
    ({
      ...Object.fromEntries([...keys, 'customerId' as const].map((key) => [key, proposed(key)])),
      ...Object.fromEntries(HOLDER.map((key) => [key, sql`coalesce(${proposed(key)}, ${D[key]})`])),
    }) as Record<keyof typeof CARD | 'customerId' | (typeof HOLDER)[number], SQL>;
  const changed = afterwards((key) => sql`${excluded(D[key])}`);
  const columns = Object.keys(changed) as (keyof typeof changed)[];
  const wouldHold = afterwards((key) => inserted[key]);
  const differs = (to: typeof changed) =>
    sql`(${sql.join(
      columns.map((key) => D[key]),
      sql`, `,
    )}) is distinct from (${sql.join(
      columns.map((key) => to[key]),
      sql`, `,
    )})`;
  const order = Object.keys(getTableColumns(D)) as (keyof typeof D._.columns)[];
  return db
    .insert(D)
    .select(
      sql`select ${sql.join(
        order.map((key) => inserted[key]),
        sql`, `,
      )} where not exists (select 1 from ${D} where ${D.tenantId} = ${p('tenantId')}::uuid and ${D.cardId} = ${p('cardId')}::text and not ${differs(wouldHold)})`,
    )
    .onConflictDoUpdate({
      target: [D.tenantId, D.cardId],
      set: { ...changed, updatedAt: sql`now()` },
      // written only when something would change
      setWhere: differs(changed),
    })
    .prepare('card_directory_upsert');
}
const upserts = new WeakMap<DbOrTx, ReturnType<typeof buildUpsertCard>>();

async function upsertCard(db: DbOrTx, tenantId: string, c: Card): Promise<void> {
  let query = upserts.get(db);
  if (!query) upserts.set(db, (query = buildUpsertCard(db)));
  await query.execute({
    tenantId,
    cardId: c.cardId,
    cardholderId: c.cardholderId,
    last4: c.last4,
    maskedNumber: c.cardNo,
    status: c.status,
    currency: c.currency,
    nickname: c.nickname ?? null,
    expiryMonth: c.expiryMonth,
    expiryYear: c.expiryYear,
    issuedAt: new Date(c.createdAt).toISOString(),
    customerId: c.customerId ?? null,
    // the card product, when the processor names one (the sandbox does; docs/products.md)
    productId: c.productId && isUuid(c.productId) ? c.productId : null,
  });
}
