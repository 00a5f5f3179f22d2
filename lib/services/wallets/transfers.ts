import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { and, asc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { clock } from '@/lib/clock';
import { getEnv } from '@/lib/env';
import { DEFAULT_FOUR_EYES_THRESHOLD, type CreateTransferBody, type ListTransfersQuery, type Transfer, type TransferDetail, type TransferSettings } from '@/lib/contract/wallets';
import type { Db, DbOrTx } from '@/lib/db/client';
import { pgErrorCode } from '@/lib/db/errors';
import { readTogether } from '@/lib/db/reads';
import {
  beneficiaries,
  customers,
  journalEntries,
  transferSettings,
  transfers,
  users,
  wallets,
  type CustomerRow,
  type PaymentConsentRow,
  type TransactionLimitRow,
  type TransferRow,
  type WalletRow,
} from '@/lib/db/schema';
import {
  ApiError,
  approverMustDiffer,
  beneficiaryBlocked,
  beneficiaryInactive,
  beneficiaryNotFound,
  currencyMismatch,
  databaseTimeout,
  destinationCurrencyMismatch,
  insufficientBalance,
  notFound,
  paymentConsentInvalid,
  paymentConsentRequired,
  walletNotActive,
  transferNotPending,
} from '@/lib/contract/api-errors';
import { emitEvent, eventCtes } from '@/lib/services/events/emit';
import { postEntry, systemAccount } from '@/lib/services/ledger/post-entry';
import { customerNotActive, emptyPage, fmt, iso, listCustomer, pageRows, type Actor } from './access';
import { claim, claimAnsweredSql, completeSql, earlier, release, transferScope, type StoredTransferAnswer } from './idempotency';
import { answerSealingReady, idempotencyRecordSql, type IdempotencyScope, type KeyRecord } from '@/lib/services/idempotency/store';
import { refuseExceededLimit, usageSql, windowStart } from './limits';
import { holds, ruleSql, rulesSql, type RuleParams } from './transfer-rules';
import { inTurn, TurnTimeout } from './turns';
import type { RuleFiring } from '@/lib/contract/aml-model';
import { evaluateRules, knownWithoutRules, learnRules, liveRulesSql, noEnabledRulesSql, type RuleAggregates, type RuleDefinition } from '@/lib/services/aml/rules-engine';
import { raiseTransactionAlert } from '@/lib/services/aml/transaction-alerts';
import { computeFee } from '@/lib/contract/products';
import type { Currency } from '@/lib/contract/money';

/**
 * Transfers (docs/ledger.md). One transaction per transfer: lock the customer and the wallet row,
 * check wallet, beneficiary, consent, limits and balance, post the balanced entry, move the
 * wallet's balance, insert the transfer and emit its events. Above the tenant's four-eyes
 * threshold the money is held on the clearing account until a holder of transfer:approve other than
 * the initiator approves (clearing -> outgoing settlement) or rejects (clearing -> wallet).
 */
type BeneficiaryRef = { id: string; name: string; iban: string };
type WalletRef = { id: string; customerId: string; name: string };
/** What a transfer row shows besides its own columns: payee, credited wallet, people's names, whose money it is. */
interface Refs {
  beneficiary: BeneficiaryRef | null;
  destinationWallet: WalletRef | null;
  names: Map<string, string>;
  customerName: string;
  /** the wallet paid from: its name and its balance now */
  source: { name: string; balance: string };
}

/**
 * The source wallet as an approver needs it: name, balance now and, while the transfer awaits a
 * decision, the balance before and after it. A PENDING_APPROVAL transfer holds its amount since the
 * request (before = now + amount, after = now); a HELD_FOR_REVIEW one has posted nothing yet
 * (before = now, after = now - amount). Once decided the wallet has moved on: both null.
 */
function sourceWallet(row: Pick<TransferRow, 'walletId' | 'amount' | 'fee' | 'status' | 'currency'>, source: Refs['source']): Transfer['sourceWallet'] {
  const now = new Decimal(source.balance);
  // a held transfer holds its fee with its amount
  const amount = new Decimal(row.amount).plus(row.fee);
  const pair = row.status === 'PENDING_APPROVAL' ? [now.plus(amount), now] : row.status === 'HELD_FOR_REVIEW' ? [now, now.minus(amount)] : null;
  return {
    id: row.walletId,
    name: source.name,
    balance: fmt(source.balance, row.currency),
    balanceBefore: pair ? fmt(pair[0]!.toFixed(), row.currency) : null,
    balanceAfter: pair ? fmt(pair[1]!.toFixed(), row.currency) : null,
  };
}

function toTransfer(row: TransferRow, refs: Refs): Transfer {
  return {
    id: row.id,
    type: row.destinationWalletId ? 'WALLET_TRANSFER' : 'PAYOUT',
    customerId: row.customerId,
    customerName: refs.customerName,
    walletId: row.walletId,
    sourceWallet: sourceWallet(row, refs.source),
    beneficiary: refs.beneficiary,
    destinationWallet: refs.destinationWallet,
    paymentConsentId: row.paymentConsentId,
    amount: fmt(row.amount, row.currency),
    fee: fmt(row.fee, row.currency),
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

/**
 * The answer with the source wallet's balance as the posting statement left it. The answer is built
 * before that statement runs, from a read that other payouts of the wallet may have overtaken; the
 * statement's debit returns the balance under the row lock, and that is the one a client is told.
 */
function withBalance(transfer: Transfer, balance: string): Transfer {
  return { ...transfer, sourceWallet: sourceWallet(transfer, { name: transfer.sourceWallet.name, balance }) };
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
  // the stored answer is sealed inside the transfer's transaction: its key is loaded before
  await answerSealingReady();
  // the fast path claims the key in its posting statement, with the answer (nothing to release), or
  // finds the key's record in its first read; otherwise the locked path claims the key first
  const fast = await fastTransfer(db, tenantId, actor, body, scope);
  if (fast && 'posted' in fast) return { status: 200, ...fast.posted, replayed: false };
  const stored = fast?.earlier ?? (await claim(db, scope, body));
  if (stored) {
    const data = stored.body.data as Transfer;
    // the balance after the transfer's writes, as its posting statement stored it beside the sealed body
    return { status: stored.status, message: String(stored.body.message), data: stored.facts?.balance ? withBalance(data, stored.facts.balance) : data, replayed: true };
  }
  try {
    // the answer is stored by the transfer's posting statement: it exists exactly when the transfer commits
    return await db.transaction(async (tx) => ({ status: 200, ...(await executeTransfer(tx, tenantId, actor, body, scope)), replayed: false }));
  } catch (error) {
    // nothing was posted: free the key so the client may retry (with the same key) after fixing the cause
    await release(db, scope).catch(() => undefined);
    throw error;
  }
}

/**
 * The row locks of an approval, in the transfers' global order: customers before wallets, each
 * kind by id, in one statement per kind. Customers are locked FOR SHARE (their status must not
 * change under the decision; nothing of the decision needs them exclusively), wallets FOR UPDATE.
 */
async function lockRows(tx: DbOrTx, tenantId: string, customerIds: string[], walletIds: string[]) {
  // one statement per kind: PostgreSQL locks the rows in the ORDER BY's order (the lock is taken above the sort)
  const lockedCustomers = await tx
    .select({ id: customers.id, status: customers.status })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), inArray(customers.id, [...new Set(customerIds)])))
    .orderBy(asc(customers.id))
    .for('share');
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

type Rows<T> = { rows: T[] };
interface LockedWallet {
  id: string;
  customer_id: string;
  currency: string;
  name: string;
  status: WalletRow['status'];
  balance: string;
  product_id?: string;
}
interface Gathered {
  /** version: the row's xmin, which changes with every update of the customer (its status, a limit set: setTransactionLimit) */
  customers: Array<{ id: string; status: CustomerRow['status']; name: string; version: string }>;
  wallets: LockedWallet[];
  beneficiary: { id: string; name: string; iban: string; status: 'ACTIVE' | 'INACTIVE'; country: string; created_at: string; aml_blocked_by: string | null } | null;
  consent: {
    id: string;
    wallet_id: string;
    scope: PaymentConsentRow['scope'];
    max_amount_per_payment: string;
    currency: string;
    expires_at: string;
    status: PaymentConsentRow['status'];
    revoked_at: string | null;
  } | null;
  settings: { threshold: string | null } | null;
  initiator: { firstName: string | null; lastName: string | null; username: string } | null;
  accounts: Record<string, string> | null;
  /** the source wallet's product fees now (docs/products.md) */
  fees: { payout_fixed: string; payout_bps: number; transfer_fixed: string; transfer_bps: number } | null;
  customer_limits: boolean;
  wallet_limits: boolean;
  /** the tenant's enabled monitoring rules with their aggregates for this transfer (lib/services/aml/rules-engine.ts) */
  rules: (RuleDefinition & { aggregates: RuleAggregates | null })[];
  /** the fast path's read only: the Idempotency-Key's record, null when the key is free */
  prior?: KeyRecord | null;
}

/**
 * The transfer's first statement: the locks and everything the checks read that the locks protect
 * or that does not change under a transfer. Customers FOR SHARE, then wallets FOR UPDATE, each in id
 * order: the customer CTE is complete (all its rows locked) before the wallet scan starts, because
 * that scan is gated by a one-time filter on it. A customer's transfers on different wallets do not
 * wait for each other; a customer's status cannot change under them (an UPDATE waits for the share
 * lock). The source wallet is locked only when the actor may see it.
 */
function gatherSql(tenantId: string, actor: Actor, body: CreateTransferBody, asOf: Date, lock = true, scope: IdempotencyScope | null = null, rules = true): SQL {
  const ref = body.beneficiary;
  const beneficiaryFilter = !ref ? sql`false` : 'id' in ref ? sql`b.id = ${ref.id}::uuid` : sql`b.iban = ${ref.iban}`;
  const walletFilter = sql`w.tenant_id = ${tenantId} and (
      (w.id = ${body.walletId}::uuid and (${actor.customerId}::uuid is null or w.customer_id = ${actor.customerId}::uuid))
      or w.id = ${body.destinationWalletId ?? null}::uuid)`;
  return sql`
    with c as materialized (
      select c.id, c.status, c.display_name, c.xmin::text as version from customers c
      where c.tenant_id = ${tenantId} and c.id in (select w.customer_id from wallets w where ${walletFilter})
      order by c.id
      ${lock ? sql`for share` : sql``}
    ),
    w as materialized (
      select w.id, w.customer_id, w.currency, w.name, w.status, w.balance::text as balance, w.product_id from wallets w
      where (select count(*) from c) >= 0 and ${walletFilter}
      order by w.id
      ${lock ? sql`for update` : sql``}
    ),
    src as (select customer_id, currency, product_id from w where id = ${body.walletId}::uuid)
    select
      (select coalesce(json_agg(json_build_object('id', c.id, 'status', c.status, 'name', c.display_name, 'version', c.version)), '[]'::json) from c) as customers,
      (select coalesce(json_agg(row_to_json(w)), '[]'::json) from w) as wallets,
      (select json_build_object('id', b.id, 'name', b.name, 'iban', b.iban, 'status', b.status, 'country', b.country, 'created_at', b.created_at, 'aml_blocked_by', b.aml_blocked_by) from beneficiaries b
        where b.tenant_id = ${tenantId} and b.customer_id = (select customer_id from src) and ${beneficiaryFilter}
        order by b.status limit 1) as beneficiary,
      (select json_build_object('id', p.id, 'wallet_id', p.wallet_id, 'scope', p.scope, 'max_amount_per_payment', p.max_amount_per_payment::text,
          'currency', p.currency, 'expires_at', p.expires_at, 'status', p.status, 'revoked_at', p.revoked_at) from payment_consents p
        where p.tenant_id = ${tenantId} and p.id = ${body.paymentConsentId ?? null}::uuid and p.customer_id = (select customer_id from src)) as consent,
      (select json_build_object('threshold', s.four_eyes_threshold::text) from transfer_settings s where s.tenant_id = ${tenantId}) as settings,
      (select json_build_object('firstName', u.first_name, 'lastName', u.last_name, 'username', u.username) from users u
        where u.tenant_id = ${tenantId} and u.id = ${actor.userId}::uuid) as initiator,
      (select json_object_agg(a.kind, a.id) from ledger_accounts a
        where a.tenant_id = ${tenantId} and a.currency = ${body.currency} and a.wallet_id is null and a.kind in ('TRANSFER_CLEARING', 'OUTGOING_SETTLEMENT', 'FEES')) as accounts,
      (select json_build_object('payout_fixed', p.payout_fee_fixed::text, 'payout_bps', p.payout_fee_bps, 'transfer_fixed', p.transfer_fee_fixed::text, 'transfer_bps', p.transfer_fee_bps)
        from products p, src where p.tenant_id = ${tenantId} and p.id = src.product_id) as fees,
      exists (select 1 from transaction_limits l, src
        where l.tenant_id = ${tenantId} and l.wallet_id is null and l.customer_id = src.customer_id and l.currency = src.currency) as customer_limits,
      exists (select 1 from transaction_limits l where l.tenant_id = ${tenantId} and l.wallet_id = ${body.walletId}::uuid) as wallet_limits,
      ${
        // a tenant known to have no enabled rule: none read (the fast statement checks there still are none)
        rules ? liveRulesSql(tenantId, sql`(select customer_id from src)`, body.walletId, body.amount, asOf) : sql`'[]'::json`
      } as rules${
        // the fast path's read: the Idempotency-Key's record (it claims the key only in its posting statement)
        scope ? sql`, ${idempotencyRecordSql(scope)} as prior` : sql``
      }`;
}

/** The condition of the posting statement's writes: its checks passed (its CTE `ok` has a row). */
const OK = sql`exists (select 1 from ok)`;

/** The advisory lock that serializes the transfers of a customer with customer-wide limits (taken after the row locks). */
const customerLimitLock = (tx: DbOrTx, customerId: string) => tx.execute(sql`select pg_advisory_xact_lock(727275, hashtext(${customerId}))`);

interface Posting {
  tenantId: string;
  transferId: string;
  entryId: string;
  now: Date;
  wallet: LockedWallet;
  destination: LockedWallet | null;
  beneficiaryId: string | null;
  consent: Gathered['consent'];
  body: CreateTransferBody;
  actor: Actor;
  requiresApproval: boolean;
  /** an AML rule holds the transfer: the row is written HELD_FOR_REVIEW and nothing is posted */
  held: boolean;
  /** the rules that fired (ALERT or HOLD): an alert is raised with the transfer */
  firings: RuleFiring[];
  /** releasing a held transfer: its row is updated instead of inserted */
  releasing: boolean;
  counterpart: string;
  /** the wallet product's fee on the transfer ("0.00": none), and the account it is credited to (clearing while held, else the tenant's FEES account) */
  fee: string;
  feeAccount: string | null;
  description: string;
  /** the advisory lock of customer-wide limits is held */
  customerLocked: boolean;
  /** folded into the statement: the event transfer.created (CTEs ev, d, n) and the stored answer (its update) */
  event: { ctes: SQL; notified: SQL };
  /** the stored answer's update (the locked path); null: none (a release answers no request of its own; the fast path's claim in fastSql stores it) */
  storeAnswer: SQL | null;
  /** what the transfer rules compare with (transfer-rules.ts), the same on both paths */
  ruleParams: RuleParams;
}

const answerCte = (p: Posting) => (p.storeAnswer ? sql`answer as (${p.storeAnswer} returning 1)` : sql`answer as (select 1 where false)`);

/**
 * The transfer's second statement, on a snapshot taken after the locks: the checks that read what
 * other transfers write (a SINGLE_PAYMENT consent's use, the limits with their usage) and, when
 * they and the balance pass, every write: the transfer, the balanced entry with its two lines and
 * the balance moves (the source's guarded by `balance >= amount` as well as by the check
 * constraint). It answers what the checks read, so the service reports the first refusal in the
 * documented order (and rolls back should it disagree with the statement).
 */
/**
 * The writes of a transfer as CTEs, each only when the CTE `ok` (the caller's checks) has a row: the
 * transfer, the entry with its two lines, the debit (guarded by `balance >= amount` as well), the
 * credit of a settled destination wallet, the event transfer.created and the stored answer.
 */
function writesSql(p: Posting): SQL {
  const { tenantId, wallet, destination, body } = p;
  const amount = sql`${body.amount}::numeric`;
  const charged = new Decimal(p.fee).gt(0);
  // what leaves the wallet: the amount and the fee
  const debited = sql`${new Decimal(body.amount).plus(p.fee).toFixed()}::numeric`;
  const credited = destination && !p.requiresApproval ? destination.id : null;
  const status = statusOf(p);
  const transfer = p.releasing
    ? sql`update transfers set status = ${status}, fee = ${p.fee}::numeric, updated_at = ${p.now}
      where tenant_id = ${tenantId}::uuid and id = ${p.transferId}::uuid and status = 'HELD_FOR_REVIEW' and exists (select 1 from ok)
      returning id`
    : sql`insert into transfers (id, tenant_id, customer_id, wallet_id, beneficiary_id, destination_wallet_id, destination_customer_id,
        payment_consent_id, amount, fee, currency, reference, status, initiated_by, created_at, updated_at)
      select ${p.transferId}::uuid, ${tenantId}::uuid, ${wallet.customer_id}::uuid, ${wallet.id}::uuid, ${p.beneficiaryId}::uuid,
        ${destination?.id ?? null}::uuid, ${destination?.customer_id ?? null}::uuid, ${p.consent?.id ?? null}::uuid, ${amount}, ${p.fee}::numeric, ${body.currency},
        ${body.reference}, ${status}, ${p.actor.userId}::uuid, ${p.now}, ${p.now}
      from ok
      returning id`;
  // held for AML review: the transfer's row only, nothing posted (the checks in `ok` still apply)
  if (p.held) {
    return sql`
    t as (${transfer}),
    e as (select null::uuid as id where false),
    jl as (select null::uuid as id where false),
    debit as (select null::uuid as id, null::text as balance where false),
    credit as (select null::uuid as id where false),
    ${p.event.ctes},
    ${answerCte(p)}`;
  }
  return sql`
    t as (${transfer}),
    e as (
      insert into journal_entries (id, tenant_id, kind, transfer_id, description, posted_at)
      select ${p.entryId}::uuid, ${tenantId}::uuid, ${p.requiresApproval ? 'TRANSFER_HOLD' : 'TRANSFER_SETTLEMENT'}, ${p.transferId}::uuid, ${p.description}, ${p.now}
      from ok
      returning id
    ),
    jl as (
      insert into journal_lines (tenant_id, entry_id, account_id, side, amount, currency, purpose, posted_at)
      select ${tenantId}::uuid, ${p.entryId}::uuid, v.account_id, v.side, v.amount, ${wallet.currency}, v.purpose, ${p.now}
      from ok, (values (${wallet.id}::uuid, 'DEBIT', ${amount}, 'AMOUNT'), (${p.counterpart}::uuid, 'CREDIT', ${amount}, 'AMOUNT')${
        // the fee: its own pair of lines in the same entry (wallet -> the tenant's FEES account, or clearing while held)
        charged ? sql`, (${wallet.id}::uuid, 'DEBIT', ${p.fee}::numeric, 'FEE'), (${p.feeAccount}::uuid, 'CREDIT', ${p.fee}::numeric, 'FEE')` : sql``
      }) as v(account_id, side, amount, purpose)
      returning id
    ),
    debit as (
      update wallets set balance = balance - ${debited}, updated_at = ${p.now}
      where tenant_id = ${tenantId} and id = ${wallet.id}::uuid and balance >= ${debited} and exists (select 1 from ok)
      returning id, balance::text as balance
    ),
    credit as (
      update wallets set balance = balance + ${amount}, updated_at = ${p.now}
      where tenant_id = ${tenantId} and id = ${credited}::uuid and exists (select 1 from ok)
      returning id
    ),
    -- the event and the stored answer, also only when the checks pass (a rerun must not record them twice)
    ${p.event.ctes},
    ${answerCte(p)}`;
}

function postSql(p: Posting): SQL {
  const { tenantId, wallet, body, now } = p;
  const windows = {
    DAILY: windowStart('DAILY', now)!,
    WEEKLY: windowStart('WEEKLY', now)!,
    MONTHLY: windowStart('MONTHLY', now)!,
  };
  const accounts = sql`(select w.id from wallets w where w.tenant_id = ${tenantId} and (
      (tl.wallet_id is not null and w.id = tl.wallet_id) or (tl.wallet_id is null and w.customer_id = tl.customer_id and w.currency = tl.currency)))`;
  const from = sql`(case tl.limit_type when 'DAILY' then ${windows.DAILY} when 'WEEKLY' then ${windows.WEEKLY} else ${windows.MONTHLY} end)::timestamptz`;
  const used =
    p.consent?.scope === 'SINGLE_PAYMENT'
      ? sql`(select count(*)::int from transfers t where t.tenant_id = ${tenantId} and t.payment_consent_id = ${p.consent.id}::uuid
          and t.status in ('PENDING_APPROVAL', 'HELD_FOR_REVIEW', 'COMPLETED') and t.id <> ${p.transferId}::uuid)`
      : sql`0`;
  const amount = sql`${body.amount}::numeric`;
  return sql`
    with lim as (
      select tl.id, tl.limit_type, tl.wallet_id, tl.limit_amount::text as limit_amount, tl.currency, tl.created_at, u.usage::text as usage,
        -- the limit rule, decided here only: the service refuses the first exceeded limit in check order
        u.usage + ${amount} > tl.limit_amount as exceeded
      from transaction_limits tl,
        lateral (select (case when tl.limit_type = 'PER_TRANSACTION' then 0 else ${usageSql(tenantId, accounts, from)} end)::numeric as usage) u
      where tl.tenant_id = ${tenantId}
        and (tl.wallet_id = ${wallet.id}::uuid or (tl.wallet_id is null and tl.customer_id = ${wallet.customer_id}::uuid and tl.currency = ${wallet.currency}))
    ),
    used as (select ${used} as n),
    ok as (
      select 1 from used
      where used.n = 0
        and not exists (select 1 from lim where lim.exceeded)
        and (${p.customerLocked} or not exists (select 1 from lim where lim.wallet_id is null))
        and ${wallet.balance}::numeric >= ${new Decimal(body.amount).plus(p.fee).toFixed()}::numeric
    ),
    ${writesSql(p)}
    select
      ${p.event.notified} as notified,
      (select count(*)::int from answer) as answered,
      (select n from used) as used,
      (select coalesce(json_agg(row_to_json(lim)), '[]'::json) from lim) as limits,
      (select balance from debit) as balance,
      (select count(*)::int from t) + (select count(*)::int from e) + (select count(*)::int from jl) + (select count(*)::int from debit) + (select count(*)::int from credit) as written`;
}

/**
 * The checks on what gatherSql read, in the documented order (each refusal the catalogue's), and the
 * posting they lead to: the answer, the event and the writes' parameters.
 */
async function preparePosting(db: DbOrTx, found: Gathered, tenantId: string, actor: Actor, body: CreateTransferBody, heldRelease: ReleaseOf | null = null) {
  const wallet = found.wallets.find((w) => w.id === body.walletId);
  if (!wallet) throw notFound('wallet');
  const customerStatus = new Map(found.customers.map((c) => [c.id, c.status]));
  let destination: LockedWallet | null = null;
  if (body.destinationWalletId) {
    destination = found.wallets.find((w) => w.id === body.destinationWalletId) ?? null;
    if (!destination) throw notFound('destination wallet');
  }
  // the checks are the rules of transfer-rules.ts, in the documented order, each refused with its catalogue error
  const now = clock.now();
  // the wallet product's fee on this payment (docs/products.md), as the transfer form previews it (computeFee)
  const feeRule = found.fees
    ? destination
      ? { fixed: found.fees.transfer_fixed, percentBps: found.fees.transfer_bps }
      : { fixed: found.fees.payout_fixed, percentBps: found.fees.payout_bps }
    : null;
  const fee = computeFee(feeRule, body.amount, body.currency as Currency);
  const ruleParams: RuleParams = { currency: body.currency, amount: body.amount, debit: new Decimal(body.amount).plus(fee).toFixed(), walletId: wallet.id, now };
  const customerStatusNow = customerStatus.get(wallet.customer_id)!;
  if (!holds('customerActive', { status: customerStatusNow }, ruleParams)) throw customerNotActive(wallet.customer_id, customerStatusNow);
  if (!holds('walletActive', wallet, ruleParams)) throw walletNotActive(wallet.id, wallet.status);
  if (!holds('walletCurrency', wallet, ruleParams)) throw currencyMismatch(wallet.currency, body.currency);

  // 2. the payee: the destination wallet (ACTIVE, same currency, ACTIVE customer) or a saved, active beneficiary
  let beneficiary: BeneficiaryRef | null = null;
  if (destination) {
    if (!holds('destinationActive', destination, ruleParams)) throw walletNotActive(destination.id, destination.status);
    if (!holds('destinationCurrency', destination, ruleParams)) throw destinationCurrencyMismatch(destination.id, destination.currency, body.currency);
    const destStatus = customerStatus.get(destination.customer_id)!;
    if (!holds('customerActive', { status: destStatus }, ruleParams)) throw customerNotActive(destination.customer_id, destStatus);
  } else {
    const ref = body.beneficiary!;
    const payee = found.beneficiary;
    if (!payee) {
      throw 'id' in ref
        ? beneficiaryNotFound('', `no beneficiary ${ref.id} for this customer; create it first: POST /api/v2.1/beneficiaries`)
        : beneficiaryNotFound(ref.iban, 'no saved beneficiary has this IBAN; create it first: POST /api/v2.1/beneficiaries');
    }
    if (!holds('beneficiaryActive', payee, ruleParams)) throw beneficiaryInactive(payee.id, payee.iban);
    // a confirmed sanctions or PEP match of the beneficiary (docs/aml.md)
    if (!holds('beneficiaryNotBlocked', payee, ruleParams)) throw beneficiaryBlocked(payee.id, payee.aml_blocked_by!);
    beneficiary = { id: payee.id, name: payee.name, iban: payee.iban };
  }

  // 3. the payment consent's own rules (when one is given or required); its use is checked under the locks, with the limits
  const amount = new Decimal(body.amount);
  const consentId = body.paymentConsentId ?? null;
  if (consentId) assertConsentRow(consentId, found.consent, wallet, ruleParams);

  // 4. post: at once (to outgoing settlement or the destination wallet), or held on clearing above the four-eyes threshold
  const fourEyesThreshold = found.settings ? found.settings.threshold : DEFAULT_FOUR_EYES_THRESHOLD;
  const requiresApproval = fourEyesThreshold !== null && amount.gt(fourEyesThreshold);
  const kind = requiresApproval ? 'TRANSFER_CLEARING' : 'OUTGOING_SETTLEMENT';
  const counterpart = requiresApproval || !destination ? (found.accounts?.[kind] ?? (await systemAccount(db, tenantId, kind, wallet.currency))) : destination.id;
  const charged = new Decimal(fee).gt(0);
  // held above the threshold, the fee waits on clearing with the amount; settled, it goes to the tenant's FEES account
  const feeAccount = !charged ? null : requiresApproval ? counterpart : (found.accounts?.FEES ?? (await systemAccount(db, tenantId, 'FEES', wallet.currency)));
  const payee = destination ? `wallet ${destination.name} (${destination.id.slice(0, 8)})` : beneficiary!.name;
  const transferId = heldRelease?.transferId ?? randomUUID();
  // 5. transaction monitoring (docs/aml.md): the tenant's rules on this transfer; a HOLD posts nothing until two officers release it
  const firings = heldRelease
    ? []
    : evaluateRules(
        found.rules.map((r) => ({ ...r, aggregates: r.aggregates ?? {} })),
        {
          type: destination ? 'WALLET_TRANSFER' : 'PAYOUT',
          amount: body.amount,
          currency: body.currency,
          at: now,
          beneficiary: found.beneficiary && !destination ? { country: found.beneficiary.country, createdAt: new Date(found.beneficiary.created_at) } : null,
        },
      );
  const held = firings.some((f) => f.action === 'HOLD');
  const posting: Posting = {
    tenantId,
    transferId,
    entryId: randomUUID(),
    now,
    wallet,
    destination,
    beneficiaryId: beneficiary?.id ?? null,
    consent: consentId ? found.consent : null,
    body,
    actor,
    requiresApproval,
    held,
    firings,
    releasing: heldRelease !== null,
    counterpart,
    fee,
    feeAccount,
    description: destination ? `transfer from wallet ${wallet.name} (${wallet.id.slice(0, 8)}) to ${payee}: ${body.reference}` : `transfer to ${payee}: ${body.reference}`,
    customerLocked: false,
    event: { ctes: sql``, notified: sql`` },
    storeAnswer: null,
    ruleParams,
  };
  const row: TransferRow = {
    id: transferId,
    tenantId,
    customerId: wallet.customer_id,
    walletId: wallet.id,
    beneficiaryId: beneficiary?.id ?? null,
    destinationWalletId: destination?.id ?? null,
    destinationCustomerId: destination?.customer_id ?? null,
    paymentConsentId: consentId,
    amount: body.amount,
    fee,
    currency: body.currency,
    reference: body.reference,
    status: statusOf(posting),
    initiatedBy: actor.userId,
    approvedBy: null,
    decidedAt: null,
    rejectionReason: null,
    createdAt: now,
    updatedAt: now,
  };
  const transfer = toTransfer(row, {
    beneficiary,
    destinationWallet: destination ? { id: destination.id, customerId: destination.customer_id, name: destination.name } : null,
    names: new Map(found.initiator ? [[actor.userId, displayName(found.initiator)]] : []),
    customerName: found.customers.find((c) => c.id === wallet.customer_id)!.name,
    // the balance once this transfer's writes commit: a held transfer posts nothing
    source: { name: wallet.name, balance: held ? wallet.balance : new Decimal(wallet.balance).minus(amount).minus(fee).toFixed() },
  });
  const message = held ? 'transfer held for AML review' : requiresApproval ? 'transfer awaiting approval' : 'transfer completed';
  const status = statusOf(posting) as 'PENDING_APPROVAL' | 'HELD_FOR_REVIEW' | 'COMPLETED';
  posting.event = heldRelease
    ? eventCtes(
        tenantId,
        'transfer.released',
        {
          transferId,
          customerId: transfer.customerId,
          walletId: transfer.walletId,
          amount: transfer.amount,
          currency: transfer.currency,
          alertId: heldRelease.alertId,
          proposedBy: heldRelease.proposedBy,
          releasedBy: heldRelease.releasedBy,
          status: status === 'HELD_FOR_REVIEW' ? 'COMPLETED' : status,
        },
        { gate: OK },
      )
    : eventCtes(
        tenantId,
        'transfer.created',
        {
          transferId,
          type: transfer.type,
          customerId: transfer.customerId,
          walletId: transfer.walletId,
          beneficiaryId: beneficiary?.id ?? null,
          destinationWalletId: destination?.id ?? null,
          amount: transfer.amount,
          currency: transfer.currency,
          status,
          initiatedBy: actor.userId,
        },
        { gate: OK },
      );
  // the answer to store for replay (by the caller: in the posting statement or its transaction)
  const answer: StoredTransferAnswer = { status: 200, body: { message, data: transfer } };
  return { posting, transfer, message, answer, wallet, destination, amount, consentId, requiresApproval };
}

/** The journal lines a posting writes: the amount's two, and the fee's two when there is a fee. */
const lineCount = (p: Pick<Posting, 'fee'>) => (new Decimal(p.fee).gt(0) ? 4 : 2);

/** The status a posting writes: held for AML review, awaiting four-eyes approval, or completed. */
function statusOf(p: Pick<Posting, 'held' | 'requiresApproval'>): TransferRow['status'] {
  return p.held ? 'HELD_FOR_REVIEW' : p.requiresApproval ? 'PENDING_APPROVAL' : 'COMPLETED';
}

/** A held transfer being released: its id, and who decided (transfer.released). */
interface ReleaseOf {
  transferId: string;
  alertId: string;
  proposedBy: string;
  releasedBy: string;
}

/** What the posting statement answers: the consent's use, each limit with its usage and verdict, the rows written. */
interface PostResult {
  used: number;
  limits: Array<{ limit_type: TransactionLimitRow['limitType']; wallet_id: string | null; created_at: string; limit_amount: string; currency: string; usage: string; exceeded: boolean }>;
  written: number;
  /** the source wallet's balance after the debit (null: held, nothing posted) */
  balance: string | null;
}

/** The slow path, in one transaction: lock and read, check, then check what others write and post (gatherSql, postSql). */
async function executeTransfer(tx: DbOrTx, tenantId: string, actor: Actor, body: CreateTransferBody, scope: IdempotencyScope | null, heldRelease: ReleaseOf | null = null) {
  // 1. one statement: the locks (customers, then wallets), the payee, the consent, the settings, the initiator's name, the system accounts, the monitoring rules
  const [found] = ((await tx.execute(gatherSql(tenantId, actor, body, clock.now()))) as unknown as Rows<Gathered>).rows;
  learnRules(tenantId, found!.rules.length);
  const { posting, transfer, message, answer, wallet, destination, consentId, requiresApproval } = await preparePosting(tx, found!, tenantId, actor, body, heldRelease);
  const transferId = posting.transferId;
  // the stored answer's balance: the figure the posting statement's debit leaves (a held transfer posts nothing: the locked row's)
  const balanceAfter = posting.held ? sql`${wallet.balance}::numeric::text` : sql`(select balance from debit)`;
  posting.storeAnswer = scope ? await completeSql(scope, answer, OK, sql`jsonb_build_object('balance', ${balanceAfter})`) : null;
  // customer-wide limits: the customer's transfers must see each other's usage, one at a time
  if (found!.customer_limits) {
    await customerLimitLock(tx, wallet.customer_id);
    posting.customerLocked = true;
  }
  // 5. one statement: consent use, limits, balance, and (when they pass) every write
  let result = ((await tx.execute(postSql(posting))) as unknown as Rows<PostResult>).rows[0]!;
  if (!posting.customerLocked && result.limits.some((l) => l.wallet_id === null)) {
    // a customer-wide limit appeared while this transfer waited for its locks: take the customer's turn and check again
    await customerLimitLock(tx, wallet.customer_id);
    posting.customerLocked = true;
    result = ((await tx.execute(postSql(posting))) as unknown as Rows<PostResult>).rows[0]!;
  }
  if (Number(result.used) > 0) throw paymentConsentInvalid(consentId!, 'ALREADY_USED', 'a SINGLE_PAYMENT consent covers one transfer and was used');
  // the statement's verdict on each limit (exceeded), refused in check order
  refuseExceededLimit(
    result.limits.map((l) => ({
      limitType: l.limit_type,
      walletId: l.wallet_id ?? null,
      createdAt: new Date(l.created_at),
      limitAmount: l.limit_amount,
      currency: l.currency,
      usage: new Decimal(l.usage),
      exceeded: l.exceeded === true,
    })),
    body.amount,
  );
  if (!holds('balanceCovers', wallet, posting.ruleParams)) throw insufficientBalance(fmt(wallet.balance, wallet.currency), fmt(posting.ruleParams.debit!, wallet.currency), wallet.currency);
  // the transfer, the entry, its lines (two, four with a fee), the debit and (a settled wallet transfer) the credit; held: the transfer only
  const expected = posting.held ? 1 : 3 + lineCount(posting) + (destination && !requiresApproval ? 1 : 0);
  if (Number(result.written) !== expected) throw new Error(`transfer ${transferId}: the posting statement wrote ${result.written} rows, expected ${expected}`);
  // the rules that fired raise one alert with the transfer (and hold it when one of them says so)
  if (posting.firings.length) {
    await raiseTransactionAlert(tx, tenantId, {
      transferId,
      customerId: wallet.customer_id,
      walletId: wallet.id,
      amount: transfer.amount,
      currency: transfer.currency,
      firings: posting.firings,
      holds: posting.held,
    });
  }
  return { message, data: withBalance(transfer, result.balance ?? wallet.balance) };
}

/**
 * The fast path: one statement that locks, checks again and writes, all or nothing (see
 * fastTransfer), so the wallet's row lock is held only while the server runs that statement and
 * commits, never across work in this process. It applies when nothing needs a snapshot taken after the locks: no limit on the
 * wallet or its customer and no SINGLE_PAYMENT consent. The statement locks the customers (for
 * share), then the wallets (for update), as gatherSql does, and writes only when
 * - each customer row is the version that the unlocked read saw (its xmin: a status change or a limit
 *   set in between, setTransactionLimit updates the row, sends the transfer to the slow path) and
 *   ACTIVE,
 * - the wallets (the locked, newest rows) are ACTIVE, in the currency, and the source holds the amount,
 * - the beneficiary is still active, the consent still covers the payment, and still no limit applies.
 * Otherwise it writes nothing and the slow path decides, under its locks, what to answer.
 */
function fastSql(p: Posting, found: Gathered, expected: number, key: SQL, rulesUnread: boolean): SQL {
  const { tenantId, wallet, destination, ruleParams: rules } = p;
  const customerIds = found.customers.map((c) => c.id);
  const versions = found.customers.map((c) => `${c.id}:${c.version}`);
  const walletIds = destination ? [wallet.id, destination.id] : [wallet.id];
  const consent = p.consent;
  return sql`
    with c as materialized (
      select c.id, c.status, c.display_name, c.xmin::text as version from customers c
      where c.tenant_id = ${tenantId} and c.id in (${sql.join(
        customerIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      order by c.id
      for share
    ),
    w as materialized (
      select w.id, w.customer_id, w.currency, w.status, w.balance from wallets w
      where (select count(*) from c) >= 0 and w.tenant_id = ${tenantId} and w.id in (${sql.join(
        walletIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      order by w.id
      for update
    ),
    -- the Idempotency-Key, claimed with its answer: a row exactly when this statement owns the key
    k as (${key}),
    ok as (
      select 1
      where exists (select 1 from k)
        and (select count(*) from c where ${ruleSql('customerActive', 'c', rules)} and c.id::text || ':' || c.version in (${sql.join(
          versions.map((v) => sql`${v}`),
          sql`, `,
        )})) = ${customerIds.length}
        and exists (select 1 from w where w.id = ${wallet.id}::uuid and w.customer_id = ${wallet.customer_id}::uuid and ${rulesSql('wallet', 'w', rules)})
        and ${
          destination
            ? sql`exists (select 1 from w where w.id = ${destination.id}::uuid and w.customer_id = ${destination.customer_id}::uuid and ${rulesSql('destination', 'w', rules)})`
            : sql`exists (select 1 from beneficiaries b where b.tenant_id = ${tenantId} and b.id = ${p.beneficiaryId}::uuid and b.customer_id = ${wallet.customer_id}::uuid and ${rulesSql('beneficiary', 'b', rules)})`
        }
        and ${
          consent
            ? sql`exists (select 1 from payment_consents pc where pc.tenant_id = ${tenantId} and pc.id = ${consent.id}::uuid and pc.customer_id = ${wallet.customer_id}::uuid
                and pc.scope = 'RECURRING_PAYMENTS' and ${rulesSql('consent', 'pc', rules)})`
            : sql`true`
        }
        and not exists (select 1 from transaction_limits tl where tl.tenant_id = ${tenantId}
          and (tl.wallet_id = ${wallet.id}::uuid or (tl.wallet_id is null and tl.customer_id = ${wallet.customer_id}::uuid and tl.currency = ${wallet.currency})))
        -- the read skipped the monitoring rules (the tenant had none enabled): still none
        and ${rulesUnread ? noEnabledRulesSql(tenantId) : sql`true`}
    ),
    ${writesSql(p)},
    counted as (
      select (select count(*)::int from k) + (select count(*)::int from t) + (select count(*)::int from e) + (select count(*)::int from jl)
        + (select count(*)::int from debit) + (select count(*)::int from credit) as written
    )
    -- all or nothing: a statement that wrote some of its rows but not all fails (division by zero,
    -- SQLSTATE 22012), and PostgreSQL rolls the whole statement back
    select ${p.event.notified} as notified, written, (select balance from debit) as balance, 1 / (case when written in (0, ${expected}) then 1 else 0 end) as whole
    from counted`;
}

/** SQLSTATE of the fast statement's all-or-nothing guard (fastSql). */
const PARTIAL_FAST_POSTING = '22012';

/**
 * The fast path (fastSql) after an unlocked read. `posted`: the transfer went through; `earlier`:
 * the key's record answers (a replay; 409 and 422 are thrown); null: the locked path decides (it may
 * refuse, or the key is taken meanwhile or stale: its claim says what to answer).
 */
async function fastTransfer(
  db: Db,
  tenantId: string,
  actor: Actor,
  body: CreateTransferBody,
  scope: IdempotencyScope,
): Promise<{ posted: { message: string; data: Transfer } } | { earlier: StoredTransferAnswer } | null> {
  // the monitoring rules are read unless this process knows the tenant to have none enabled
  const rulesUnread = knownWithoutRules(tenantId);
  const [found] = ((await db.execute(gatherSql(tenantId, actor, body, clock.now(), false, scope, !rulesUnread))) as unknown as Rows<Gathered>).rows;
  if (!rulesUnread) learnRules(tenantId, found!.rules.length);
  const stored = await earlier(scope, found!.prior ?? null, body);
  if (stored) return { earlier: stored };
  if (found!.prior || found!.customer_limits || found!.wallet_limits || found!.consent?.scope === 'SINGLE_PAYMENT') return null;
  let prepared: Awaited<ReturnType<typeof preparePosting>>;
  try {
    prepared = await preparePosting(db, found!, tenantId, actor, body);
  } catch (error) {
    // a refusal is decided under the locks, by the slow path
    if (error instanceof ApiError) return null;
    throw error;
  }
  const { posting, wallet } = prepared;
  if (!holds('balanceCovers', wallet, posting.ruleParams)) return null;
  // a monitoring rule fired: the alert (and a hold) are written with the transfer, by the slow path
  if (posting.firings.length) return null;
  // the key and its answer, the transfer, the entry, its lines (two, four with a fee), the debit and (a settled wallet transfer) the credit; nothing when a check failed
  const expected = 1 + 3 + lineCount(posting) + (prepared.destination && !prepared.requiresApproval ? 1 : 0);
  // the stored answer's balance: the locked row's less what the debit takes (the debit's own `returning` is not visible to a sibling CTE)
  const balanceAfter = sql`(select (w.balance - ${posting.ruleParams.debit!}::numeric)::numeric(19, 4)::text from w where w.id = ${wallet.id}::uuid)`;
  const key = await claimAnsweredSql(scope, body, prepared.answer, sql`jsonb_build_object('balance', ${balanceAfter})`);
  // One statement, so the wallet's row lock is held only while PostgreSQL runs and commits it (no
  // BEGIN/COMMIT round trips around it, no turn of this process's event loop in between). Under
  // concurrent updates of the same wallets, PostgreSQL's re-check of a data-modifying CTE on the
  // newest row version can leave one update out of a statement whose other writes went through (seen
  // as 5 rows of 6 with 100 opposite transfers between two wallets): the statement's guard then fails
  // it, PostgreSQL rolls all of it back, and the transfer takes the slow path, whose writes run in a
  // statement of their own after the locks.
  let written: number;
  let balance: string | null = null;
  try {
    // the wallet's payouts from this process take turns for the statement (turns.ts): one waits here, not on the row lock holding a connection
    const statement = fastSql(posting, found!, expected, key, rulesUnread);
    // the wait for the turn is bounded like the statement's own wait for the lock (DATABASE_QUERY_TIMEOUT_MS); then 503
    const posted = await inTurn(`${tenantId}:${wallet.id}`, () => db.execute(statement), getEnv().DATABASE_QUERY_TIMEOUT_MS).catch((error: unknown) => {
      throw error instanceof TurnTimeout ? databaseTimeout() : error;
    });
    const [result] = (posted as unknown as Rows<{ written: number; balance: string | null }>).rows;
    written = Number(result!.written);
    balance = result!.balance;
  } catch (error) {
    if (pgErrorCode(error) !== PARTIAL_FAST_POSTING) throw error;
    written = 0;
  }
  if (written === 0) return null;
  // the balance its own debit left, read under the row lock (the unlocked read may be behind other payouts by now)
  return { posted: { message: prepared.message, data: withBalance(prepared.transfer, balance!) } };
}

/** 422 payment consent invalid unless the consent covers this payment from this wallet (its use is checked with the posting). */
function assertConsentRow(consentId: string, consent: Gathered['consent'], wallet: LockedWallet, rules: RuleParams) {
  if (!consent) throw paymentConsentInvalid(consentId, 'NOT_FOUND', "no payment consent with this id for the wallet's customer");
  const revokedAt = consent.revoked_at ? new Date(consent.revoked_at) : null;
  if (!holds('consentNotRevoked', consent, rules)) throw paymentConsentInvalid(consentId, 'REVOKED', `the consent was revoked at ${iso(revokedAt)}`);
  if (!holds('consentNotExpired', consent, rules)) throw paymentConsentInvalid(consentId, 'EXPIRED', `the consent expired at ${new Date(consent.expires_at).toISOString()}`);
  if (!holds('consentWallet', consent, rules)) throw paymentConsentInvalid(consentId, 'WALLET_MISMATCH', `the consent covers wallet ${consent.wallet_id}, not ${wallet.id}`);
  if (!holds('consentCurrency', consent, rules)) throw paymentConsentInvalid(consentId, 'CURRENCY_MISMATCH', `the consent covers ${consent.currency}, not ${rules.currency}`);
  if (!holds('consentCoversAmount', consent, rules)) {
    throw paymentConsentInvalid(consentId, 'AMOUNT_EXCEEDED', `the consent allows at most ${fmt(consent.max_amount_per_payment, consent.currency)} ${consent.currency} per payment`);
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

const displayName = (u: { firstName: string | null; lastName: string | null; username: string }) => [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username;

/** Transfers with their payee, wallets, customers and the names of initiator and decider: four reads, in parallel outside a transaction. */
async function hydrate(db: DbOrTx, tenantId: string, rows: TransferRow[]): Promise<Transfer[]> {
  if (rows.length === 0) return [];
  const beneficiaryIds = [...new Set(rows.flatMap((r) => (r.beneficiaryId ? [r.beneficiaryId] : [])))];
  const walletIds = [...new Set(rows.flatMap((r) => (r.destinationWalletId ? [r.walletId, r.destinationWalletId] : [r.walletId])))];
  const customerIds = [...new Set(rows.map((r) => r.customerId))];
  const userIds = [...new Set(rows.flatMap((r) => (r.approvedBy ? [r.initiatedBy, r.approvedBy] : [r.initiatedBy])))];
  const [refs, walletRows, customerRows, people] = await readTogether(db, [
    beneficiaryIds.length
      ? db
          .select({ id: beneficiaries.id, name: beneficiaries.name, iban: beneficiaries.iban })
          .from(beneficiaries)
          .where(and(eq(beneficiaries.tenantId, tenantId), inArray(beneficiaries.id, beneficiaryIds)))
      : Promise.resolve([]),
    db
      .select({ id: wallets.id, customerId: wallets.customerId, name: wallets.name, balance: wallets.balance })
      .from(wallets)
      .where(and(eq(wallets.tenantId, tenantId), inArray(wallets.id, walletIds))),
    db
      .select({ id: customers.id, name: customers.displayName })
      .from(customers)
      .where(and(eq(customers.tenantId, tenantId), inArray(customers.id, customerIds))),
    db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), inArray(users.id, userIds))),
  ]);
  const byId = new Map(refs.map((b) => [b.id, b]));
  const walletById = new Map(walletRows.map((w) => [w.id, w]));
  const customerName = new Map(customerRows.map((c) => [c.id, c.name]));
  const names = new Map(people.map((u) => [u.id, displayName(u)]));
  return rows.map((r) => {
    const dest = r.destinationWalletId ? walletById.get(r.destinationWalletId)! : null;
    const source = walletById.get(r.walletId)!;
    return toTransfer(r, {
      beneficiary: r.beneficiaryId ? byId.get(r.beneficiaryId)! : null,
      destinationWallet: dest ? { id: dest.id, customerId: dest.customerId, name: dest.name } : null,
      names,
      customerName: customerName.get(r.customerId)!,
      source: { name: source.name, balance: source.balance },
    });
  });
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

const scoped = (tenantId: string, actor: Actor, id: string) => and(eq(transfers.tenantId, tenantId), eq(transfers.id, id), actor.customerId ? customerScope(actor.customerId) : undefined);

/** GET /transfers/{id}: the transfer, its status history (from its own columns) and its ledger entries. */
export async function getTransfer(db: DbOrTx, tenantId: string, actor: Actor, id: string): Promise<TransferDetail> {
  const [row] = await db
    .select()
    .from(transfers)
    .where(scoped(tenantId, actor, id));
  if (!row) throw notFound('transfer');
  const [[transfer], entries] = await readTogether(db, [
    hydrate(db, tenantId, [row]),
    db
      .select({ entryId: journalEntries.id, kind: journalEntries.kind, description: journalEntries.description, postedAt: journalEntries.postedAt })
      .from(journalEntries)
      .where(and(eq(journalEntries.tenantId, tenantId), eq(journalEntries.transferId, id)))
      .orderBy(asc(journalEntries.seq)),
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
    const [row] = await tx
      .select()
      .from(transfers)
      .where(scoped(tenantId, actor, id))
      .for('update');
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
    // the fee held on clearing with the amount: to the tenant's FEES account on approval, back to the wallet otherwise
    const fee = fmt(row.fee, row.currency);
    const charged = new Decimal(row.fee).gt(0);
    if (decision === 'approve' && !failure) {
      const target = destId ?? (await systemAccount(tx, tenantId, 'OUTGOING_SETTLEMENT', row.currency));
      const feeLines = charged
        ? [
            { accountId: clearing, side: 'DEBIT' as const, amount: fee, currency: row.currency, purpose: 'FEE' as const },
            { accountId: await systemAccount(tx, tenantId, 'FEES', row.currency), side: 'CREDIT' as const, amount: fee, currency: row.currency, purpose: 'FEE' as const },
          ]
        : [];
      await postEntry(tx, tenantId, {
        kind: 'TRANSFER_SETTLEMENT',
        transferId: id,
        description: destId ? `transfer ${id} approved: from wallet ${wallet.name} (${wallet.id.slice(0, 8)})` : `transfer ${id} approved`,
        lines: [{ accountId: clearing, side: 'DEBIT', amount, currency: row.currency }, { accountId: target, side: 'CREDIT', amount, currency: row.currency }, ...feeLines],
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
          ...(charged
            ? [
                { accountId: clearing, side: 'DEBIT' as const, amount: fee, currency: row.currency, purpose: 'FEE' as const },
                { accountId: row.walletId, side: 'CREDIT' as const, amount: fee, currency: row.currency, purpose: 'FEE' as const },
              ]
            : []),
        ],
      });
      await moveBalance(tx, tenantId, row.walletId, new Decimal(row.amount).plus(row.fee));
      status = failure ? 'FAILED' : 'REJECTED';
    }
    const [updated] = await tx
      .update(transfers)
      .set({ status, approvedBy: actor.userId, decidedAt: now, updatedAt: now, rejectionReason: failure ?? (status === 'REJECTED' ? (reason ?? null) : null) })
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

// ------------------------------------------------------------------------------------------------
// Held for AML review (docs/aml.md): release or refusal, after two officers agreed
// ------------------------------------------------------------------------------------------------

async function lockHeld(tx: DbOrTx, tenantId: string, transferId: string): Promise<TransferRow> {
  const [row] = await tx
    .select()
    .from(transfers)
    .where(and(eq(transfers.tenantId, tenantId), eq(transfers.id, transferId)))
    .for('update');
  if (!row) throw notFound('transfer');
  if (row.status !== 'HELD_FOR_REVIEW') throw transferNotPending(transferId, row.status);
  return row;
}

/**
 * Releases a transfer held for AML review, in the caller's transaction: it is checked again exactly
 * as when it was created (wallets, payee, consent, limits, balance; not the monitoring rules, which
 * the officers have just reviewed) and posts, or waits for four-eyes approval above the threshold.
 * When a check fails now (the balance was spent meanwhile, say), the transfer FAILS with the reason.
 */
export async function releaseHeldTransfer(
  tx: DbOrTx,
  tenantId: string,
  transferId: string,
  decided: { alertId: string; proposedBy: string; releasedBy: string },
): Promise<{ status: TransferRow['status']; failure: string | null }> {
  const row = await lockHeld(tx, tenantId, transferId);
  const body: CreateTransferBody = {
    walletId: row.walletId,
    ...(row.beneficiaryId ? { beneficiary: { id: row.beneficiaryId } } : {}),
    ...(row.destinationWalletId ? { destinationWalletId: row.destinationWalletId } : {}),
    amount: fmt(row.amount, row.currency),
    currency: row.currency as CreateTransferBody['currency'],
    reference: row.reference,
    ...(row.paymentConsentId ? { paymentConsentId: row.paymentConsentId } : {}),
  };
  // the initiator's transfer, seen as staff: ownership was checked when it was created
  const actor: Actor = { userId: row.initiatedBy, customerId: null, roles: [] };
  try {
    const result = await executeTransfer(tx, tenantId, actor, body, null, { transferId, ...decided });
    return { status: result.data.status, failure: null };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const failure = `${error.message}: ${String((error.data as { details?: string }).details ?? JSON.stringify(error.data))}`;
    const now = clock.now();
    await tx
      .update(transfers)
      .set({ status: 'FAILED', rejectionReason: failure, approvedBy: decided.releasedBy, decidedAt: now, updatedAt: now })
      .where(and(eq(transfers.tenantId, tenantId), eq(transfers.id, transferId)));
    await emitEvent(tx, tenantId, 'transfer.failed', {
      transferId,
      customerId: row.customerId,
      walletId: row.walletId,
      amount: fmt(row.amount, row.currency),
      currency: row.currency,
      reason: failure,
    });
    return { status: 'FAILED', failure };
  }
}

/** Refuses a transfer held for AML review: REJECTED, nothing was ever posted. */
export async function refuseHeldTransfer(tx: DbOrTx, tenantId: string, transferId: string, decided: { refusedBy: string; reason: string }): Promise<void> {
  const row = await lockHeld(tx, tenantId, transferId);
  const now = clock.now();
  await tx
    .update(transfers)
    .set({ status: 'REJECTED', rejectionReason: decided.reason, approvedBy: decided.refusedBy, decidedAt: now, updatedAt: now })
    .where(and(eq(transfers.tenantId, tenantId), eq(transfers.id, transferId)));
  await emitEvent(tx, tenantId, 'transfer.rejected', {
    transferId,
    customerId: row.customerId,
    walletId: row.walletId,
    amount: fmt(row.amount, row.currency),
    currency: row.currency,
    rejectedBy: decided.refusedBy,
    reason: decided.reason,
  });
}
