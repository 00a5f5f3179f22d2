import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { and, asc, count, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { clock } from '@/lib/clock';
import {
  DEFAULT_FOUR_EYES_THRESHOLD,
  type CreateTransferBody,
  type ListTransfersQuery,
  type Transfer,
  type TransferDetail,
  type TransferSettings,
} from '@/lib/contract/wallets';
import type { Db, DbOrTx } from '@/lib/db/client';
import { beneficiaries, customers, journalEntries, paymentConsents, transferSettings, transfers, users, wallets, type CustomerRow, type TransferRow, type WalletRow } from '@/lib/db/schema';
import { approverMustDiffer, beneficiaryInactive, beneficiaryNotFound, currencyMismatch, destinationCurrencyMismatch, insufficientBalance, notFound, paymentConsentInvalid, paymentConsentRequired, walletNotActive, transferNotPending } from '@/lib/contract/api-errors';
import { emitEvent } from '@/lib/services/events/emit';
import { postEntry, systemAccount } from '@/lib/services/ledger/post-entry';
import { customerNotActive, emptyPage, fmt, iso, listCustomer, pageRows, type Actor } from './access';
import { claim, complete, release, transferScope } from './idempotency';
import { assertWithinLimits } from './limits';
import { effectiveStatus } from './payment-consents';

/**
 * Transfers (docs/ledger.md). One transaction per transfer: lock the customer and the wallet row,
 * check wallet, beneficiary, consent, limits and balance, post the balanced entry, move the
 * wallet's balance, insert the transfer and emit its events. Above the tenant's four-eyes
 * threshold the money is held on the clearing account until a TRANSACTION_APPROVER other than the
 * initiator approves (clearing -> outgoing settlement) or rejects (clearing -> wallet).
 */
type BeneficiaryRef = { id: string; name: string; iban: string };
type WalletRef = { id: string; customerId: string; name: string };
/** What a transfer row shows besides its own columns: payee, credited wallet, people's names. */
interface Refs {
  beneficiary: BeneficiaryRef | null;
  destinationWallet: WalletRef | null;
  names: Map<string, string>;
}

function toTransfer(row: TransferRow, refs: Refs): Transfer {
  return {
    id: row.id,
    type: row.destinationWalletId ? 'WALLET_TRANSFER' : 'PAYOUT',
    customerId: row.customerId,
    walletId: row.walletId,
    beneficiary: refs.beneficiary,
    destinationWallet: refs.destinationWallet,
    paymentConsentId: row.paymentConsentId,
    amount: fmt(row.amount, row.currency),
    currency: row.currency as Transfer['currency'],
    reference: row.reference,
    status: row.status,
    requiresApproval: row.status === 'PENDING_APPROVAL' || row.approvedBy !== null,
    initiatedBy: row.initiatedBy,
    initiatedByName: refs.names.get(row.initiatedBy) ?? row.initiatedBy,
    approvedBy: row.approvedBy,
    approvedByName: row.approvedBy ? (refs.names.get(row.approvedBy) ?? row.approvedBy) : null,
    decidedAt: iso(row.decidedAt),
    rejectionReason: row.rejectionReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

// ------------------------------------------------------------------------------------------------
// Settings
// ------------------------------------------------------------------------------------------------

export async function getTransferSettings(db: DbOrTx, tenantId: string): Promise<TransferSettings> {
  const [row] = await db.select().from(transferSettings).where(eq(transferSettings.tenantId, tenantId));
  if (!row) return { fourEyesThreshold: DEFAULT_FOUR_EYES_THRESHOLD };
  return { fourEyesThreshold: row.fourEyesThreshold === null ? null : new Decimal(row.fourEyesThreshold).toFixed() };
}

export async function updateTransferSettings(db: DbOrTx, tenantId: string, body: TransferSettings): Promise<TransferSettings> {
  await db
    .insert(transferSettings)
    .values({ tenantId, fourEyesThreshold: body.fourEyesThreshold, updatedAt: clock.now() })
    .onConflictDoUpdate({ target: transferSettings.tenantId, set: { fourEyesThreshold: body.fourEyesThreshold, updatedAt: clock.now() } });
  return getTransferSettings(db, tenantId);
}

// ------------------------------------------------------------------------------------------------
// Create
// ------------------------------------------------------------------------------------------------

export interface TransferAnswer {
  status: number;
  message: string;
  data: Transfer;
  /** true when this is the stored answer of an earlier request with the same Idempotency-Key */
  replayed: boolean;
}

/**
 * A payout needs a consent from everyone; a wallet transfer needs one when a customer's user starts
 * it (the customer authorizes its own payments), not when an administrator moves money.
 */
const consentRequired = (actor: Actor, body: CreateTransferBody) => !body.paymentConsentId && (!body.destinationWalletId || actor.customerId !== null);

/** POST /transfers with its Idempotency-Key (see idempotency.ts). */
export async function createTransfer(db: Db, tenantId: string, actor: Actor, idempotencyKey: string, body: CreateTransferBody): Promise<TransferAnswer> {
  if (consentRequired(actor, body)) throw paymentConsentRequired();
  const scope = transferScope(tenantId, actor.userId, idempotencyKey);
  const stored = await claim(db, scope, body);
  if (stored) return { status: stored.status, message: String(stored.body.message), data: stored.body.data as Transfer, replayed: true };
  try {
    return await db.transaction(async (tx) => {
      const answer = await executeTransfer(tx, tenantId, actor, body);
      await complete(tx, scope, { status: 200, body: { message: answer.message, data: answer.data } });
      return { status: 200, ...answer, replayed: false };
    });
  } catch (error) {
    // nothing was posted: free the key so the client may retry (with the same key) after fixing the cause
    await release(db, scope).catch(() => undefined);
    throw error;
  }
}

/**
 * The row locks of a transfer, always in one global order: customers before wallets, each kind by
 * id. A payout locks one customer and one wallet; a wallet transfer both customers and both
 * wallets. Two transfers in opposite directions between the same wallets therefore wait for each
 * other instead of deadlocking. The customer locks serialize a customer's transfers so that
 * customer-wide limits see each other's usage.
 */
async function lockRows(tx: DbOrTx, tenantId: string, customerIds: string[], walletIds: string[]) {
  // one statement per kind: PostgreSQL locks the rows in the ORDER BY's order (the lock is taken above the sort)
  const lockedCustomers = await tx
    .select({ id: customers.id, status: customers.status })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), inArray(customers.id, [...new Set(customerIds)])))
    .orderBy(asc(customers.id))
    .for('no key update');
  const lockedWallets = await tx
    .select()
    .from(wallets)
    .where(and(eq(wallets.tenantId, tenantId), inArray(wallets.id, [...new Set(walletIds)])))
    .orderBy(asc(wallets.id))
    .for('update');
  return {
    customerStatus: new Map<string, CustomerRow['status']>(lockedCustomers.map((c) => [c.id, c.status])),
    walletRows: new Map<string, WalletRow>(lockedWallets.map((w) => [w.id, w])),
  };
}

async function executeTransfer(tx: DbOrTx, tenantId: string, actor: Actor, body: CreateTransferBody) {
  // 1. the wallets (the source: 404 when the actor may not see it; the destination: any wallet of the tenant) in one read,
  //    the settings and the initiator's name (nothing of these needs the locks), then the locks
  const ids = body.destinationWalletId ? [body.walletId, body.destinationWalletId] : [body.walletId];
  const [found, settings, initiator] = await Promise.all([
    tx
      .select({ id: wallets.id, customerId: wallets.customerId })
      .from(wallets)
      .where(and(eq(wallets.tenantId, tenantId), inArray(wallets.id, ids))),
    getTransferSettings(tx, tenantId),
    tx
      .select({ firstName: users.firstName, lastName: users.lastName, username: users.username })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.id, actor.userId))),
  ]);
  const seen = found.find((w) => w.id === body.walletId && (!actor.customerId || w.customerId === actor.customerId));
  if (!seen) throw notFound('wallet');
  let destinationCustomerId: string | null = null;
  if (body.destinationWalletId) {
    const dest = found.find((w) => w.id === body.destinationWalletId);
    if (!dest) throw notFound('destination wallet');
    destinationCustomerId = dest.customerId;
  }
  const { customerStatus, walletRows } = await lockRows(
    tx,
    tenantId,
    destinationCustomerId ? [seen.customerId, destinationCustomerId] : [seen.customerId],
    body.destinationWalletId ? [body.walletId, body.destinationWalletId] : [body.walletId],
  );
  const wallet = walletRows.get(body.walletId)!;
  const customerStatusNow = customerStatus.get(seen.customerId)!;
  if (customerStatusNow !== 'ACTIVE') throw customerNotActive(seen.customerId, customerStatusNow);
  if (wallet.status !== 'ACTIVE') throw walletNotActive(wallet.id, wallet.status);
  if (wallet.currency !== body.currency) throw currencyMismatch(wallet.currency, body.currency);

  // 2. the payee: the destination wallet (ACTIVE, same currency, ACTIVE customer) or a saved, active beneficiary
  let beneficiary: BeneficiaryRef | null = null;
  let destination: WalletRow | null = null;
  if (body.destinationWalletId) {
    destination = walletRows.get(body.destinationWalletId)!;
    if (destination.status !== 'ACTIVE') throw walletNotActive(destination.id, destination.status);
    if (destination.currency !== body.currency) throw destinationCurrencyMismatch(destination.id, destination.currency, body.currency);
    const destStatus = customerStatus.get(destination.customerId)!;
    if (destStatus !== 'ACTIVE') throw customerNotActive(destination.customerId, destStatus);
  } else {
    const ref = body.beneficiary!;
    const [found] = await tx
      .select()
      .from(beneficiaries)
      .where(
        and(
          eq(beneficiaries.tenantId, tenantId),
          eq(beneficiaries.customerId, wallet.customerId),
          'id' in ref ? eq(beneficiaries.id, ref.id) : eq(beneficiaries.iban, ref.iban),
        ),
      )
      .orderBy(beneficiaries.status) // ACTIVE before INACTIVE when one IBAN was saved twice
      .limit(1);
    if (!found) {
      throw 'id' in ref
        ? beneficiaryNotFound('', `no beneficiary ${ref.id} for this customer; create it first: POST /api/v2.1/beneficiaries`)
        : beneficiaryNotFound(ref.iban, 'no saved beneficiary has this IBAN; create it first: POST /api/v2.1/beneficiaries');
    }
    if (found.status !== 'ACTIVE') throw beneficiaryInactive(found.id, found.iban);
    beneficiary = { id: found.id, name: found.name, iban: found.iban };
  }

  // 3. the payment consent (when one is given or required)
  const amount = new Decimal(body.amount);
  const consentId = body.paymentConsentId ?? null;
  if (consentId) await assertConsent(tx, tenantId, wallet, consentId, body.currency, amount);

  // 4. limits, then the balance
  await assertWithinLimits(tx, tenantId, wallet, body.amount);
  if (amount.gt(wallet.balance)) throw insufficientBalance(fmt(wallet.balance, wallet.currency), fmt(amount, wallet.currency), wallet.currency);

  // 5. post: at once (to outgoing settlement or the destination wallet), or held on clearing above the four-eyes threshold
  const { fourEyesThreshold } = settings;
  const requiresApproval = fourEyesThreshold !== null && amount.gt(fourEyesThreshold);
  const transferId = randomUUID();
  const now = clock.now();
  const [row] = await tx
    .insert(transfers)
    .values({
      id: transferId,
      tenantId,
      customerId: wallet.customerId,
      walletId: wallet.id,
      beneficiaryId: beneficiary?.id ?? null,
      destinationWalletId: destination?.id ?? null,
      destinationCustomerId: destination?.customerId ?? null,
      paymentConsentId: consentId,
      amount: body.amount,
      currency: body.currency,
      reference: body.reference,
      status: requiresApproval ? 'PENDING_APPROVAL' : 'COMPLETED',
      initiatedBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const counterpart = requiresApproval
    ? await systemAccount(tx, tenantId, 'TRANSFER_CLEARING', wallet.currency)
    : (destination?.id ?? (await systemAccount(tx, tenantId, 'OUTGOING_SETTLEMENT', wallet.currency)));
  const payee = destination ? `wallet ${destination.name} (${destination.id.slice(0, 8)})` : beneficiary!.name;
  await postEntry(tx, tenantId, {
    kind: requiresApproval ? 'TRANSFER_HOLD' : 'TRANSFER_SETTLEMENT',
    transferId,
    description: destination
      ? `transfer from wallet ${wallet.name} (${wallet.id.slice(0, 8)}) to ${payee}: ${body.reference}`
      : `transfer to ${payee}: ${body.reference}`,
    lines: [
      { accountId: wallet.id, side: 'DEBIT', amount: body.amount, currency: wallet.currency },
      { accountId: counterpart, side: 'CREDIT', amount: body.amount, currency: wallet.currency },
    ],
  });
  await moveBalance(tx, tenantId, wallet.id, amount.neg());
  if (destination && !requiresApproval) await moveBalance(tx, tenantId, destination.id, amount);
  const transfer = toTransfer(row!, {
    beneficiary,
    destinationWallet: destination ? { id: destination.id, customerId: destination.customerId, name: destination.name } : null,
    names: new Map(initiator[0] ? [[actor.userId, displayName(initiator[0])]] : []),
  });
  await emitEvent(tx, tenantId, 'transfer.created', {
    transferId,
    type: transfer.type,
    customerId: transfer.customerId,
    walletId: transfer.walletId,
    beneficiaryId: beneficiary?.id ?? null,
    destinationWalletId: destination?.id ?? null,
    amount: transfer.amount,
    currency: transfer.currency,
    status: requiresApproval ? 'PENDING_APPROVAL' : 'COMPLETED',
    initiatedBy: actor.userId,
  });
  return { message: requiresApproval ? 'transfer awaiting approval' : 'transfer completed', data: transfer };
}

/** 422 payment consent invalid unless the consent covers this payment from this wallet. */
async function assertConsent(tx: DbOrTx, tenantId: string, wallet: WalletRow, consentId: string, currency: string, amount: Decimal) {
  const [consent] = await tx
    .select()
    .from(paymentConsents)
    .where(and(eq(paymentConsents.tenantId, tenantId), eq(paymentConsents.id, consentId), eq(paymentConsents.customerId, wallet.customerId)));
  if (!consent) throw paymentConsentInvalid(consentId, 'NOT_FOUND', 'no payment consent with this id for the wallet\'s customer');
  const consentStatus = effectiveStatus(consent);
  if (consentStatus === 'REVOKED') throw paymentConsentInvalid(consentId, 'REVOKED', `the consent was revoked at ${iso(consent.revokedAt)}`);
  if (consentStatus === 'EXPIRED') throw paymentConsentInvalid(consentId, 'EXPIRED', `the consent expired at ${consent.expiresAt.toISOString()}`);
  if (consent.walletId !== wallet.id) throw paymentConsentInvalid(consentId, 'WALLET_MISMATCH', `the consent covers wallet ${consent.walletId}, not ${wallet.id}`);
  if (consent.currency !== currency) throw paymentConsentInvalid(consentId, 'CURRENCY_MISMATCH', `the consent covers ${consent.currency}, not ${currency}`);
  if (amount.gt(consent.maxAmountPerPayment)) {
    throw paymentConsentInvalid(consentId, 'AMOUNT_EXCEEDED', `the consent allows at most ${fmt(consent.maxAmountPerPayment, consent.currency)} ${consent.currency} per payment`);
  }
  if (consent.scope === 'SINGLE_PAYMENT') {
    const [used] = await tx
      .select({ n: count() })
      .from(transfers)
      .where(and(eq(transfers.tenantId, tenantId), eq(transfers.paymentConsentId, consentId), inArray(transfers.status, ['PENDING_APPROVAL', 'COMPLETED'])));
    if (used!.n > 0) throw paymentConsentInvalid(consentId, 'ALREADY_USED', 'a SINGLE_PAYMENT consent covers one transfer and was used');
  }
}

/** balance += delta on the locked wallet row; the check constraint refuses a negative balance. */
async function moveBalance(tx: DbOrTx, tenantId: string, walletId: string, delta: Decimal): Promise<void> {
  await tx
    .update(wallets)
    .set({ balance: sql`${wallets.balance} + ${delta.toFixed()}::numeric`, updatedAt: clock.now() })
    .where(and(eq(wallets.tenantId, tenantId), eq(wallets.id, walletId)));
}

// ------------------------------------------------------------------------------------------------
// Read
// ------------------------------------------------------------------------------------------------

const displayName = (u: { firstName: string | null; lastName: string | null; username: string }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username;

/** Transfers with their payee, credited wallet and the names of initiator and decider: three reads in parallel. */
async function hydrate(db: DbOrTx, tenantId: string, rows: TransferRow[]): Promise<Transfer[]> {
  if (rows.length === 0) return [];
  const beneficiaryIds = [...new Set(rows.flatMap((r) => (r.beneficiaryId ? [r.beneficiaryId] : [])))];
  const walletIds = [...new Set(rows.flatMap((r) => (r.destinationWalletId ? [r.destinationWalletId] : [])))];
  const userIds = [...new Set(rows.flatMap((r) => (r.approvedBy ? [r.initiatedBy, r.approvedBy] : [r.initiatedBy])))];
  const [refs, dests, people] = await Promise.all([
    beneficiaryIds.length
      ? db
          .select({ id: beneficiaries.id, name: beneficiaries.name, iban: beneficiaries.iban })
          .from(beneficiaries)
          .where(and(eq(beneficiaries.tenantId, tenantId), inArray(beneficiaries.id, beneficiaryIds)))
      : Promise.resolve([]),
    walletIds.length
      ? db
          .select({ id: wallets.id, customerId: wallets.customerId, name: wallets.name })
          .from(wallets)
          .where(and(eq(wallets.tenantId, tenantId), inArray(wallets.id, walletIds)))
      : Promise.resolve([]),
    db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), inArray(users.id, userIds))),
  ]);
  const byId = new Map(refs.map((b) => [b.id, b]));
  const walletById = new Map(dests.map((w) => [w.id, w]));
  const names = new Map(people.map((u) => [u.id, displayName(u)]));
  return rows.map((r) =>
    toTransfer(r, {
      beneficiary: r.beneficiaryId ? byId.get(r.beneficiaryId)! : null,
      destinationWallet: r.destinationWalletId ? walletById.get(r.destinationWalletId)! : null,
      names,
    }),
  );
}

/** A customer's user sees the transfers it sent and the wallet transfers it received. */
const customerScope = (customerId: string) => or(eq(transfers.customerId, customerId), eq(transfers.destinationCustomerId, customerId));

export async function listTransfers(db: DbOrTx, tenantId: string, actor: Actor, query: ListTransfersQuery) {
  const customerId = listCustomer(actor, query.customerId);
  if (customerId === false) return emptyPage(query);
  const where = and(
    eq(transfers.tenantId, tenantId),
    customerId ? customerScope(customerId) : undefined,
    query.walletId ? or(eq(transfers.walletId, query.walletId), eq(transfers.destinationWalletId, query.walletId)) : undefined,
    query.status ? eq(transfers.status, query.status) : undefined,
    query.type === 'PAYOUT' ? isNull(transfers.destinationWalletId) : query.type === 'WALLET_TRANSFER' ? isNotNull(transfers.destinationWalletId) : undefined,
  );
  const { rows, total } = await pageRows(db, transfers, where, query);
  return { items: await hydrate(db, tenantId, rows), page: query.page, pageSize: query.pageSize, total };
}

const scoped = (tenantId: string, actor: Actor, id: string) =>
  and(eq(transfers.tenantId, tenantId), eq(transfers.id, id), actor.customerId ? customerScope(actor.customerId) : undefined);

/** GET /transfers/{id}: the transfer, its status history (from its own columns) and its ledger entries. */
export async function getTransfer(db: DbOrTx, tenantId: string, actor: Actor, id: string): Promise<TransferDetail> {
  const [row] = await db.select().from(transfers).where(scoped(tenantId, actor, id));
  if (!row) throw notFound('transfer');
  const [[transfer], entries] = await Promise.all([
    hydrate(db, tenantId, [row]),
    db
      .select({ entryId: journalEntries.id, kind: journalEntries.kind, description: journalEntries.description, postedAt: journalEntries.postedAt })
      .from(journalEntries)
      .where(and(eq(journalEntries.tenantId, tenantId), eq(journalEntries.transferId, id)))
      .orderBy(asc(journalEntries.postedAt), asc(journalEntries.id)),
  ]);
  const t = transfer!;
  const history: TransferDetail['history'] = [
    {
      status: t.requiresApproval ? 'PENDING_APPROVAL' : 'COMPLETED',
      at: t.createdAt,
      by: t.initiatedBy,
      byName: t.initiatedByName,
      reason: null,
    },
  ];
  if (t.decidedAt) history.push({ status: t.status, at: t.decidedAt, by: t.approvedBy, byName: t.approvedByName, reason: t.rejectionReason });
  return { ...t, history, entries: entries.map((e) => ({ ...e, postedAt: e.postedAt.toISOString() })) };
}

// ------------------------------------------------------------------------------------------------
// Four-eyes decision
// ------------------------------------------------------------------------------------------------

/**
 * Approve or reject a PENDING_APPROVAL transfer. The decider must not be the initiator. Approval
 * moves the held money from clearing to outgoing settlement (a payout) or to the destination wallet
 * (a wallet transfer); if meanwhile a wallet or customer of the transfer stopped being ACTIVE the
 * transfer FAILS instead and the money goes back, like a rejection.
 */
export async function decideTransfer(db: Db, tenantId: string, actor: Actor, id: string, decision: 'approve' | 'reject', reason?: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(transfers).where(scoped(tenantId, actor, id)).for('update');
    if (!row) throw notFound('transfer');
    if (row.status !== 'PENDING_APPROVAL') {
      throw transferNotPending(id, row.status);
    }
    if (row.initiatedBy === actor.userId) throw approverMustDiffer(id, row.initiatedBy, actor.userId);
    const destId = row.destinationWalletId;
    const { customerStatus, walletRows } = await lockRows(
      tx,
      tenantId,
      row.destinationCustomerId ? [row.customerId, row.destinationCustomerId] : [row.customerId],
      destId ? [row.walletId, destId] : [row.walletId],
    );
    const wallet = walletRows.get(row.walletId)!;
    const clearing = await systemAccount(tx, tenantId, 'TRANSFER_CLEARING', row.currency);
    const amount = fmt(row.amount, row.currency);
    const now = clock.now();
    let status: TransferRow['status'];
    let failure: string | null = null;
    if (decision === 'approve') {
      const destination = destId ? walletRows.get(destId)! : null;
      if (wallet.status !== 'ACTIVE') failure = `the wallet is ${wallet.status}`;
      else if (customerStatus.get(row.customerId) !== 'ACTIVE') failure = `the customer is ${customerStatus.get(row.customerId)}`;
      else if (destination && destination.status !== 'ACTIVE') failure = `the destination wallet is ${destination.status}`;
      else if (destination && customerStatus.get(destination.customerId) !== 'ACTIVE') failure = `the destination customer is ${customerStatus.get(destination.customerId)}`;
    }
    if (decision === 'approve' && !failure) {
      const target = destId ?? (await systemAccount(tx, tenantId, 'OUTGOING_SETTLEMENT', row.currency));
      await postEntry(tx, tenantId, {
        kind: 'TRANSFER_SETTLEMENT',
        transferId: id,
        description: destId ? `transfer ${id} approved: from wallet ${wallet.name} (${wallet.id.slice(0, 8)})` : `transfer ${id} approved`,
        lines: [
          { accountId: clearing, side: 'DEBIT', amount, currency: row.currency },
          { accountId: target, side: 'CREDIT', amount, currency: row.currency },
        ],
      });
      if (destId) await moveBalance(tx, tenantId, destId, new Decimal(row.amount));
      status = 'COMPLETED';
    } else {
      await postEntry(tx, tenantId, {
        kind: 'TRANSFER_RELEASE',
        transferId: id,
        description: failure ? `transfer ${id} failed: ${failure}` : `transfer ${id} rejected`,
        lines: [
          { accountId: clearing, side: 'DEBIT', amount, currency: row.currency },
          { accountId: row.walletId, side: 'CREDIT', amount, currency: row.currency },
        ],
      });
      await moveBalance(tx, tenantId, row.walletId, new Decimal(row.amount));
      status = failure ? 'FAILED' : 'REJECTED';
    }
    const [updated] = await tx
      .update(transfers)
      .set({ status, approvedBy: actor.userId, decidedAt: now, updatedAt: now, rejectionReason: failure ?? (status === 'REJECTED' ? reason ?? null : null) })
      .where(and(eq(transfers.tenantId, tenantId), eq(transfers.id, id)))
      .returning();
    const base = { transferId: id, customerId: row.customerId, walletId: row.walletId, amount, currency: row.currency };
    if (status === 'COMPLETED') await emitEvent(tx, tenantId, 'transfer.completed', { ...base, approvedBy: actor.userId });
    else if (status === 'REJECTED') await emitEvent(tx, tenantId, 'transfer.rejected', { ...base, rejectedBy: actor.userId, reason: reason ?? null });
    else await emitEvent(tx, tenantId, 'transfer.failed', { ...base, reason: failure! });
    const [transfer] = await hydrate(tx, tenantId, [updated!]);
    const message = status === 'COMPLETED' ? 'transfer approved' : status === 'REJECTED' ? 'transfer rejected' : `transfer failed: ${failure}`;
    return { message, data: transfer! };
  });
}
