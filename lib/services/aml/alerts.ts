import { and, asc, desc, eq, gte, inArray, isNull, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { clock } from '@/lib/clock';
import {
  AML_ALERT_EXPORT_MAX_ROWS,
  AML_DECISION_LABELS,
  AML_OPEN_ALERT_STATUSES,
  AML_REASON_LABELS,
  type AmlAlert,
  type AmlAlertDetail,
  type AmlAlertStatus,
  type AmlDecision,
  type DecideAmlAlertBody,
  type ListAmlAlertsQuery,
} from '@/lib/contract/aml';
import { can, REFUSALS } from '@/lib/contract/access';
import { alertAssignedToOther, alertStateConflict, decisionNotAllowed, forbidden, notFound, secondOfficerRequired, validationFailed } from '@/lib/contract/api-errors';
import { isUuid } from '@/lib/contract/common';
import { csvDocument } from '@/lib/contract/csv';
import type { Role } from '@/lib/contract/enums';
import type { Db, DbOrTx } from '@/lib/db/client';
import {
  amlAlertEvents,
  amlAlerts,
  amlListEntries,
  amlLists,
  beneficiaries,
  cardDirectory,
  customers,
  transfers,
  userRoles,
  users,
  verifications,
  wallets,
  type AmlAlertRow,
} from '@/lib/db/schema';
import type { CardProcessor } from '@/lib/contract/card-processor';
import { recordCardAnswer } from '@/lib/services/cards/directory';
import { emitEvent } from '@/lib/services/events/emit';
import { refuseHeldTransfer, releaseHeldTransfer } from '@/lib/services/wallets/transfers';
import { decisionOptions, isFourEyes, statusAfter, TERMINAL_STATUSES } from './decisions';
import { entriesById, hitView } from './screening';
import { describeAlertEvent, recordAlertEvent, usersInDetails } from './timeline';

/**
 * The alerts case manager (docs/aml.md, "Alerts"): one queue for screening hits and transaction
 * monitoring, claim and assign, decisions with a reason code and a required comment, four-eyes where
 * a decision moves money or lifts a block, a timeline with the actors' names, CSV export, and the
 * effects of a decision (a confirmed match freezes the customer's wallets and cards or blocks the
 * beneficiary; a release posts the held transfer).
 */
export interface Officer {
  userId: string;
  tenantId: string;
  roles: readonly Role[];
  requestId?: string;
}

async function userNames(db: DbOrTx, tenantId: string, ids: (string | null | undefined)[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter((i): i is string => !!i))];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, unique)));
  return new Map(rows.map((u) => [u.id, [u.firstName, u.lastName].filter(Boolean).join(' ').trim() || u.username]));
}

type Row = { a: AmlAlertRow; customerName: string; listName: string | null };

function alertView(r: Row, names: Map<string, string>, now: Date): AmlAlert {
  const a = r.a;
  const name = (id: string | null) => (id ? (names.get(id) ?? 'Unknown user') : null);
  return {
    id: a.id,
    kind: a.kind,
    status: a.status,
    customerId: a.customerId,
    customerName: r.customerName,
    subjectType: a.subjectType,
    subjectId: a.subjectId,
    subjectName: a.subjectName,
    score: a.score === null ? null : Number(a.score).toFixed(3),
    listId: a.listId,
    listName: r.listName,
    entryId: a.entryId,
    matchedName: a.hit?.matchedName ?? null,
    transferId: a.transferId,
    holdsTransfer: a.holdsTransfer,
    firings: (a.firings ?? []) as AmlAlert['firings'],
    assigneeUserId: a.assigneeUserId,
    assigneeName: name(a.assigneeUserId),
    pendingDecision: a.pendingDecision as AmlDecision | null,
    pendingBy: a.pendingBy,
    pendingByName: name(a.pendingBy),
    decision: a.decision as AmlDecision | null,
    decisionReasonCode: a.decisionReasonCode as AmlAlert['decisionReasonCode'],
    decidedBy: a.decidedBy,
    decidedByName: name(a.decidedBy),
    decidedAt: a.decidedAt?.toISOString() ?? null,
    ageHours: Math.max(0, Math.floor((now.getTime() - a.createdAt.getTime()) / 3_600_000)),
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

const SORTS: Record<ListAmlAlertsQuery['sort'], SQL[]> = {
  createdAt: [asc(amlAlerts.createdAt), asc(amlAlerts.id)],
  '-createdAt': [desc(amlAlerts.createdAt), desc(amlAlerts.id)],
  score: [sql`${amlAlerts.score} asc nulls first`, asc(amlAlerts.id)],
  '-score': [sql`${amlAlerts.score} desc nulls last`, desc(amlAlerts.id)],
};

function listWhere(officer: Officer, q: Omit<ListAmlAlertsQuery, 'page' | 'pageSize' | 'sort'>): SQL {
  return and(
    eq(amlAlerts.tenantId, officer.tenantId),
    q.kind ? eq(amlAlerts.kind, q.kind) : undefined,
    q.status === 'ACTIVE' ? inArray(amlAlerts.status, [...AML_OPEN_ALERT_STATUSES]) : q.status ? eq(amlAlerts.status, q.status) : undefined,
    q.assignee === 'me'
      ? eq(amlAlerts.assigneeUserId, officer.userId)
      : q.assignee === 'none'
        ? isNull(amlAlerts.assigneeUserId)
        : q.assignee
          ? eq(amlAlerts.assigneeUserId, q.assignee)
          : undefined,
    q.customerId ? eq(amlAlerts.customerId, q.customerId) : undefined,
    q.transferId ? eq(amlAlerts.transferId, q.transferId) : undefined,
    q.olderThanHours !== undefined ? lte(amlAlerts.createdAt, new Date(clock.now().getTime() - q.olderThanHours * 3_600_000)) : undefined,
  )!;
}

const rowSelect = { a: amlAlerts, customerName: customers.displayName, listName: amlLists.name };
function selectRows(db: DbOrTx) {
  return db
    .select(rowSelect)
    .from(amlAlerts)
    .innerJoin(customers, and(eq(customers.tenantId, amlAlerts.tenantId), eq(customers.id, amlAlerts.customerId)))
    .leftJoin(amlLists, eq(amlLists.id, amlAlerts.listId));
}

async function present(db: DbOrTx, tenantId: string, rows: Row[]): Promise<AmlAlert[]> {
  const names = await userNames(
    db,
    tenantId,
    rows.flatMap((r) => [r.a.assigneeUserId, r.a.pendingBy, r.a.decidedBy]),
  );
  const now = clock.now();
  return rows.map((r) => alertView(r, names, now));
}

export async function listAlerts(db: DbOrTx, officer: Officer, q: ListAmlAlertsQuery) {
  const where = listWhere(officer, q);
  const [rows, totals] = await Promise.all([
    selectRows(db)
      .where(where)
      .orderBy(...SORTS[q.sort])
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(amlAlerts)
      .where(where),
  ]);
  return { items: await present(db, officer.tenantId, rows as Row[]), page: q.page, pageSize: q.pageSize, total: Number(totals[0]?.total ?? 0) };
}

/** The filtered queue as CSV, with a byte order mark (names in any script, arrows and quotes open right in a spreadsheet). */
export async function exportAlertsCsv(db: DbOrTx, officer: Officer, q: Omit<ListAmlAlertsQuery, 'page' | 'pageSize'>): Promise<string> {
  const rows = (await selectRows(db)
    .where(listWhere(officer, q))
    .orderBy(...SORTS[q.sort])
    .limit(AML_ALERT_EXPORT_MAX_ROWS)) as Row[];
  const items = await present(db, officer.tenantId, rows);
  const header = [
    'id',
    'kind',
    'status',
    'customer',
    'customer id',
    'subject type',
    'subject',
    'score',
    'list',
    'matched name',
    'rules',
    'transfer id',
    'holds transfer',
    'assignee',
    'created at',
    'age (hours)',
    'decision',
    'reason',
    'decided by',
    'decided at',
  ];
  return csvDocument(
    header,
    items.map((a) => [
      a.id,
      a.kind,
      a.status,
      a.customerName,
      a.customerId,
      a.subjectType,
      a.subjectName,
      a.score,
      a.listName,
      a.matchedName,
      a.firings.map((f) => f.ruleName).join('; '),
      a.transferId,
      a.holdsTransfer ? 'yes' : 'no',
      a.assigneeName,
      a.createdAt,
      a.ageHours,
      a.decision ? AML_DECISION_LABELS[a.decision] : null,
      a.decisionReasonCode ? AML_REASON_LABELS[a.decisionReasonCode] : null,
      a.decidedByName,
      a.decidedAt,
    ]),
    { bom: true },
  );
}

async function findRow(db: DbOrTx, tenantId: string, alertId: string): Promise<Row> {
  if (!isUuid(alertId)) throw notFound('alert');
  const [row] = (await selectRows(db).where(and(eq(amlAlerts.tenantId, tenantId), eq(amlAlerts.id, alertId)))) as Row[];
  if (!row) throw notFound('alert');
  return row;
}

async function transferLines(db: DbOrTx, tenantId: string, where: SQL, limit: number) {
  const rows = await db
    .select({ t: transfers, beneficiaryName: beneficiaries.name, destinationName: wallets.name })
    .from(transfers)
    .leftJoin(beneficiaries, and(eq(beneficiaries.tenantId, transfers.tenantId), eq(beneficiaries.id, transfers.beneficiaryId)))
    .leftJoin(wallets, and(eq(wallets.tenantId, transfers.tenantId), eq(wallets.id, transfers.destinationWalletId)))
    .where(and(eq(transfers.tenantId, tenantId), where))
    .orderBy(desc(transfers.createdAt))
    .limit(limit);
  return rows.map(({ t, beneficiaryName, destinationName }) => ({
    id: t.id,
    type: t.destinationWalletId ? ('WALLET_TRANSFER' as const) : ('PAYOUT' as const),
    status: t.status,
    amount: Number(t.amount).toFixed(2),
    currency: t.currency,
    counterparty: t.destinationWalletId ? `wallet ${destinationName ?? t.destinationWalletId.slice(0, 8)}` : (beneficiaryName ?? 'beneficiary'),
    walletId: t.walletId,
    createdAt: t.createdAt.toISOString(),
  }));
}

/** One alert with everything an officer decides on: the subject and the list entry side by side, or the transfer and the customer's recent activity; the timeline; what the caller may decide. */
export async function getAlert(db: DbOrTx, officer: Officer, alertId: string): Promise<AmlAlertDetail> {
  const row = await findRow(db, officer.tenantId, alertId);
  const a = row.a;
  const [entry, current, transfer, recentTransfers, [verification], events] = await Promise.all([
    a.entryId ? entriesById(db, [a.entryId]) : Promise.resolve(new Map()),
    a.entryId ? db.select({ hash: amlListEntries.hash, removed: amlListEntries.removedVersionId }).from(amlListEntries).where(eq(amlListEntries.id, a.entryId)) : Promise.resolve([]),
    a.transferId ? transferLines(db, officer.tenantId, eq(transfers.id, a.transferId), 1) : Promise.resolve([]),
    transferLines(db, officer.tenantId, and(eq(transfers.customerId, a.customerId), gte(transfers.createdAt, new Date(clock.now().getTime() - 30 * 86_400_000)))!, 50),
    db
      .select({ id: verifications.id })
      .from(verifications)
      .where(and(eq(verifications.tenantId, officer.tenantId), eq(verifications.customerId, a.customerId))),
    db
      .select()
      .from(amlAlertEvents)
      .where(and(eq(amlAlertEvents.tenantId, officer.tenantId), eq(amlAlertEvents.alertId, a.id)))
      .orderBy(asc(amlAlertEvents.seq)),
  ]);
  const names = await userNames(db, officer.tenantId, [
    a.assigneeUserId,
    a.pendingBy,
    a.decidedBy,
    ...events.flatMap((e) => [e.actorUserId, ...usersInDetails(e.details as Record<string, unknown> | null)]),
  ]);
  const base = alertView(row, names, clock.now());
  const opts = decisionOptions(
    { kind: a.kind, status: a.status, holdsTransfer: a.holdsTransfer, assigneeUserId: a.assigneeUserId, pendingDecision: a.pendingDecision as AmlDecision | null, pendingBy: a.pendingBy },
    { userId: officer.userId, mayDecide: can(officer, 'aml:decide') },
    (id) => names.get(id) ?? 'another officer',
  );
  const entryView = a.entryId ? entry.get(a.entryId) : undefined;
  const now = current[0];
  return {
    ...base,
    subject: a.subject ? { ...a.subject, countries: a.subject.countries ? [...a.subject.countries] : [] } : null,
    hit: a.hit && entryView ? { ...hitView(a.hit), entry: entryView } : null,
    entryChangedSince: a.entryId ? !now || now.hash !== a.entryHash || now.removed !== null : false,
    transfer: transfer[0] ?? null,
    recentTransfers,
    verificationId: verification?.id ?? null,
    allowedDecisions: opts.allowed.map((o) => ({ decision: o.decision, reasonCodes: [...o.reasonCodes] })),
    blockedReason: opts.blockedReason,
    timeline: events.map((e) => ({
      id: e.id,
      action: e.action,
      actorUserId: e.actorUserId,
      actorName: e.actorUserId ? (names.get(e.actorUserId) ?? 'Unknown user') : 'System',
      decision: e.decision as AmlDecision | null,
      reasonCode: e.reasonCode as AmlAlertDetail['decisionReasonCode'],
      comment: e.comment,
      fromStatus: e.fromStatus as AmlAlertStatus | null,
      toStatus: e.toStatus as AmlAlertStatus | null,
      note: describeAlertEvent(
        e.action,
        e.details as Record<string, unknown> | null,
        (id) => names.get(id) ?? 'Unknown user',
        (d) => AML_DECISION_LABELS[d as AmlDecision]?.toLowerCase() ?? d,
      ),
      createdAt: e.createdAt.toISOString(),
    })),
  };
}

async function lockAlert(tx: DbOrTx, tenantId: string, alertId: string): Promise<AmlAlertRow> {
  if (!isUuid(alertId)) throw notFound('alert');
  const [a] = await tx
    .select()
    .from(amlAlerts)
    .where(and(eq(amlAlerts.tenantId, tenantId), eq(amlAlerts.id, alertId)))
    .for('update');
  if (!a) throw notFound('alert');
  return a;
}

/**
 * Claim (assign to oneself), assign to another officer, or release (null). An officer claims an
 * unassigned alert or releases its own; assigning to someone else or taking over another's needs
 * aml:assign.
 */
export async function assignAlert(db: Db, officer: Officer, alertId: string, assigneeUserId: string | null) {
  await db.transaction(async (tx) => {
    const a = await lockAlert(tx, officer.tenantId, alertId);
    if (TERMINAL_STATUSES.includes(a.status)) throw alertStateConflict(a.id, a.status, `the alert is ${a.status}; it can no longer be assigned`);
    const mayAssign = can(officer, 'aml:assign');
    const self = assigneeUserId === officer.userId;
    if (assigneeUserId && !self && !mayAssign) throw forbidden(REFUSALS.assignAlertToOther);
    if (self && !can(officer, 'aml:decide')) throw forbidden(REFUSALS.claimAlert);
    if (a.assigneeUserId && a.assigneeUserId !== officer.userId && !mayAssign) {
      const names = await userNames(tx, officer.tenantId, [a.assigneeUserId]);
      throw alertAssignedToOther(a.id, a.assigneeUserId, names.get(a.assigneeUserId) ?? 'another officer');
    }
    if (assigneeUserId && !self) {
      const roles = (
        await tx
          .select({ role: userRoles.role })
          .from(userRoles)
          .innerJoin(users, and(eq(users.tenantId, userRoles.tenantId), eq(users.id, userRoles.userId)))
          .where(and(eq(userRoles.tenantId, officer.tenantId), eq(userRoles.userId, assigneeUserId), eq(users.isActive, true)))
      ).map((r) => r.role);
      if (!roles.length) throw notFound('assignee');
      if (!can({ roles }, 'aml:decide')) throw validationFailed([{ field: 'assigneeUserId', message: 'must be a compliance officer of the tenant' }]);
    }
    const status: AmlAlertStatus = assigneeUserId ? (a.status === 'OPEN' ? 'IN_REVIEW' : a.status) : a.status === 'IN_REVIEW' ? 'OPEN' : a.status;
    await tx
      .update(amlAlerts)
      .set({ assigneeUserId, status, updatedAt: clock.now() })
      .where(and(eq(amlAlerts.tenantId, officer.tenantId), eq(amlAlerts.id, a.id)));
    await recordAlertEvent(tx, officer.tenantId, a.id, {
      actorUserId: officer.userId,
      action: assigneeUserId ? 'ASSIGNED' : 'UNASSIGNED',
      fromStatus: a.status,
      toStatus: status,
      details: { assigneeUserId, previousAssigneeUserId: a.assigneeUserId },
    });
  });
  return getAlert(db, officer, alertId);
}

interface Effects {
  cardsToFreeze: string[];
}

/**
 * An officer's decision. The allowed decisions and reason codes are those of `decisionOptions`;
 * a four-eyes decision is first proposed, then confirmed by another officer (or declined), and only
 * then takes effect. Everything in one transaction; the cards' freeze after it, at the card processor
 * the caller hands in (lib/card-processor sits above the services: docs/architecture.md).
 */
export async function decideAlert(db: Db, officer: Officer, alertId: string, body: DecideAmlAlertBody, cardProcessor: () => Promise<CardProcessor>): Promise<AmlAlertDetail> {
  const effects = await db.transaction(async (tx): Promise<Effects> => {
    const a = await lockAlert(tx, officer.tenantId, alertId);
    const names = await userNames(tx, officer.tenantId, [a.assigneeUserId]);
    const state = {
      kind: a.kind,
      status: a.status,
      holdsTransfer: a.holdsTransfer,
      assigneeUserId: a.assigneeUserId,
      pendingDecision: a.pendingDecision as AmlDecision | null,
      pendingBy: a.pendingBy,
    };
    if (TERMINAL_STATUSES.includes(a.status)) throw alertStateConflict(a.id, a.status, `the alert is already decided (${a.status})`);
    if (a.status === 'PENDING_SECOND_APPROVAL' && a.pendingBy === officer.userId) throw secondOfficerRequired(a.id, a.pendingBy, a.pendingDecision ?? body.decision);
    if (a.assigneeUserId && a.assigneeUserId !== officer.userId && a.status !== 'PENDING_SECOND_APPROVAL') {
      throw alertAssignedToOther(a.id, a.assigneeUserId, names.get(a.assigneeUserId) ?? 'another officer');
    }
    const opts = decisionOptions(state, { userId: officer.userId, mayDecide: true }, () => '');
    const allowed = opts.allowed.find((o) => o.decision === body.decision);
    if (!allowed)
      throw decisionNotAllowed(
        a.id,
        body.decision,
        opts.allowed.map((o) => o.decision),
      );
    if (!allowed.reasonCodes.includes(body.reasonCode)) {
      throw validationFailed([{ field: 'reasonCode', message: `${body.decision} takes one of ${allowed.reasonCodes.join(', ')}` }]);
    }
    const now = clock.now();
    const where = and(eq(amlAlerts.tenantId, officer.tenantId), eq(amlAlerts.id, a.id));
    const event = { actorUserId: officer.userId, decision: body.decision, reasonCode: body.reasonCode, comment: body.comment, fromStatus: a.status };

    // a four-eyes decision, first officer: proposed, nothing happens yet
    if (isFourEyes(body.decision) && a.status !== 'PENDING_SECOND_APPROVAL') {
      await tx
        .update(amlAlerts)
        .set({
          status: 'PENDING_SECOND_APPROVAL',
          pendingDecision: body.decision,
          pendingBy: officer.userId,
          pendingReasonCode: body.reasonCode,
          pendingComment: body.comment,
          pendingAt: now,
          pendingFromStatus: a.status,
          assigneeUserId: null,
          updatedAt: now,
        })
        .where(where);
      await recordAlertEvent(tx, officer.tenantId, a.id, { ...event, action: 'DECISION_PROPOSED', toStatus: 'PENDING_SECOND_APPROVAL' });
      return { cardsToFreeze: [] };
    }
    if (body.decision === 'DECLINE_PROPOSAL') {
      const back = (a.pendingFromStatus as AmlAlertStatus | null) ?? statusAfter(state, 'DECLINE_PROPOSAL');
      await tx
        .update(amlAlerts)
        .set({ status: back, pendingDecision: null, pendingBy: null, pendingReasonCode: null, pendingComment: null, pendingAt: null, pendingFromStatus: null, updatedAt: now })
        .where(where);
      await recordAlertEvent(tx, officer.tenantId, a.id, { ...event, action: 'PROPOSAL_DECLINED', toStatus: back, details: { declined: a.pendingDecision, proposedBy: a.pendingBy } });
      await emitDecided(tx, officer, a, body, back, a.pendingBy);
      return { cardsToFreeze: [] };
    }

    const status = statusAfter(state, body.decision);
    const proposedBy = a.status === 'PENDING_SECOND_APPROVAL' ? a.pendingBy : null;
    const terminal = TERMINAL_STATUSES.includes(status) || status === 'CONFIRMED';
    await tx
      .update(amlAlerts)
      .set({
        status,
        ...(terminal ? { decision: body.decision, decisionReasonCode: body.reasonCode, decidedBy: officer.userId, decidedAt: now } : {}),
        ...(proposedBy ? { pendingDecision: null, pendingReasonCode: null, pendingComment: null, pendingAt: null, pendingFromStatus: null } : {}),
        updatedAt: now,
      })
      .where(where);
    await recordAlertEvent(tx, officer.tenantId, a.id, { ...event, action: 'DECIDED', toStatus: status, details: proposedBy ? { proposedBy } : null });
    const effects = await applyEffects(tx, officer, a, body, proposedBy);
    await emitDecided(tx, officer, a, body, status, proposedBy);
    return effects;
  });
  if (effects.cardsToFreeze.length) await freezeCards(db, await cardProcessor(), officer, alertId, effects.cardsToFreeze);
  return getAlert(db, officer, alertId);
}

async function emitDecided(tx: DbOrTx, officer: Officer, a: AmlAlertRow, body: DecideAmlAlertBody, status: AmlAlertStatus, proposedBy: string | null) {
  await emitEvent(tx, officer.tenantId, 'aml.alert.decided', {
    alertId: a.id,
    kind: a.kind,
    customerId: a.customerId,
    decision: body.decision,
    reasonCode: body.reasonCode,
    status,
    decidedBy: officer.userId,
    proposedBy,
  });
}

const amlReason = (alertId: string) => `AML: confirmed sanctions or PEP match (alert ${alertId})`;

/** What a final decision does besides the alert's own status (docs/aml.md, "What each decision does"). */
async function applyEffects(tx: DbOrTx, officer: Officer, a: AmlAlertRow, body: DecideAmlAlertBody, proposedBy: string | null): Promise<Effects> {
  const t = officer.tenantId;
  const note = (details: Record<string, unknown>) => recordAlertEvent(tx, t, a.id, { actorUserId: null, action: 'EFFECT', details });
  if (body.decision === 'CONFIRMED_MATCH' && a.kind === 'SCREENING') {
    if (a.subjectType === 'BENEFICIARY') {
      const blocked = await tx
        .update(beneficiaries)
        .set({ amlBlockedBy: a.id, updatedAt: clock.now() })
        .where(and(eq(beneficiaries.tenantId, t), eq(beneficiaries.id, a.subjectId), isNull(beneficiaries.amlBlockedBy)))
        .returning({ id: beneficiaries.id });
      await note({ blockedBeneficiaryIds: blocked.map((b) => b.id) });
      return { cardsToFreeze: [] };
    }
    // the customer (or its representative or owner) is on a list: its wallets and cards are frozen
    const frozen = await tx
      .update(wallets)
      .set({ status: 'FROZEN', statusReason: amlReason(a.id), updatedAt: clock.now() })
      .where(and(eq(wallets.tenantId, t), eq(wallets.customerId, a.customerId), eq(wallets.status, 'ACTIVE')))
      .returning({ id: wallets.id });
    for (const w of frozen) {
      await emitEvent(tx, t, 'wallet.status.changed', { walletId: w.id, customerId: a.customerId, previousStatus: 'ACTIVE', status: 'FROZEN', reason: amlReason(a.id) });
    }
    const cards = await tx
      .select({ cardId: cardDirectory.cardId })
      .from(cardDirectory)
      .where(and(eq(cardDirectory.tenantId, t), eq(cardDirectory.customerId, a.customerId), eq(cardDirectory.status, 'ACTIVE')));
    await note({ frozenWalletIds: frozen.map((w) => w.id), cardsToFreeze: cards.map((c) => c.cardId) });
    return { cardsToFreeze: cards.map((c) => c.cardId) };
  }
  if (body.decision === 'CLEAR_MATCH') {
    const unblocked = await tx
      .update(beneficiaries)
      .set({ amlBlockedBy: null, updatedAt: clock.now() })
      .where(and(eq(beneficiaries.tenantId, t), eq(beneficiaries.amlBlockedBy, a.id)))
      .returning({ id: beneficiaries.id });
    // wallets frozen by this match are unfrozen, unless another confirmed match of the customer still stands
    const others = await tx
      .select({ id: amlAlerts.id })
      .from(amlAlerts)
      .where(
        and(
          eq(amlAlerts.tenantId, t),
          eq(amlAlerts.customerId, a.customerId),
          eq(amlAlerts.status, 'CONFIRMED'),
          eq(amlAlerts.kind, 'SCREENING'),
          notInArray(amlAlerts.id, [a.id]),
          notInArray(amlAlerts.subjectType, ['BENEFICIARY']),
        ),
      );
    const unfrozen = others.length
      ? []
      : await tx
          .update(wallets)
          .set({ status: 'ACTIVE', statusReason: null, updatedAt: clock.now() })
          .where(and(eq(wallets.tenantId, t), eq(wallets.customerId, a.customerId), eq(wallets.status, 'FROZEN'), eq(wallets.statusReason, amlReason(a.id))))
          .returning({ id: wallets.id });
    for (const w of unfrozen) {
      await emitEvent(tx, t, 'wallet.status.changed', { walletId: w.id, customerId: a.customerId, previousStatus: 'FROZEN', status: 'ACTIVE', reason: `AML: match cleared (alert ${a.id})` });
    }
    await note({
      unblockedBeneficiaryIds: unblocked.map((b) => b.id),
      unfrozenWalletIds: unfrozen.map((w) => w.id),
      cards: "cards stay frozen until their holders unfreeze them (the processor asks the holder's one-time code)",
    });
    return { cardsToFreeze: [] };
  }
  if (body.decision === 'RELEASE_TRANSFER' && a.transferId) {
    const result = await releaseHeldTransfer(tx, t, a.transferId, { alertId: a.id, proposedBy: proposedBy ?? officer.userId, releasedBy: officer.userId });
    await note({ transferId: a.transferId, transferStatus: result.status, failure: result.failure });
    return { cardsToFreeze: [] };
  }
  if (body.decision === 'REFUSE_TRANSFER' && a.transferId) {
    await refuseHeldTransfer(tx, t, a.transferId, { refusedBy: officer.userId, reason: `refused after AML review: ${AML_REASON_LABELS[body.reasonCode]}. ${body.comment}` });
    await note({ transferId: a.transferId, transferStatus: 'REJECTED' });
    return { cardsToFreeze: [] };
  }
  return { cardsToFreeze: [] };
}

/** The cards of a confirmed match are frozen at the card processor; what it answers is noted in the timeline. */
async function freezeCards(db: Db, processor: CardProcessor, officer: Officer, alertId: string, cardIds: string[]): Promise<void> {
  const frozen: string[] = [];
  const failed: { cardId: string; reason: string }[] = [];
  for (const cardId of cardIds) {
    try {
      const result = await processor.execute({
        operation: 'card/freeze',
        body: { cardNo: cardId, reason: amlReason(alertId) },
        context: { tenantId: officer.tenantId, userId: officer.userId, requestId: officer.requestId ?? `aml-${alertId}`, scope: { kind: 'tenant' } },
      });
      if (result.ok) {
        frozen.push(cardId);
        await recordCardAnswer(db, officer.tenantId, 'card/freeze', result.data);
      } else failed.push({ cardId, reason: result.details ?? result.reason });
    } catch (error) {
      failed.push({ cardId, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  await recordAlertEvent(db, officer.tenantId, alertId, { actorUserId: null, action: failed.length ? 'EFFECT_FAILED' : 'EFFECT', details: { frozenCardIds: frozen, failedCards: failed } });
}

/** The customer's alerts for its 360 and its review case: how many still need an officer, and the newest. */
export async function alertsOfCustomer(db: DbOrTx, officer: Officer, customerId: string) {
  const rows = (await selectRows(db)
    .where(and(eq(amlAlerts.tenantId, officer.tenantId), eq(amlAlerts.customerId, customerId)))
    .orderBy(desc(amlAlerts.createdAt))
    .limit(50)) as Row[];
  const items = await present(db, officer.tenantId, rows);
  return { open: items.filter((i) => (AML_OPEN_ALERT_STATUSES as readonly string[]).includes(i.status)).length, items };
}

/** Alerts that reference the transfer (its page shows the hold and the decisions). */
export async function alertsOfTransfer(db: DbOrTx, tenantId: string, transferId: string) {
  return db
    .select()
    .from(amlAlerts)
    .where(and(eq(amlAlerts.tenantId, tenantId), eq(amlAlerts.transferId, transferId), or(eq(amlAlerts.kind, 'TRANSACTION'))));
}
