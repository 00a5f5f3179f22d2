import { and, asc, eq, ne } from 'drizzle-orm';
import type { CardOperationResult } from '@/lib/contract/card-operations';
import { cardWalletTokens } from '@/lib/db/schema';
import { fail, findCard, requireStatus, uuidOr, type OpHandler } from './core';

/** Device wallet tokens: ACTIVE <-> PAUSED -> DELETED (final). Canceling the card deletes them. */
type TokenRow = typeof cardWalletTokens.$inferSelect;
const record = (t: TokenRow): CardOperationResult<'wallet/provision'> => ({
  tokenId: t.id,
  cardId: t.cardId,
  walletType: t.walletType as 'APPLE_PAY' | 'GOOGLE_PAY',
  deviceId: t.deviceId,
  status: t.status,
  createdAt: t.createdAt.toISOString(),
  updatedAt: t.updatedAt.toISOString(),
});

const provision: OpHandler<'wallet/provision'> = async (c) => {
  const card = await findCard(c, c.body.cardNo);
  requireStatus(card, ['ACTIVE']);
  const [existing] = await c.tx
    .select({ id: cardWalletTokens.id })
    .from(cardWalletTokens)
    .where(
      and(
        eq(cardWalletTokens.tenantId, card.tenantId),
        eq(cardWalletTokens.cardId, card.id),
        eq(cardWalletTokens.walletType, c.body.walletType),
        eq(cardWalletTokens.deviceId, c.body.deviceId),
        ne(cardWalletTokens.status, 'DELETED'),
      ),
    );
  if (existing) fail('WALLET_ALREADY_PROVISIONED', { data: { tokenId: existing.id } });
  const [row] = await c.tx
    .insert(cardWalletTokens)
    .values({ tenantId: card.tenantId, cardId: card.id, walletType: c.body.walletType, deviceId: c.body.deviceId, createdAt: c.now, updatedAt: c.now })
    .returning();
  return record(row!);
};

const list: OpHandler<'wallet/token/list'> = async (c) => {
  const card = await findCard(c, c.body.cardNo, false);
  const rows = await c.tx
    .select()
    .from(cardWalletTokens)
    .where(and(eq(cardWalletTokens.tenantId, card.tenantId), eq(cardWalletTokens.cardId, card.id)))
    .orderBy(asc(cardWalletTokens.createdAt), asc(cardWalletTokens.id));
  return { items: rows.map(record) };
};

const MOVES = { PAUSE: { from: ['ACTIVE'], to: 'PAUSED' }, RESUME: { from: ['PAUSED'], to: 'ACTIVE' }, DELETE: { from: ['ACTIVE', 'PAUSED'], to: 'DELETED' } } as const;

const update: OpHandler<'wallet/token/update'> = async (c) => {
  const card = await findCard(c, c.body.cardNo);
  const [token] = await c.tx
    .select()
    .from(cardWalletTokens)
    .where(and(eq(cardWalletTokens.tenantId, card.tenantId), eq(cardWalletTokens.cardId, card.id), eq(cardWalletTokens.id, uuidOr(c.body.tokenId, 'WALLET_TOKEN_NOT_FOUND'))))
    .for('update');
  if (!token) fail('WALLET_TOKEN_NOT_FOUND');
  const move = MOVES[c.body.action];
  if (!(move.from as readonly string[]).includes(token.status)) fail('WALLET_TOKEN_STATE', { data: { status: token.status } });
  if (c.body.action === 'RESUME') requireStatus(card, ['ACTIVE']);
  const [row] = await c.tx
    .update(cardWalletTokens)
    .set({ status: move.to, updatedAt: c.now })
    .where(and(eq(cardWalletTokens.tenantId, card.tenantId), eq(cardWalletTokens.id, token.id)))
    .returning();
  return record(row!);
};

export const walletHandlers = { 'wallet/provision': provision, 'wallet/token/list': list, 'wallet/token/update': update };
