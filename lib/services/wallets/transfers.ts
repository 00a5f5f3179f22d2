import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { clock } from '@/lib/clock';
import {
  DEFAULT_FOUR_EYES_THRESHOLD,
  type CreateTransferBody,
  type ListTransfersQuery,
  type Transfer,
  type TransferSettings,
} from '@/lib/contract/wallets';
import type { Db, DbOrTx } from '@/lib/db/client';
import { beneficiaries, customers, paymentConsents, transferSettings, transfers, wallets, type TransferRow } from '@/lib/db/schema';
import {
  approverMustDiffer,
  beneficiaryInactive,
  beneficiaryNotFound,
  conflict,
  currencyMismatch,
  insufficientBalance,
  notFound,
  paymentConsentInvalid,
  paymentConsentRequired,
  walletNotActive,
} from '@/lib/http/errors';
import { emitEvent } from '@/lib/services/events/emit';
import { postEntry, systemAccount } from '@/lib/services/ledger/post-entry';
import { customerNotActive, emptyPage, fmt, iso, listCustomer, pageRows, type Actor } from './access';
import { claim, complete, release, requestHash, type IdempotencyScope } from './idempotency';
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

function toTransfer(row: TransferRow, beneficiary: BeneficiaryRef, requiresApproval: boolean): Transfer {
  return {
    id: row.id,
    customerId: row.customerId,
    walletId: row.walletId,
    beneficiary,
    paymentConsentId: row.paymentConsentId,
    amount: fmt(row.amount, row.currency),
    currency: row.currency as Transfer['currency'],
    reference: row.reference,
    status: row.status,
    requiresApproval,
    initiatedBy: row.initiatedBy,
    approvedBy: row.approvedBy,
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

/** POST /transfers with its Idempotency-Key (see idempotency.ts). */
export async function createTransfer(db: Db, tenantId: string, actor: Actor, idempotencyKey: string, body: CreateTransferBody): Promise<TransferAnswer> {
  if (!body.paymentConsentId) throw paymentConsentRequired();
  const scope: IdempotencyScope = { tenantId, clientId: actor.userId, key: idempotencyKey };
  const stored = await claim(db, scope, requestHash(body));
  if (stored) return { status: stored.status, message: String(stored.body.message), data: stored.body.data as Transfer, replayed: true };
  try {
    return await db.transaction(async (tx) => {
      const answer = await executeTransfer(tx, tenantId, actor, body as CreateTransferBody & { paymentConsentId: string });
      await complete(tx, scope, { status: 200, body: { message: answer.message, data: answer.data } });
      return { status: 200, ...answer, replayed: false };
    });
  } catch (error) {
    // nothing was posted: free the key so the client may retry (with the same key) after fixing the cause
    await release(db, scope).catch(() => undefined);
    throw error;
  }
}

async function executeTransfer(tx: DbOrTx, tenantId: string, actor: Actor, body: CreateTransferBody & { paymentConsentId: string }) {
  // 1. the wallet (404 when the actor may not see it), then the locks: customer, then wallet
  const [seen] = await tx
    .select({ customerId: wallets.customerId })
    .from(wallets)
    .where(and(eq(wallets.tenantId, tenantId), eq(wallets.id, body.walletId), actor.customerId ? eq(wallets.customerId, actor.customerId) : undefined));
  if (!seen) throw notFound('wallet');
  const [customer] = await tx
    .select({ status: customers.status })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, seen.customerId)))
    .for('no key update');
  const [wallet] = await tx
    .select()
    .from(wallets)
    .where(and(eq(wallets.tenantId, tenantId), eq(wallets.id, body.walletId)))
    .for('update');
  if (customer!.status !== 'ACTIVE') throw customerNotActive(seen.customerId, customer!.status);
  if (wallet!.status !== 'ACTIVE') throw walletNotActive(wallet!.id, wallet!.status);
  if (wallet!.currency !== body.currency) throw currencyMismatch(wallet!.currency, body.currency);

  // 2. the beneficiary: a saved one of the wallet's customer, active
  const ref = body.beneficiary;
  const [beneficiary] = await tx
    .select()
    .from(beneficiaries)
    .where(
      and(
        eq(beneficiaries.tenantId, tenantId),
        eq(beneficiaries.customerId, wallet!.customerId),
        'id' in ref ? eq(beneficiaries.id, ref.id) : eq(beneficiaries.iban, ref.iban),
      ),
    )
    .orderBy(beneficiaries.status) // ACTIVE before INACTIVE when one IBAN was saved twice
    .limit(1);
  if (!beneficiary) {
    throw 'id' in ref
      ? beneficiaryNotFound('', `no beneficiary ${ref.id} for this customer; create it first: POST /api/v2.1/beneficiaries`)
      : beneficiaryNotFound(ref.iban, 'no saved beneficiary has this IBAN; create it first: POST /api/v2.1/beneficiaries');
  }
  if (beneficiary.status !== 'ACTIVE') throw beneficiaryInactive(beneficiary.id, beneficiary.iban);

  // 3. the payment consent
  const consentId = body.paymentConsentId;
  const [consent] = await tx
    .select()
    .from(paymentConsents)
    .where(and(eq(paymentConsents.tenantId, tenantId), eq(paymentConsents.id, consentId), eq(paymentConsents.customerId, wallet!.customerId)));
  if (!consent) throw paymentConsentInvalid(consentId, 'NOT_FOUND', 'no payment consent with this id for the wallet\'s customer');
  const consentStatus = effectiveStatus(consent);
  if (consentStatus === 'REVOKED') throw paymentConsentInvalid(consentId, 'REVOKED', `the consent was revoked at ${iso(consent.revokedAt)}`);
  if (consentStatus === 'EXPIRED') throw paymentConsentInvalid(consentId, 'EXPIRED', `the consent expired at ${consent.expiresAt.toISOString()}`);
  if (consent.walletId !== wallet!.id) throw paymentConsentInvalid(consentId, 'WALLET_MISMATCH', `the consent covers wallet ${consent.walletId}, not ${wallet!.id}`);
  if (consent.currency !== body.currency) throw paymentConsentInvalid(consentId, 'CURRENCY_MISMATCH', `the consent covers ${consent.currency}, not ${body.currency}`);
  const amount = new Decimal(body.amount);
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

  // 4. limits, then the balance
  await assertWithinLimits(tx, tenantId, wallet!, body.amount);
  if (amount.gt(wallet!.balance)) throw insufficientBalance(fmt(wallet!.balance, wallet!.currency), fmt(amount, wallet!.currency), wallet!.currency);

  // 5. post: at once to outgoing settlement, or held on clearing above the four-eyes threshold
  const { fourEyesThreshold } = await getTransferSettings(tx, tenantId);
  const requiresApproval = fourEyesThreshold !== null && amount.gt(fourEyesThreshold);
  const transferId = randomUUID();
  const now = clock.now();
  const [row] = await tx
    .insert(transfers)
    .values({
      id: transferId,
      tenantId,
      customerId: wallet!.customerId,
      walletId: wallet!.id,
      beneficiaryId: beneficiary.id,
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
  const counterpart = await systemAccount(tx, tenantId, requiresApproval ? 'TRANSFER_CLEARING' : 'OUTGOING_SETTLEMENT', wallet!.currency);
  await postEntry(tx, tenantId, {
    kind: requiresApproval ? 'TRANSFER_HOLD' : 'TRANSFER_SETTLEMENT',
    transferId,
    description: `transfer to ${beneficiary.name}: ${body.reference}`,
    lines: [
      { accountId: wallet!.id, side: 'DEBIT', amount: body.amount, currency: wallet!.currency },
      { accountId: counterpart, side: 'CREDIT', amount: body.amount, currency: wallet!.currency },
    ],
  });
  await moveBalance(tx, tenantId, wallet!.id, amount.neg());
  const transfer = toTransfer(row!, { id: beneficiary.id, name: beneficiary.name, iban: beneficiary.iban }, requiresApproval);
  await emitEvent(tx, tenantId, 'transfer.created', {
    transferId,
    customerId: transfer.customerId,
    walletId: transfer.walletId,
    beneficiaryId: beneficiary.id,
    amount: transfer.amount,
    currency: transfer.currency,
    status: requiresApproval ? 'PENDING_APPROVAL' : 'COMPLETED',
    initiatedBy: actor.userId,
  });
  return { message: requiresApproval ? 'transfer awaiting approval' : 'transfer completed', data: transfer };
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

async function withBeneficiaries(db: DbOrTx, tenantId: string, rows: TransferRow[]): Promise<Transfer[]> {
  if (rows.length === 0) return [];
  const refs = await db
    .select({ id: beneficiaries.id, name: beneficiaries.name, iban: beneficiaries.iban })
    .from(beneficiaries)
    .where(and(eq(beneficiaries.tenantId, tenantId), inArray(beneficiaries.id, [...new Set(rows.map((r) => r.beneficiaryId))])));
  const byId = new Map(refs.map((b) => [b.id, b]));
  return rows.map((r) => toTransfer(r, byId.get(r.beneficiaryId)!, r.status === 'PENDING_APPROVAL' || r.approvedBy !== null));
}

export async function listTransfers(db: DbOrTx, tenantId: string, actor: Actor, query: ListTransfersQuery) {
  const customerId = listCustomer(actor, query.customerId);
  if (customerId === false) return emptyPage(query);
  const where = and(
    eq(transfers.tenantId, tenantId),
    customerId ? eq(transfers.customerId, customerId) : undefined,
    query.walletId ? eq(transfers.walletId, query.walletId) : undefined,
    query.status ? eq(transfers.status, query.status) : undefined,
  );
  const { rows, total } = await pageRows(db, transfers, where, query);
  return { items: await withBeneficiaries(db, tenantId, rows), page: query.page, pageSize: query.pageSize, total };
}

const scoped = (tenantId: string, actor: Actor, id: string) =>
  and(eq(transfers.tenantId, tenantId), eq(transfers.id, id), actor.customerId ? eq(transfers.customerId, actor.customerId) : undefined);

export async function getTransfer(db: DbOrTx, tenantId: string, actor: Actor, id: string): Promise<Transfer> {
  const [row] = await db.select().from(transfers).where(scoped(tenantId, actor, id));
  if (!row) throw notFound('transfer');
  return (await withBeneficiaries(db, tenantId, [row]))[0]!;
}

// ------------------------------------------------------------------------------------------------
// Four-eyes decision
// ------------------------------------------------------------------------------------------------

/**
 * Approve or reject a PENDING_APPROVAL transfer. The decider must not be the initiator. Approval
 * moves the held money from clearing to outgoing settlement; if meanwhile the wallet or customer
 * stopped being ACTIVE the transfer FAILS instead and the money goes back, like a rejection.
 */
export async function decideTransfer(db: Db, tenantId: string, actor: Actor, id: string, decision: 'approve' | 'reject', reason?: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(transfers).where(scoped(tenantId, actor, id)).for('update');
    if (!row) throw notFound('transfer');
    if (row.status !== 'PENDING_APPROVAL') {
      throw conflict(`the transfer is ${row.status}; only a PENDING_APPROVAL transfer can be approved or rejected`, {
        error: 'TRANSFER_NOT_PENDING',
        transferId: id,
        status: row.status,
      });
    }
    if (row.initiatedBy === actor.userId) throw approverMustDiffer(id, row.initiatedBy, actor.userId);
    const [customer] = await tx.select({ status: customers.status }).from(customers).where(and(eq(customers.tenantId, tenantId), eq(customers.id, row.customerId))).for('no key update');
    const [wallet] = await tx.select().from(wallets).where(and(eq(wallets.tenantId, tenantId), eq(wallets.id, row.walletId))).for('update');
    const clearing = await systemAccount(tx, tenantId, 'TRANSFER_CLEARING', row.currency);
    const amount = fmt(row.amount, row.currency);
    const now = clock.now();
    let status: TransferRow['status'];
    let failure: string | null = null;
    if (decision === 'approve' && (wallet!.status !== 'ACTIVE' || customer!.status !== 'ACTIVE')) {
      failure = wallet!.status !== 'ACTIVE' ? `the wallet is ${wallet!.status}` : `the customer is ${customer!.status}`;
    }
    if (decision === 'approve' && !failure) {
      const settlement = await systemAccount(tx, tenantId, 'OUTGOING_SETTLEMENT', row.currency);
      await postEntry(tx, tenantId, {
        kind: 'TRANSFER_SETTLEMENT',
        transferId: id,
        description: `transfer ${id} approved`,
        lines: [
          { accountId: clearing, side: 'DEBIT', amount, currency: row.currency },
          { accountId: settlement, side: 'CREDIT', amount, currency: row.currency },
        ],
      });
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
    const [transfer] = await withBeneficiaries(tx, tenantId, [updated!]);
    const message = status === 'COMPLETED' ? 'transfer approved' : status === 'REJECTED' ? 'transfer rejected' : `transfer failed: ${failure}`;
    return { message, data: transfer! };
  });
}
