import { and, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { clock } from '@/lib/clock';
import { MAX_DOCUMENTS_PER_CUSTOMER } from '@/lib/contract/onboarding';
import { DOCUMENT_REQUIREMENTS, type documentUploadBodySchema, type DocumentRequirement } from '@/lib/contract/review';
import type { DbOrTx } from '@/lib/db/client';
import { documents, verifications, type CustomerRow } from '@/lib/db/schema';
import { conflict, documentLimitReached, notFound, validationFailed } from '@/lib/contract/api-errors';
import { emitEvent } from '@/lib/services/events/emit';
import type { Principal } from '@/lib/services/identity/sessions';
import { audit } from './audit';
import { decodeDocument } from './documents';
import { currentDocuments, documentMetadata, documentRequirements, nameOf, organizationPeople, refreshRisk, userLabels, type DocumentMetadata } from './review-state';
import { documentView } from './verification';

type UploadInput = z.infer<typeof documentUploadBodySchema>;
type RevisionRequest = NonNullable<(typeof verifications.$inferSelect)['revisionRequest']>;

/** What a revision request still waits for, given the customer's documents. */
function outstanding(request: RevisionRequest | null, docs: DocumentMetadata[]) {
  if (!request) return { documentIds: [] as string[], requirements: [] as string[] };
  const current = docs.filter((d) => !d.supersededBy);
  const asked = new Date(request.requestedAt).getTime();
  return {
    documentIds: request.documentIds.filter((id) => current.some((d) => d.id === id)),
    requirements: request.requirements.filter(
      (r) => !current.some((d) => (DOCUMENT_REQUIREMENTS[r as DocumentRequirement].documentTypes as readonly string[]).includes(d.documentType) && d.createdAt.getTime() >= asked),
    ),
  };
}

/**
 * Inserts documents of a customer in the caller's transaction (registration or upload): content
 * decoded and sniffed, the uploader kept, one DOCUMENT_UPLOADED audit entry each. A customer holds at
 * most MAX_DOCUMENTS_PER_CUSTOMER (409 DOCUMENT_LIMIT_REACHED); an upload holds the customer's row
 * lock, so two uploads cannot both take the last place.
 */
export async function insertDocuments(
  tx: DbOrTx,
  tenantId: string,
  customerId: string,
  uploadedBy: string | null,
  inputs: { input: Omit<UploadInput, 'replacesDocumentId'>; field: string; file?: ReturnType<typeof decodeDocument> }[],
  /** documents the customer holds already, when the caller knows (a registration: none) */
  options: { held?: number } = {},
) {
  const held =
    options.held ??
    (
      await tx
        .select({ n: count() })
        .from(documents)
        .where(and(eq(documents.tenantId, tenantId), eq(documents.customerId, customerId)))
    )[0]?.n ??
    0;
  if (held + inputs.length > MAX_DOCUMENTS_PER_CUSTOMER) throw documentLimitReached(customerId, MAX_DOCUMENTS_PER_CUSTOMER);
  const out: DocumentMetadata[] = [];
  const now = clock.now().getTime();
  for (const [i, { input, field, file: decoded }] of inputs.entries()) {
    const file = decoded ?? decodeDocument(input.documentFile, field);
    const [doc] = await tx
      .insert(documents)
      .values({
        tenantId,
        customerId,
        documentType: input.documentType,
        documentNumber: input.documentNumber ?? null,
        issuingCountry: input.issuingCountry ?? null,
        expiryDate: input.expiryDate ?? null,
        mimeType: file.mimeType,
        sizeBytes: file.sizeBytes,
        sha256: file.sha256,
        content: file.content,
        uploadedBy,
        representativeId: input.representativeId ?? null,
        // documents of one request keep their order: one millisecond apart
        createdAt: new Date(now + i),
      })
      .returning(documentMetadata);
    await audit(tx, tenantId, {
      customerId,
      actorUserId: uploadedBy,
      action: 'DOCUMENT_UPLOADED',
      entityType: 'DOCUMENT',
      entityId: doc!.id,
      after: { documentType: doc!.documentType, sha256: doc!.sha256, sizeBytes: doc!.sizeBytes },
    });
    out.push(doc!);
  }
  return out;
}

/**
 * A new or replacement document for a customer (administrators, or the customer itself). A
 * replacement supersedes the named document (kept as history). When the case waits for a revision
 * and every document it named is replaced and every requirement it named is provided, the case
 * returns to the queue (PENDING_REVIEW, unassigned, SLA restarted).
 */
export async function uploadCustomerDocument(tx: DbOrTx, principal: Principal, customer: CustomerRow, input: UploadInput) {
  const t = principal.tenantId;
  const [v] = await tx
    .select()
    .from(verifications)
    .where(and(eq(verifications.tenantId, t), eq(verifications.customerId, customer.id)))
    .for('update');
  if (v && (v.status === 'APPROVED' || v.status === 'REJECTED')) throw conflict(`the verification is already ${v.status.toLowerCase()}; documents can no longer change`);
  if (input.replacesDocumentId) {
    const [old] = await tx
      .select({ supersededBy: documents.supersededBy, representativeId: documents.representativeId })
      .from(documents)
      .where(and(eq(documents.tenantId, t), eq(documents.customerId, customer.id), eq(documents.id, input.replacesDocumentId)));
    if (!old) throw notFound('document');
    if (old.supersededBy) throw conflict('the document was already replaced');
    // a replacement stays the same person's document unless the upload names another one
    if (!input.representativeId && old.representativeId) input = { ...input, representativeId: old.representativeId };
  }
  if (input.representativeId) {
    const people = customer.customerType === 'ORGANIZATION' ? await organizationPeople(tx, t, customer.id) : [];
    if (!people.some((p) => p.id === input.representativeId)) throw validationFailed([{ field: 'representativeId', message: 'is not a representative or owner of this customer' }]);
    if (!(DOCUMENT_REQUIREMENTS.REPRESENTATIVE_IDENTITY.documentTypes as readonly string[]).includes(input.documentType)) {
      throw validationFailed([{ field: 'representativeId', message: 'only an identity document (passport, national identity card, driving licence, residence permit) belongs to a person' }]);
    }
  }
  const { replacesDocumentId, ...fields } = input;
  const [doc] = await insertDocuments(tx, t, customer.id, principal.userId, [{ input: fields, field: 'documentFile' }]);
  if (replacesDocumentId) {
    await tx
      .update(documents)
      .set({ supersededBy: doc!.id })
      .where(and(eq(documents.tenantId, t), eq(documents.id, replacesDocumentId)));
    await audit(tx, t, {
      customerId: customer.id,
      actorUserId: principal.userId,
      action: 'DOCUMENT_REPLACED',
      entityType: 'DOCUMENT',
      entityId: replacesDocumentId,
      after: { replacedBy: doc!.id, documentType: doc!.documentType },
    });
  }
  let status = v?.status ?? null;
  const docs = await currentDocuments(tx, t, customer.id);
  const open = v?.status === 'REVISION_REQUESTED' ? outstanding(v.revisionRequest, docs) : { documentIds: [], requirements: [] };
  if (v && v.status === 'REVISION_REQUESTED' && !open.documentIds.length && !open.requirements.length) {
    const now = clock.now();
    await tx
      .update(verifications)
      .set({
        status: 'PENDING_REVIEW',
        assigneeUserId: null,
        revisionRequest: null,
        submittedAt: now,
        submittedByUserId: principal.userId,
        decidedAt: null,
        decidedBy: null,
        reasonCode: null,
        comment: null,
        updatedAt: now,
      })
      .where(and(eq(verifications.tenantId, t), eq(verifications.id, v.id)));
    await audit(tx, t, {
      customerId: customer.id,
      actorUserId: principal.userId,
      action: 'VERIFICATION_RESUBMITTED',
      entityType: 'VERIFICATION',
      entityId: v.id,
      before: { status: v.status, assigneeUserId: v.assigneeUserId, revisionRequest: v.revisionRequest },
      after: { status: 'PENDING_REVIEW', assigneeUserId: null },
    });
    await emitEvent(tx, t, 'customer.verification.updated', {
      customerId: customer.id,
      customerType: customer.customerType,
      verificationId: v.id,
      previousStatus: v.status,
      status: 'PENDING_REVIEW',
      reasonCode: null,
    });
    status = 'PENDING_REVIEW';
  }
  if (v) await refreshRisk(tx, t, customer.id, customer.customerType);
  const labels = await userLabels(tx, t, [principal.userId]);
  return {
    document: documentView(doc!, labels, doc!.representativeId ? await organizationPeople(tx, t, customer.id) : []),
    replacedDocumentId: replacesDocumentId ?? null,
    verificationId: v?.id ?? null,
    verificationStatus: status,
    outstanding: open,
  };
}

/** The customer's documents (metadata), the required documents and the open revision request. */
export async function customerDocuments(db: DbOrTx, principal: Principal, customer: CustomerRow) {
  const t = principal.tenantId;
  const [v] = await db
    .select()
    .from(verifications)
    .where(and(eq(verifications.tenantId, t), eq(verifications.customerId, customer.id)));
  const state = await documentRequirements(db, t, customer.id, customer.customerType);
  const labels = await userLabels(db, t, [...state.docs.flatMap((d) => [d.uploadedBy, d.decidedBy]), v?.revisionRequest?.requestedBy]);
  return {
    verificationId: v?.id ?? null,
    verificationStatus: v?.status ?? null,
    documents: state.docs.map((d) => documentView(d, labels, state.people)),
    requirements: state.requirements,
    revisionRequest: v?.revisionRequest
      ? { ...v.revisionRequest, requestedByName: nameOf(labels, v.revisionRequest.requestedBy), outstanding: outstanding(v.revisionRequest, state.docs) }
      : null,
  };
}
