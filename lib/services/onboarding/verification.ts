import { and, asc, count, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { clock } from '@/lib/clock';
import type { VerificationStatus } from '@/lib/contract/enums';
import type { z } from 'zod';
import type { listVerificationsQuerySchema } from '@/lib/contract/onboarding';
import {
  DOCUMENT_TYPE_LABELS,
  isExpired,
  REVIEW_SLA_HOURS,
  type AuditAction,
  type RequirementPerson,
  type reviewDocumentDecisionBodySchema,
  type ReviewDecisionBody,
} from '@/lib/contract/review';
import type { DbOrTx } from '@/lib/db/client';
import {
  addresses,
  contacts,
  customerCategorizations,
  customers,
  documents,
  organizations,
  persons,
  representatives,
  userRoles,
  users,
  verificationNotes,
  verifications,
} from '@/lib/db/schema';
import {
  conflict,
  documentExpired,
  forbidden,
  notFound,
  requiredDocumentsNotAccepted,
  secondApproverMustDiffer,
  validationFailed,
  verificationAssignedToOther,
  assigneeNotReviewer,
  registrarMayNotReview,
  openScreeningAlerts,
} from '@/lib/contract/api-errors';
import { approvalRule, getReviewSettings } from './review-settings';
import { documentMetadata, documentRequirements, nameOf, organizationPeople, refreshRisk, today, userLabels, type DocumentMetadata } from './review-state';
import { emitEvent } from '@/lib/services/events/emit';
import type { Principal } from '@/lib/services/identity/sessions';
import { audit, customerAuditLog } from './audit';
import type { UserLabel } from './review-state';
import { customerTimeline } from './timeline';
import { isUuid } from '@/lib/contract/common';
import { can, REFUSALS } from '@/lib/contract/access';
import { openScreeningAlertIds } from '@/lib/services/aml/screening';

export { REVIEW_SLA_HOURS };

async function lockVerification(tx: DbOrTx, tenantId: string, verificationId: string) {
  const [row] = isUuid(verificationId)
    ? await tx
        .select()
        .from(verifications)
        .where(and(eq(verifications.tenantId, tenantId), eq(verifications.id, verificationId)))
        .for('update')
    : [];
  if (!row) throw notFound('verification');
  return row;
}

async function changeStatus(
  tx: DbOrTx,
  tenantId: string,
  row: typeof verifications.$inferSelect,
  actor: string,
  to: VerificationStatus,
  fields: Partial<typeof verifications.$inferInsert>,
  action: AuditAction,
  extraAfter: Record<string, unknown> = {},
) {
  const now = clock.now();
  const [updated] = await tx
    .update(verifications)
    .set({ ...fields, status: to, updatedAt: now })
    .where(and(eq(verifications.tenantId, tenantId), eq(verifications.id, row.id)))
    .returning();
  await audit(tx, tenantId, {
    customerId: row.customerId,
    actorUserId: actor,
    action,
    entityType: 'VERIFICATION',
    entityId: row.id,
    before: { status: row.status, assigneeUserId: row.assigneeUserId },
    after: { status: to, assigneeUserId: updated!.assigneeUserId, reasonCode: updated!.reasonCode, comment: updated!.comment, ...extraAfter },
  });
  if (row.status !== to) {
    await emitEvent(tx, tenantId, 'customer.verification.updated', {
      customerId: row.customerId,
      customerType: row.customerType,
      verificationId: row.id,
      previousStatus: row.status,
      status: to,
      reasonCode: updated!.reasonCode,
    });
  }
  return updated!;
}

/**
 * Initiates or re-initiates the verification of a customer (who may: the route's capability,
 * verification:review, refused with the contract's 403). A case waiting or in review is returned as it is; an
 * approved one cannot be re-opened (409).
 */
export async function initiateVerification(db: DbOrTx, principal: Principal, customer: { id: string; customerType: 'INDIVIDUAL' | 'ORGANIZATION' }) {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(verifications)
      .where(and(eq(verifications.tenantId, principal.tenantId), eq(verifications.customerId, customer.id)))
      .for('update');
    const now = clock.now();
    if (!existing) {
      const [created] = await tx
        .insert(verifications)
        .values({ tenantId: principal.tenantId, customerId: customer.id, customerType: customer.customerType, status: 'PENDING_REVIEW', submittedAt: now, createdAt: now, updatedAt: now })
        .returning();
      await audit(tx, principal.tenantId, {
        customerId: customer.id,
        actorUserId: principal.userId,
        action: 'VERIFICATION_INITIATED',
        entityType: 'VERIFICATION',
        entityId: created!.id,
        after: { status: 'PENDING_REVIEW' },
      });
      await emitEvent(tx, principal.tenantId, 'customer.verification.updated', {
        customerId: customer.id,
        customerType: customer.customerType,
        verificationId: created!.id,
        previousStatus: null,
        status: 'PENDING_REVIEW',
        reasonCode: null,
      });
      return created!;
    }
    if (existing.status === 'APPROVED') throw conflict('the customer is already verified');
    if (existing.status === 'PENDING_REVIEW' || existing.status === 'IN_REVIEW') return existing;
    return changeStatus(
      tx,
      principal.tenantId,
      existing,
      principal.userId,
      'PENDING_REVIEW',
      { assigneeUserId: null, reasonCode: null, comment: null, decidedAt: null, decidedBy: null, submittedAt: now },
      'VERIFICATION_REINITIATED',
    );
  });
}

/**
 * Assignment that holds: claim (no assignee given: the caller), release (null) or reassign (another
 * user). A case another officer holds can be claimed or released only with 'verification:assign',
 * which assigning a case to someone else needs too; the assignee must hold
 * 'verification:review'; the registrar of the customer cannot take its case.
 */
export async function assignVerification(db: DbOrTx, principal: Principal, verificationId: string, assigneeUserId: string | null | undefined) {
  const target = assigneeUserId === undefined ? principal.userId : assigneeUserId;
  const isAdmin = can(principal, 'verification:assign');
  return db.transaction(async (tx) => {
    const row = await lockVerification(tx, principal.tenantId, verificationId);
    if (row.status === 'APPROVED' || row.status === 'REJECTED') throw conflict(`the verification is already ${row.status.toLowerCase()}`);
    if (target && target !== principal.userId && !isAdmin) throw forbidden(REFUSALS.assignCaseToOther);
    if (!isAdmin && row.assigneeUserId && row.assigneeUserId !== principal.userId) await refuseAssignedToOther(tx, principal.tenantId, row);
    if (target) {
      const [assignee] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.tenantId, principal.tenantId), eq(users.id, target), eq(users.isActive, true), sql`${users.organizationId} is not null`));
      if (!assignee) throw notFound('assignee');
      const roles = (
        await tx
          .select({ role: userRoles.role })
          .from(userRoles)
          .where(and(eq(userRoles.tenantId, principal.tenantId), eq(userRoles.userId, target)))
      ).map((r) => r.role);
      if (!can({ roles }, 'verification:review')) throw assigneeNotReviewer(target);
      if (row.registeredByUserId === target) {
        throw registrarMayNotReview(target, 'the user who registered the customer cannot review its case; assign it to another officer');
      }
    }
    const to: VerificationStatus = target ? (row.status === 'PENDING_REVIEW' ? 'IN_REVIEW' : row.status) : row.status === 'IN_REVIEW' ? 'PENDING_REVIEW' : row.status;
    return changeStatus(tx, principal.tenantId, row, principal.userId, to, { assigneeUserId: target }, target ? 'VERIFICATION_ASSIGNED' : 'VERIFICATION_UNASSIGNED');
  });
}

async function refuseAssignedToOther(tx: DbOrTx, tenantId: string, row: typeof verifications.$inferSelect): Promise<never> {
  const labels = await userLabels(tx, tenantId, [row.assigneeUserId]);
  throw verificationAssignedToOther(row.id, row.assigneeUserId!, nameOf(labels, row.assigneeUserId));
}

/** Four-eyes: whoever registered the customer reviews neither the case nor its documents. */
function assertNotRegistrar(row: typeof verifications.$inferSelect, principal: Principal, details: string): void {
  if (row.registeredByUserId && row.registeredByUserId === principal.userId) {
    throw registrarMayNotReview(principal.userId, details);
  }
}

/** The rules every reviewer action on a case passes: four-eyes, an open case, not held by another officer. */
async function assertMayReview(tx: DbOrTx, row: typeof verifications.$inferSelect, principal: Principal, fourEyesDetails: string) {
  assertNotRegistrar(row, principal, fourEyesDetails);
  if (row.status !== 'PENDING_REVIEW' && row.status !== 'IN_REVIEW') {
    throw conflict(`a decision is possible only while the verification waits for or is in review; it is ${row.status}`);
  }
  if (row.assigneeUserId && row.assigneeUserId !== principal.userId) await refuseAssignedToOther(tx, principal.tenantId, row);
}

/**
 * A reviewer's decision. Four-eyes: whoever registered the customer cannot decide on it; a case
 * held by another officer is refused; APPROVE needs every required document accepted and none
 * undecided, and, where the category's process or the tenant's settings ask for two approvals, a second officer.
 */
export async function decideVerification(db: DbOrTx, principal: Principal, verificationId: string, input: ReviewDecisionBody) {
  return db.transaction(async (tx) => {
    const t = principal.tenantId;
    const row = await lockVerification(tx, t, verificationId);
    await assertMayReview(tx, row, principal, 'the user who registered the customer cannot decide on its verification; another officer must review it');
    const state = await documentRequirements(tx, t, row.customerId, row.customerType);
    const now = clock.now();
    const settings = await getReviewSettings(tx, t);
    const { required } = approvalRule(settings, { approvalsRequired: state.process.rules.approvalsRequired, requiredBy: state.process.requiredBy }, row.customerType, row.riskLevel);
    if (input.decision === 'APPROVE') {
      const b = state.blockers;
      if (b.unmetRequirements.length || b.undecidedDocuments.length) throw requiredDocumentsNotAccepted(row.id, b);
      // AML: a screening alert of the customer that still needs an officer blocks the approval (docs/aml.md)
      const openAlerts = await openScreeningAlertIds(tx, t, row.customerId);
      if (openAlerts.length) throw openScreeningAlerts(row.id, openAlerts);
      if (required === 2) {
        if (row.firstApprovedBy === principal.userId) throw secondApproverMustDiffer(row.id, row.firstApprovedBy, principal.userId);
        if (!row.firstApprovedBy) {
          const v = await changeStatus(
            tx,
            t,
            row,
            principal.userId,
            'PENDING_REVIEW',
            { firstApprovedBy: principal.userId, firstApprovedAt: now, assigneeUserId: null, reasonCode: input.reasonCode, comment: input.comment ?? null },
            'VERIFICATION_FIRST_APPROVAL',
          );
          return { ...v, approvalsRequired: required };
        }
      }
    }
    let revisionRequest: (typeof verifications.$inferSelect)['revisionRequest'] = null;
    if (input.decision === 'REQUEST_REVISION') {
      const current = new Set(state.docs.filter((d) => !d.supersededBy).map((d) => d.id));
      const unknown = (input.documentIds ?? []).map((id, i) => ({ id, i })).filter((x) => !current.has(x.id));
      if (unknown.length) throw validationFailed(unknown.map((x) => ({ field: `documentIds.${x.i}`, message: 'not a current document of this customer' })));
      revisionRequest = {
        documentIds: [...new Set(input.documentIds ?? [])],
        requirements: [...new Set(input.requirements ?? [])],
        comment: input.comment ?? null,
        requestedBy: principal.userId,
        requestedAt: now.toISOString(),
      };
    }
    const to: VerificationStatus = input.decision === 'APPROVE' ? 'APPROVED' : input.decision === 'REJECT' ? 'REJECTED' : 'REVISION_REQUESTED';
    const v = await changeStatus(
      tx,
      t,
      row,
      principal.userId,
      to,
      {
        reasonCode: input.reasonCode,
        comment: input.comment ?? null,
        decidedAt: now,
        decidedBy: principal.userId,
        assigneeUserId: row.assigneeUserId ?? principal.userId,
        revisionRequest,
        ...(input.decision === 'APPROVE' ? {} : { firstApprovedBy: null, firstApprovedAt: null }),
      },
      `VERIFICATION_${input.decision}`,
      revisionRequest ? { revisionRequest } : {},
    );
    return { ...v, approvalsRequired: required };
  });
}

/** ACCEPT or REJECT one current document of an open case; an expired document cannot be accepted. */
export async function decideDocument(db: DbOrTx, principal: Principal, verificationId: string, documentId: string, input: z.infer<typeof reviewDocumentDecisionBodySchema>) {
  return db.transaction(async (tx) => {
    const row = await lockVerification(tx, principal.tenantId, verificationId);
    assertNotRegistrar(row, principal, 'the user who registered the customer cannot review its documents; another officer must review them');
    const [before] = await tx
      .select(documentMetadata)
      .from(documents)
      .where(and(eq(documents.tenantId, principal.tenantId), eq(documents.id, documentId), eq(documents.customerId, row.customerId)));
    if (!before) throw notFound('document');
    await assertMayReview(tx, row, principal, 'the user who registered the customer cannot review its documents; another officer must review them');
    if (before.supersededBy) throw conflict('the document was replaced; decide on its replacement');
    if (input.decision === 'ACCEPT' && isExpired(before.expiryDate, today())) throw documentExpired(documentId, before.expiryDate!);
    const status = input.decision === 'ACCEPT' ? 'ACCEPTED' : 'REJECTED';
    const [doc] = await tx
      .update(documents)
      .set({ status, decisionReasonCode: input.reasonCode, decisionComment: input.comment ?? null, decidedBy: principal.userId, decidedAt: clock.now() })
      .where(and(eq(documents.tenantId, principal.tenantId), eq(documents.id, documentId), eq(documents.customerId, row.customerId)))
      .returning(documentMetadata);
    await audit(tx, principal.tenantId, {
      customerId: row.customerId,
      actorUserId: principal.userId,
      action: `DOCUMENT_${status}`,
      entityType: 'DOCUMENT',
      entityId: documentId,
      before: { status: before.status, documentType: before.documentType },
      after: { status, documentType: before.documentType, reasonCode: input.reasonCode, comment: input.comment ?? null },
    });
    await refreshRisk(tx, principal.tenantId, row.customerId, row.customerType);
    return documentView(
      doc!,
      await userLabels(tx, principal.tenantId, [doc!.uploadedBy, doc!.decidedBy]),
      doc!.representativeId ? await organizationPeople(tx, principal.tenantId, doc!.customerId) : [],
    );
  });
}

export async function addNote(db: DbOrTx, principal: Principal, verificationId: string, body: string) {
  return db.transaction(async (tx) => {
    const row = await lockVerification(tx, principal.tenantId, verificationId);
    const [note] = await tx
      .insert(verificationNotes)
      .values({ tenantId: principal.tenantId, verificationId: row.id, authorUserId: principal.userId, body, createdAt: clock.now() })
      .returning();
    await audit(tx, principal.tenantId, {
      customerId: row.customerId,
      actorUserId: principal.userId,
      action: 'VERIFICATION_NOTE_ADDED',
      entityType: 'VERIFICATION',
      entityId: row.id,
      after: { noteId: note!.id },
    });
    return { id: note!.id, authorUserId: note!.authorUserId, body: note!.body, createdAt: note!.createdAt.toISOString() };
  });
}

export function documentView(d: DocumentMetadata, labels?: Map<string, UserLabel>, people: readonly RequirementPerson[] = []) {
  return {
    id: d.id,
    documentType: d.documentType,
    documentNumber: d.documentNumber,
    issuingCountry: d.issuingCountry,
    expiryDate: d.expiryDate,
    expired: isExpired(d.expiryDate, today()),
    mimeType: d.mimeType,
    sizeBytes: d.sizeBytes,
    sha256: d.sha256,
    status: d.status,
    decisionReasonCode: d.decisionReasonCode,
    decisionComment: d.decisionComment,
    decidedBy: d.decidedBy,
    decidedByName: labels && d.decidedBy ? nameOf(labels, d.decidedBy) : null,
    decidedAt: d.decidedAt?.toISOString() ?? null,
    uploadedBy: d.uploadedBy,
    uploadedByName: labels ? nameOf(labels, d.uploadedBy, 'the customer (self sign-up)') : null,
    supersededBy: d.supersededBy,
    representativeId: d.representativeId,
    representativeName: d.representativeId ? (people.find((p) => p.id === d.representativeId)?.name ?? null) : null,
    createdAt: d.createdAt.toISOString(),
  };
}

function verificationView(
  v: typeof verifications.$inferSelect,
  customer: { displayName: string; email: string | null; status: string },
  registrationNumber: string | null,
  labels: Map<string, UserLabel>,
) {
  const slaDueAt = new Date(v.submittedAt.getTime() + REVIEW_SLA_HOURS * 3_600_000);
  const open = v.status === 'PENDING_REVIEW' || v.status === 'IN_REVIEW';
  return {
    id: v.id,
    customerId: v.customerId,
    customerType: v.customerType,
    customerName: customer.displayName,
    customerEmail: customer.email,
    customerStatus: customer.status,
    registrationNumber,
    status: v.status,
    assigneeUserId: v.assigneeUserId,
    assigneeName: v.assigneeUserId ? nameOf(labels, v.assigneeUserId) : null,
    registeredByUserId: v.registeredByUserId,
    registeredByName: nameOf(labels, v.registeredByUserId, 'Self sign-up'),
    submittedByUserId: v.submittedByUserId ?? v.registeredByUserId,
    submittedByName: nameOf(labels, v.submittedByUserId ?? v.registeredByUserId, 'Self sign-up'),
    riskLevel: v.riskLevel,
    riskReasons: v.riskReasons,
    firstApprovedBy: v.firstApprovedBy,
    firstApprovedByName: v.firstApprovedBy ? nameOf(labels, v.firstApprovedBy) : null,
    firstApprovedAt: v.firstApprovedAt?.toISOString() ?? null,
    reasonCode: v.reasonCode,
    comment: v.comment,
    decidedBy: v.decidedBy,
    decidedAt: v.decidedAt?.toISOString() ?? null,
    submittedAt: v.submittedAt.toISOString(),
    ageHours: Math.max(0, Math.floor((clock.now().getTime() - v.submittedAt.getTime()) / 3_600_000)),
    slaDueAt: slaDueAt.toISOString(),
    overdue: open && clock.now() > slaDueAt,
    createdAt: v.createdAt.toISOString(),
    updatedAt: v.updatedAt.toISOString(),
  };
}

const viewLabelIds = (v: typeof verifications.$inferSelect) => [v.assigneeUserId, v.registeredByUserId, v.submittedByUserId, v.firstApprovedBy, v.decidedBy];

/** The review queue: filters, search by name/email/registration number, sort, pages. */
export async function listVerifications(db: DbOrTx, principal: Principal, query: z.infer<typeof listVerificationsQuerySchema>) {
  const conditions: (SQL | undefined)[] = [eq(verifications.tenantId, principal.tenantId)];
  if (query.status?.length) conditions.push(inArray(verifications.status, query.status));
  if (query.customerType) conditions.push(eq(verifications.customerType, query.customerType));
  if (query.riskLevel) conditions.push(eq(verifications.riskLevel, query.riskLevel));
  if (query.olderThanHours !== undefined) conditions.push(lte(verifications.submittedAt, new Date(clock.now().getTime() - query.olderThanHours * 3_600_000)));
  if (query.assignee === 'me') conditions.push(eq(verifications.assigneeUserId, principal.userId));
  else if (query.assignee === 'unassigned') conditions.push(isNull(verifications.assigneeUserId));
  else if (query.assignee === 'mine_and_unassigned') conditions.push(or(eq(verifications.assigneeUserId, principal.userId), isNull(verifications.assigneeUserId)));
  else if (query.assignee !== 'any') conditions.push(eq(verifications.assigneeUserId, query.assignee));
  if (query.createdFrom) conditions.push(gte(verifications.submittedAt, new Date(query.createdFrom)));
  if (query.createdTo) conditions.push(lte(verifications.submittedAt, new Date(query.createdTo)));
  if (query.q) {
    const like = `%${query.q.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        sql`lower(${customers.displayName}) like ${like}`,
        sql`lower(coalesce(${customers.email}, '')) like ${like}`,
        sql`lower(coalesce(${organizations.registrationNumber}, '')) like ${like}`,
        sql`lower(coalesce(${organizations.legalName}, '')) like ${like}`,
      ),
    );
  }
  const where = and(...conditions);
  // how often the customer answered a revision request: the queue marks a case that came back
  const resubmissions = sql<number>`(select count(*)::int from audit_log a
    where a.tenant_id = ${verifications.tenantId} and a.customer_id = ${verifications.customerId} and a.action = 'VERIFICATION_RESUBMITTED')`;
  const base = db
    .select({ v: verifications, customer: customers, registrationNumber: organizations.registrationNumber, resubmissions })
    .from(verifications)
    .innerJoin(customers, and(eq(customers.tenantId, verifications.tenantId), eq(customers.id, verifications.customerId)))
    .leftJoin(organizations, and(eq(organizations.tenantId, verifications.tenantId), eq(organizations.customerId, verifications.customerId)));
  const order =
    query.sort === '-submittedAt'
      ? desc(verifications.submittedAt)
      : query.sort === 'updatedAt'
        ? asc(verifications.updatedAt)
        : query.sort === '-updatedAt'
          ? desc(verifications.updatedAt)
          : query.sort === 'status'
            ? asc(verifications.status)
            : asc(verifications.submittedAt);
  const rows = await base
    .where(where)
    .orderBy(order, asc(verifications.id))
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize);
  const [{ total }] = (await db
    .select({ total: count() })
    .from(verifications)
    .innerJoin(customers, and(eq(customers.tenantId, verifications.tenantId), eq(customers.id, verifications.customerId)))
    .leftJoin(organizations, and(eq(organizations.tenantId, verifications.tenantId), eq(organizations.customerId, verifications.customerId)))
    .where(where)) as [{ total: number }];
  const labels = await userLabels(
    db,
    principal.tenantId,
    rows.flatMap((r) => viewLabelIds(r.v)),
  );
  return {
    items: rows.map((r) => ({ ...verificationView(r.v, r.customer, r.registrationNumber, labels), resubmissions: Number(r.resubmissions) })),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    total: Number(total),
  };
}

/**
 * Whether the caller may approve the case now, and every reason why not, so that the page can say it
 * before any input (the server applies the same rules on the decision).
 */
function approvalGate(v: typeof verifications.$inferSelect, principal: Principal, blockers: ApprovalBlockers, required: 1 | 2, labels: Map<string, UserLabel>, openAlerts: string[]) {
  const reasons: { code: string; message: string }[] = [];
  if (v.registeredByUserId === principal.userId) reasons.push({ code: 'FOUR_EYES', message: 'You registered this customer: another officer must review it (four-eyes rule).' });
  if (v.status !== 'PENDING_REVIEW' && v.status !== 'IN_REVIEW')
    reasons.push({ code: 'NOT_OPEN', message: `The case is ${v.status.toLowerCase().replace('_', ' ')}; no decision is possible.` });
  if (v.assigneeUserId && v.assigneeUserId !== principal.userId)
    reasons.push({ code: 'ASSIGNED_TO_ANOTHER_OFFICER', message: `The case is assigned to ${nameOf(labels, v.assigneeUserId)}.` });
  if (required === 2 && v.firstApprovedBy === principal.userId)
    reasons.push({ code: 'SECOND_APPROVER_MUST_DIFFER', message: 'You gave the first approval: a second, different officer must approve.' });
  for (const r of blockers.unmetRequirements) reasons.push({ code: 'REQUIRED_DOCUMENT_NOT_ACCEPTED', message: `${r.label}: no accepted document yet.` });
  if (blockers.undecidedDocuments.length) reasons.push({ code: 'DOCUMENTS_UNDECIDED', message: `${blockers.undecidedDocuments.length} document(s) still to accept or reject.` });
  if (openAlerts.length) {
    const n = openAlerts.length;
    reasons.push({
      code: 'OPEN_SCREENING_ALERTS',
      message: `${n === 1 ? 'A sanctions or PEP screening alert' : `${n} sanctions or PEP screening alerts`} of this customer ${n === 1 ? 'is' : 'are'} still open: an officer must decide ${n === 1 ? 'it' : 'them'} first (false positive, or a cleared match).`,
    });
  }
  // what refuses every decision (reject, revision, documents), not only approval: the page disables them up front
  const decideBlockedReasons = reasons.filter((r) => DECIDE_BLOCKERS.has(r.code));
  return { canApprove: reasons.length === 0, approveBlockedReasons: reasons, canDecide: decideBlockedReasons.length === 0, decideBlockedReasons };
}
/** The reasons of approvalGate that assertMayReview also applies to rejecting, asking for a revision and deciding documents. */
const DECIDE_BLOCKERS = new Set(['FOUR_EYES', 'NOT_OPEN', 'ASSIGNED_TO_ANOTHER_OFFICER']);
type ApprovalBlockers = { unmetRequirements: { requirement: string; label: string; documentTypes: string[] }[]; undecidedDocuments: { documentId: string; documentType: string }[] };

/** One case with the customer's data, documents (metadata), requirements, risk, approval gate, notes and timeline. */
export async function getVerification(db: DbOrTx, principal: Principal, verificationId: string) {
  const [row] = isUuid(verificationId)
    ? await db
        .select({ v: verifications, customer: customers })
        .from(verifications)
        .innerJoin(customers, and(eq(customers.tenantId, verifications.tenantId), eq(customers.id, verifications.customerId)))
        .where(and(eq(verifications.tenantId, principal.tenantId), eq(verifications.id, verificationId)))
    : [];
  if (!row) throw notFound('verification');
  const t = principal.tenantId;
  const cid = row.v.customerId;
  const [person] = await db
    .select()
    .from(persons)
    .where(and(eq(persons.tenantId, t), eq(persons.customerId, cid)));
  const [organization] = await db
    .select()
    .from(organizations)
    .where(and(eq(organizations.tenantId, t), eq(organizations.customerId, cid)));
  const reps = organization
    ? await db
        .select()
        .from(representatives)
        .where(and(eq(representatives.tenantId, t), eq(representatives.organizationId, organization.id)))
        // registration order, as the review's requirements name them
        .orderBy(asc(representatives.createdAt), asc(representatives.id))
    : [];
  const addr = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.tenantId, t), eq(addresses.customerId, cid)));
  const cont = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.tenantId, t), eq(contacts.customerId, cid)));
  const state = await documentRequirements(db, t, cid, row.v.customerType);
  const notes = await db
    .select()
    .from(verificationNotes)
    .where(and(eq(verificationNotes.tenantId, t), eq(verificationNotes.verificationId, row.v.id)))
    .orderBy(asc(verificationNotes.createdAt));
  const [categorization] = await db
    .select()
    .from(customerCategorizations)
    .where(and(eq(customerCategorizations.tenantId, t), eq(customerCategorizations.customerId, cid)));
  const settings = await getReviewSettings(db, t);
  const { required, requiredBy: approvalsRequiredBy } = approvalRule(
    settings,
    { approvalsRequired: state.process.rules.approvalsRequired, requiredBy: state.process.requiredBy },
    row.v.customerType,
    row.v.riskLevel,
  );
  const labels = await userLabels(db, t, [
    ...viewLabelIds(row.v),
    ...state.docs.flatMap((d) => [d.uploadedBy, d.decidedBy]),
    ...notes.map((n) => n.authorUserId),
    row.v.revisionRequest?.requestedBy,
  ]);
  return {
    ...verificationView(row.v, row.customer, organization?.registrationNumber ?? null, labels),
    person: person
      ? {
          firstName: person.firstName,
          lastName: person.lastName,
          email: person.email,
          dateOfBirth: person.dateOfBirth,
          gender: person.gender,
          nationality: person.nationality,
          placeOfBirth: person.placeOfBirth,
        }
      : null,
    organization: organization
      ? {
          id: organization.id,
          legalName: organization.legalName,
          tradingName: organization.tradingName,
          registrationNumber: organization.registrationNumber,
          taxId: organization.taxId,
          businessType: organization.businessType,
          industry: organization.industry,
          website: organization.website,
          incorporationDate: organization.incorporationDate,
        }
      : null,
    representatives: reps.map((r) => ({
      id: r.id,
      firstName: r.firstName,
      lastName: r.lastName,
      position: r.position,
      email: r.email,
      isPrimaryOwner: r.isPrimaryOwner,
      ownershipShare: r.ownershipShare,
    })),
    addresses: addr.map((a) => ({
      id: a.id,
      addressType: a.addressType,
      street: a.street,
      building: a.building,
      city: a.city,
      state: a.state,
      postalCode: a.postalCode,
      country: a.country,
      isPrimary: a.isPrimary,
    })),
    contacts: cont.map((c) => ({ id: c.id, contactType: c.contactType, value: c.value, isPrimary: c.isPrimary })),
    categorization: categorization
      ? {
          categoryId: categorization.categoryId,
          categoryCode: state.category?.code ?? null,
          categoryName: state.category?.name ?? null,
          riskLevel: categorization.riskLevel,
          parameters: categorization.parameters,
        }
      : null,
    documents: state.docs.map((d) => documentView(d, labels, state.people)),
    requirements: state.requirements,
    approvalsRequired: required,
    approvalsRequiredBy,
    process: {
      categoryId: state.category?.id ?? null,
      categoryName: state.category?.name ?? null,
      isDefault: state.process.isDefault,
      screeningRequired: state.process.rules.screeningRequired,
      approvalsRequired: state.process.rules.approvalsRequired,
      productCodes: state.process.rules.productCodes,
      requiredBy: state.process.requiredBy,
    },
    ...approvalGate(row.v, principal, state.blockers, required, labels, await openScreeningAlertIds(db, t, cid)),
    revisionRequest: row.v.revisionRequest ? { ...row.v.revisionRequest, requestedByName: nameOf(labels, row.v.revisionRequest.requestedBy) } : null,
    notes: notes.map((n) => ({ id: n.id, authorUserId: n.authorUserId, authorName: nameOf(labels, n.authorUserId), body: n.body, createdAt: n.createdAt.toISOString() })),
    history: (await customerAuditLog(db, t, cid)).reverse(),
  };
}

/** The content of one document of a case, for the reviewer's viewer. */
export async function documentContent(db: DbOrTx, principal: Principal, verificationId: string, documentId: string) {
  const [row] =
    isUuid(verificationId) && isUuid(documentId)
      ? await db
          .select({ content: documents.content, mimeType: documents.mimeType, sha256: documents.sha256, documentType: documents.documentType, customerName: customers.displayName })
          .from(documents)
          .innerJoin(verifications, and(eq(verifications.tenantId, documents.tenantId), eq(verifications.customerId, documents.customerId)))
          .innerJoin(customers, and(eq(customers.tenantId, documents.tenantId), eq(customers.id, documents.customerId)))
          .where(and(eq(documents.tenantId, principal.tenantId), eq(documents.id, documentId), eq(verifications.id, verificationId)))
      : [];
  if (!row) throw notFound('document');
  const { documentType, customerName, ...file } = row;
  return { ...file, fileName: documentFileName(documentType, customerName, row.mimeType) };
}

/**
 * The name a browser gives the file (a PDF's new tab, a download): what it is and whose,
 * e.g. "passport-grace-hopper.pdf"; ASCII only, so it needs no encoding in Content-Disposition.
 */
export function documentFileName(documentType: string, customerName: string, mimeType: string): string {
  const slug = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60);
  const what = slug(DOCUMENT_TYPE_LABELS[documentType as keyof typeof DOCUMENT_TYPE_LABELS] ?? documentType) || 'document';
  const whose = slug(customerName);
  const ext = mimeType === 'application/pdf' ? 'pdf' : mimeType === 'image/png' ? 'png' : 'jpg';
  return `${whose ? `${what}-${whose}` : what}.${ext}`;
}

/** The timeline of a case: every event of its customer with actor names and roles. */
export async function caseTimeline(db: DbOrTx, principal: Principal, verificationId: string) {
  const [row] = isUuid(verificationId)
    ? await db
        .select({ customerId: verifications.customerId })
        .from(verifications)
        .where(and(eq(verifications.tenantId, principal.tenantId), eq(verifications.id, verificationId)))
    : [];
  if (!row) throw notFound('verification');
  return customerTimeline(db, principal.tenantId, row.customerId);
}
