import { and, asc, count, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { clock } from '@/lib/clock';
import type { Role, VerificationStatus } from '@/lib/contract/enums';
import type { z } from 'zod';
import type { decisionBodySchema, documentDecisionBodySchema, listVerificationsQuerySchema } from '@/lib/contract/onboarding';
import type { DbOrTx } from '@/lib/db/client';
import { addresses, contacts, customerCategorizations, customers, documents, organizations, persons, representatives, users, verificationNotes, verifications } from '@/lib/db/schema';
import { ApiError, conflict, notFound, verificationAccessDenied, VERIFICATION_ROLES } from '@/lib/http/errors';
import { emitEvent } from '@/lib/services/events/emit';
import type { Principal } from '@/lib/services/identity/sessions';
import { audit, customerAuditLog } from './audit';
import { isUuid } from '@/lib/contract/common';

/** Review turnaround we promise (used for estimatedCompletionTime). */
export const REVIEW_SLA_HOURS = 48;

export function assertVerificationRole(principal: Principal): void {
  if (!principal.roles.some((r) => (VERIFICATION_ROLES as readonly Role[]).includes(r))) {
    throw verificationAccessDenied(principal.userId, principal.roles);
  }
}


async function lockVerification(tx: DbOrTx, tenantId: string, verificationId: string) {
  const [row] = isUuid(verificationId)
    ? await tx.select().from(verifications).where(and(eq(verifications.tenantId, tenantId), eq(verifications.id, verificationId))).for('update')
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
  action: string,
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
    after: { status: to, assigneeUserId: updated!.assigneeUserId, reasonCode: updated!.reasonCode, comment: updated!.comment },
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
 * Initiates or re-initiates the verification of a customer (COMPLIANCE_OFFICER or ADMIN_USER; any
 * other caller gets the contract's 403). A case waiting or in review is returned as it is; an
 * approved one cannot be re-opened (409).
 */
export async function initiateVerification(db: DbOrTx, principal: Principal, customer: { id: string; customerType: 'INDIVIDUAL' | 'ORGANIZATION' }) {
  assertVerificationRole(principal);
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
      await audit(tx, principal.tenantId, { customerId: customer.id, actorUserId: principal.userId, action: 'VERIFICATION_INITIATED', entityType: 'VERIFICATION', entityId: created!.id, after: { status: 'PENDING_REVIEW' } });
      await emitEvent(tx, principal.tenantId, 'customer.verification.updated', { customerId: customer.id, customerType: customer.customerType, verificationId: created!.id, previousStatus: null, status: 'PENDING_REVIEW', reasonCode: null });
      return created!;
    }
    if (existing.status === 'APPROVED') throw conflict('the customer is already verified');
    if (existing.status === 'PENDING_REVIEW' || existing.status === 'IN_REVIEW') return existing;
    return changeStatus(tx, principal.tenantId, existing, principal.userId, 'PENDING_REVIEW', { assigneeUserId: null, reasonCode: null, comment: null, decidedAt: null, decidedBy: null, submittedAt: now }, 'VERIFICATION_REINITIATED');
  });
}

export async function assignVerification(db: DbOrTx, principal: Principal, verificationId: string, assigneeUserId: string | null | undefined) {
  assertVerificationRole(principal);
  const target = assigneeUserId === undefined ? principal.userId : assigneeUserId;
  return db.transaction(async (tx) => {
    const row = await lockVerification(tx, principal.tenantId, verificationId);
    if (row.status === 'APPROVED' || row.status === 'REJECTED') throw conflict(`the verification is already ${row.status.toLowerCase()}`);
    if (target) {
      const [assignee] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.tenantId, principal.tenantId), eq(users.id, target), eq(users.isActive, true), sql`${users.organizationId} is not null`));
      if (!assignee) throw notFound('assignee');
    }
    const to: VerificationStatus = target ? (row.status === 'PENDING_REVIEW' ? 'IN_REVIEW' : row.status) : row.status === 'IN_REVIEW' ? 'PENDING_REVIEW' : row.status;
    return changeStatus(tx, principal.tenantId, row, principal.userId, to, { assigneeUserId: target }, target ? 'VERIFICATION_ASSIGNED' : 'VERIFICATION_UNASSIGNED');
  });
}

/** Four-eyes: whoever registered the customer reviews neither the case nor its documents. */
function assertNotRegistrar(row: typeof verifications.$inferSelect, principal: Principal, details: string): void {
  if (row.registeredByUserId && row.registeredByUserId === principal.userId) {
    throw new ApiError(403, 'access denied', { error: 'FOUR_EYES', details, userId: principal.userId });
  }
}

/**
 * A reviewer's decision. Four-eyes: whoever registered the customer cannot decide on it. Decisions
 * are possible while the case waits or is in review.
 */
export async function decideVerification(db: DbOrTx, principal: Principal, verificationId: string, input: z.infer<typeof decisionBodySchema>) {
  assertVerificationRole(principal);
  return db.transaction(async (tx) => {
    const row = await lockVerification(tx, principal.tenantId, verificationId);
    assertNotRegistrar(row, principal, 'the user who registered the customer cannot decide on its verification; another officer must review it');
    if (row.status !== 'PENDING_REVIEW' && row.status !== 'IN_REVIEW') {
      throw conflict(`a decision is possible only while the verification waits for or is in review; it is ${row.status}`);
    }
    const to: VerificationStatus = input.decision === 'APPROVE' ? 'APPROVED' : input.decision === 'REJECT' ? 'REJECTED' : 'REVISION_REQUESTED';
    return changeStatus(
      tx,
      principal.tenantId,
      row,
      principal.userId,
      to,
      { reasonCode: input.reasonCode, comment: input.comment ?? null, decidedAt: clock.now(), decidedBy: principal.userId, assigneeUserId: row.assigneeUserId ?? principal.userId },
      `VERIFICATION_${input.decision}`,
    );
  });
}

export async function decideDocument(db: DbOrTx, principal: Principal, verificationId: string, documentId: string, input: z.infer<typeof documentDecisionBodySchema>) {
  assertVerificationRole(principal);
  return db.transaction(async (tx) => {
    const row = await lockVerification(tx, principal.tenantId, verificationId);
    assertNotRegistrar(row, principal, 'the user who registered the customer cannot review its documents; another officer must review them');
    const [before] = await tx
      .select({ id: documents.id, status: documents.status })
      .from(documents)
      .where(and(eq(documents.tenantId, principal.tenantId), eq(documents.id, documentId), eq(documents.customerId, row.customerId)));
    if (!before) throw notFound('document');
    const status = input.decision === 'ACCEPT' ? 'ACCEPTED' : 'REJECTED';
    const [doc] = await tx
      .update(documents)
      .set({ status, decisionReasonCode: input.reasonCode, decisionComment: input.comment ?? null, decidedBy: principal.userId, decidedAt: clock.now() })
      .where(and(eq(documents.tenantId, principal.tenantId), eq(documents.id, documentId), eq(documents.customerId, row.customerId)))
      .returning();
    await audit(tx, principal.tenantId, { customerId: row.customerId, actorUserId: principal.userId, action: `DOCUMENT_${status}`, entityType: 'DOCUMENT', entityId: documentId, before: { status: before.status }, after: { status, reasonCode: input.reasonCode } });
    return documentView(doc!);
  });
}

export async function addNote(db: DbOrTx, principal: Principal, verificationId: string, body: string) {
  assertVerificationRole(principal);
  return db.transaction(async (tx) => {
    const row = await lockVerification(tx, principal.tenantId, verificationId);
    const [note] = await tx.insert(verificationNotes).values({ tenantId: principal.tenantId, verificationId: row.id, authorUserId: principal.userId, body, createdAt: clock.now() }).returning();
    await audit(tx, principal.tenantId, { customerId: row.customerId, actorUserId: principal.userId, action: 'VERIFICATION_NOTE_ADDED', entityType: 'VERIFICATION', entityId: row.id, after: { noteId: note!.id } });
    return { id: note!.id, authorUserId: note!.authorUserId, body: note!.body, createdAt: note!.createdAt.toISOString() };
  });
}

function documentView(d: typeof documents.$inferSelect) {
  return {
    id: d.id,
    documentType: d.documentType,
    documentNumber: d.documentNumber,
    issuingCountry: d.issuingCountry,
    expiryDate: d.expiryDate,
    mimeType: d.mimeType,
    sizeBytes: d.sizeBytes,
    sha256: d.sha256,
    status: d.status,
    decisionReasonCode: d.decisionReasonCode,
    decisionComment: d.decisionComment,
    decidedBy: d.decidedBy,
    decidedAt: d.decidedAt?.toISOString() ?? null,
    createdAt: d.createdAt.toISOString(),
  };
}

function verificationView(v: typeof verifications.$inferSelect, customer: { displayName: string; email: string | null; status: string }, registrationNumber: string | null) {
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
    registeredByUserId: v.registeredByUserId,
    reasonCode: v.reasonCode,
    comment: v.comment,
    decidedBy: v.decidedBy,
    decidedAt: v.decidedAt?.toISOString() ?? null,
    submittedAt: v.submittedAt.toISOString(),
    ageHours: Math.max(0, Math.floor((clock.now().getTime() - v.submittedAt.getTime()) / 3_600_000)),
    createdAt: v.createdAt.toISOString(),
    updatedAt: v.updatedAt.toISOString(),
  };
}

/** The review queue: filters, search by name/email/registration number, sort, pages. */
export async function listVerifications(db: DbOrTx, principal: Principal, query: z.infer<typeof listVerificationsQuerySchema>) {
  assertVerificationRole(principal);
  const conditions: (SQL | undefined)[] = [eq(verifications.tenantId, principal.tenantId)];
  if (query.status?.length) conditions.push(inArray(verifications.status, query.status));
  if (query.customerType) conditions.push(eq(verifications.customerType, query.customerType));
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
  const base = db
    .select({ v: verifications, customer: customers, registrationNumber: organizations.registrationNumber })
    .from(verifications)
    .innerJoin(customers, and(eq(customers.tenantId, verifications.tenantId), eq(customers.id, verifications.customerId)))
    .leftJoin(organizations, and(eq(organizations.tenantId, verifications.tenantId), eq(organizations.customerId, verifications.customerId)));
  const order =
    query.sort === '-submittedAt' ? desc(verifications.submittedAt) : query.sort === 'updatedAt' ? asc(verifications.updatedAt) : query.sort === '-updatedAt' ? desc(verifications.updatedAt) : query.sort === 'status' ? asc(verifications.status) : asc(verifications.submittedAt);
  const rows = await base.where(where).orderBy(order, asc(verifications.id)).limit(query.pageSize).offset((query.pageNo - 1) * query.pageSize);
  const [{ total }] = (await db
    .select({ total: count() })
    .from(verifications)
    .innerJoin(customers, and(eq(customers.tenantId, verifications.tenantId), eq(customers.id, verifications.customerId)))
    .leftJoin(organizations, and(eq(organizations.tenantId, verifications.tenantId), eq(organizations.customerId, verifications.customerId)))
    .where(where)) as [{ total: number }];
  return { items: rows.map((r) => verificationView(r.v, r.customer, r.registrationNumber)), pageNo: query.pageNo, pageSize: query.pageSize, total: Number(total) };
}

/** One case with the customer's data, documents (metadata), notes and history. */
export async function getVerification(db: DbOrTx, principal: Principal, verificationId: string) {
  assertVerificationRole(principal);
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
  const [person] = await db.select().from(persons).where(and(eq(persons.tenantId, t), eq(persons.customerId, cid)));
  const [organization] = await db.select().from(organizations).where(and(eq(organizations.tenantId, t), eq(organizations.customerId, cid)));
  const reps = organization ? await db.select().from(representatives).where(and(eq(representatives.tenantId, t), eq(representatives.organizationId, organization.id))) : [];
  const addr = await db.select().from(addresses).where(and(eq(addresses.tenantId, t), eq(addresses.customerId, cid)));
  const cont = await db.select().from(contacts).where(and(eq(contacts.tenantId, t), eq(contacts.customerId, cid)));
  const docs = await db.select().from(documents).where(and(eq(documents.tenantId, t), eq(documents.customerId, cid))).orderBy(asc(documents.createdAt));
  const notes = await db.select().from(verificationNotes).where(and(eq(verificationNotes.tenantId, t), eq(verificationNotes.verificationId, row.v.id))).orderBy(asc(verificationNotes.createdAt));
  const [categorization] = await db.select().from(customerCategorizations).where(and(eq(customerCategorizations.tenantId, t), eq(customerCategorizations.customerId, cid)));
  return {
    ...verificationView(row.v, row.customer, organization?.registrationNumber ?? null),
    person: person ? { firstName: person.firstName, lastName: person.lastName, email: person.email, dateOfBirth: person.dateOfBirth, gender: person.gender, nationality: person.nationality, placeOfBirth: person.placeOfBirth } : null,
    organization: organization
      ? { id: organization.id, legalName: organization.legalName, tradingName: organization.tradingName, registrationNumber: organization.registrationNumber, taxId: organization.taxId, businessType: organization.businessType, industry: organization.industry, website: organization.website, incorporationDate: organization.incorporationDate }
      : null,
    representatives: reps.map((r) => ({ id: r.id, firstName: r.firstName, lastName: r.lastName, position: r.position, email: r.email, isPrimaryOwner: r.isPrimaryOwner, ownershipShare: r.ownershipShare })),
    addresses: addr.map((a) => ({ id: a.id, addressType: a.addressType, street: a.street, building: a.building, city: a.city, state: a.state, postalCode: a.postalCode, country: a.country, isPrimary: a.isPrimary })),
    contacts: cont.map((c) => ({ id: c.id, contactType: c.contactType, value: c.value, isPrimary: c.isPrimary })),
    categorization: categorization ? { categoryId: categorization.categoryId, riskLevel: categorization.riskLevel, parameters: categorization.parameters } : null,
    documents: docs.map(documentView),
    notes: notes.map((n) => ({ id: n.id, authorUserId: n.authorUserId, body: n.body, createdAt: n.createdAt.toISOString() })),
    history: (await customerAuditLog(db, t, cid)).reverse(),
  };
}

/** The content of one document of a case, for the reviewer's viewer. */
export async function documentContent(db: DbOrTx, principal: Principal, verificationId: string, documentId: string) {
  assertVerificationRole(principal);
  const [row] = isUuid(verificationId) && isUuid(documentId)
    ? await db
        .select({ content: documents.content, mimeType: documents.mimeType, sha256: documents.sha256 })
        .from(documents)
        .innerJoin(verifications, and(eq(verifications.tenantId, documents.tenantId), eq(verifications.customerId, documents.customerId)))
        .where(and(eq(documents.tenantId, principal.tenantId), eq(documents.id, documentId), eq(verifications.id, verificationId)))
    : [];
  if (!row) throw notFound('document');
  return row;
}
