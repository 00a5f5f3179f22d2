import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tenantRef, updatedAt } from './columns';
import { customers } from './customers';
import { organizations } from './organizations';
import { tenants } from './tenants';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Drizzle's extra-config column type
type Col = any;
const customerFk = (name: string, t: { tenantId: Col; customerId: Col }) =>
  foreignKey({ name, columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id] }).onDelete('cascade');

/** The natural person behind an individual customer. */
export const persons = pgTable(
  'persons',
  {
    id: id(),
    tenantId: tenantRef(),
    customerId: uuid('customer_id').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    gender: text('gender'),
    nationality: text('nationality'),
    placeOfBirth: text('place_of_birth'),
    pincode: text('pincode'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('persons_tenant_customer_uq').on(t.tenantId, t.customerId), index('persons_tenant_name_idx').on(t.tenantId, t.lastName, t.firstName), customerFk('persons_customer_fk', t)],
);

export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    tenantId: tenantRef(),
    customerId: uuid('customer_id').notNull(),
    addressType: text('address_type').notNull(),
    street: text('street').notNull(),
    building: text('building'),
    city: text('city').notNull(),
    state: text('state'),
    postalCode: text('postal_code'),
    country: text('country').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('addresses_tenant_customer_idx').on(t.tenantId, t.customerId), customerFk('addresses_customer_fk', t)],
);

export const contacts = pgTable(
  'contacts',
  {
    id: id(),
    tenantId: tenantRef(),
    customerId: uuid('customer_id').notNull(),
    contactType: text('contact_type').notNull(),
    value: text('value').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('contacts_tenant_customer_idx').on(t.tenantId, t.customerId), customerFk('contacts_customer_fk', t)],
);

/** Representatives (owners, directors) of a customer organization. */
export const representatives = pgTable(
  'representatives',
  {
    id: id(),
    tenantId: tenantRef(),
    organizationId: uuid('organization_id').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    position: text('position'),
    email: text('email'),
    phone: text('phone'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    nationality: text('nationality'),
    isPrimaryOwner: boolean('is_primary_owner').notNull().default(false),
    ownershipShare: numeric('ownership_share', { precision: 5, scale: 2 }).notNull().default('0'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('representatives_tenant_id_uq').on(t.tenantId, t.id),
    index('representatives_tenant_org_idx').on(t.tenantId, t.organizationId),
    foreignKey({ name: 'representatives_org_fk', columns: [t.tenantId, t.organizationId], foreignColumns: [organizations.tenantId, organizations.id] }).onDelete('cascade'),
    check('representatives_share_ck', sql`${t.ownershipShare} >= 0 and ${t.ownershipShare} <= 100`),
  ],
);

/** The category assigned at registration and the key values that satisfied its features. */
export const customerCategorizations = pgTable(
  'customer_categorizations',
  {
    tenantId: tenantRef(),
    customerId: uuid('customer_id').notNull(),
    categoryId: uuid('category_id').notNull(),
    riskLevel: text('risk_level').notNull(),
    featureIds: jsonb('feature_ids').$type<string[]>().notNull(),
    parameters: jsonb('parameters').$type<Record<string, string>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'customer_categorizations_pk', columns: [t.tenantId, t.customerId] }),
    index('customer_categorizations_tenant_category_idx').on(t.tenantId, t.categoryId),
    customerFk('customer_categorizations_customer_fk', t),
  ],
);

/** Identity documents: content in bytea with its SHA-256; never echoed back by the API. */
export const documents = pgTable(
  'documents',
  {
    id: id(),
    tenantId: tenantRef(),
    customerId: uuid('customer_id').notNull(),
    documentType: text('document_type').notNull(),
    documentNumber: text('document_number'),
    issuingCountry: text('issuing_country'),
    expiryDate: date('expiry_date', { mode: 'string' }),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    content: bytea('content').notNull(),
    status: text('status', { enum: ['PENDING', 'ACCEPTED', 'REJECTED'] })
      .notNull()
      .default('PENDING'),
    decisionReasonCode: text('decision_reason_code'),
    decisionComment: text('decision_comment'),
    decidedBy: uuid('decided_by'),
    decidedAt: ts('decided_at'),
    /** Who uploaded it (null: self sign-up). */
    uploadedBy: uuid('uploaded_by'),
    /** The document that replaced this one in a revision; a superseded document is history only. */
    supersededBy: uuid('superseded_by'),
    /** Whose identity document it is, for an organization: one of its representatives/owners (null: the customer's own). */
    representativeId: uuid('representative_id'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('documents_tenant_id_uq').on(t.tenantId, t.id),
    index('documents_tenant_customer_idx').on(t.tenantId, t.customerId),
    customerFk('documents_customer_fk', t),
    // tenant first, like every link between tenant tables: a document cannot name another tenant's person
    foreignKey({ name: 'documents_representative_fk', columns: [t.tenantId, t.representativeId], foreignColumns: [representatives.tenantId, representatives.id] }),
  ],
);

/**
 * Versioned consent texts per tenant (consent templates, docs/consent-templates.md): a DRAFT until
 * published, never changed once published; the newest published version of a type is in force.
 */
export const consentTexts = pgTable(
  'consent_texts',
  {
    id: uuid('id')
      .notNull()
      .default(sql`gen_random_uuid()`),
    tenantId: tenantRef().references(() => tenants.id, { onDelete: 'cascade' }),
    consentType: text('consent_type').notNull(),
    version: text('version').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** hex SHA-256 of the UTF-8 body: kept with every acceptance as the proof of what was shown */
    sha256: text('sha256').notNull(),
    status: text('status', { enum: ['DRAFT', 'PUBLISHED'] })
      .notNull()
      .default('PUBLISHED'),
    /** a material change: customers who accepted an older version must accept this one */
    material: boolean('material').notNull().default(true),
    changeSummary: text('change_summary'),
    createdBy: uuid('created_by'),
    publishedAt: ts('published_at'),
    publishedBy: uuid('published_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'consent_texts_pk', columns: [t.tenantId, t.consentType, t.version] }),
    unique('consent_texts_tenant_id_uq').on(t.tenantId, t.id),
    index('consent_texts_tenant_published_idx').on(t.tenantId, t.consentType, t.publishedAt),
    // at most one open draft per kind
    uniqueIndex('consent_texts_tenant_draft_uq')
      .on(t.tenantId, t.consentType)
      .where(sql`status = 'DRAFT'`),
    check('consent_texts_status_ck', sql`${t.status} in ('DRAFT', 'PUBLISHED')`),
    check('consent_texts_published_ck', sql`(${t.status} = 'DRAFT') = (${t.publishedAt} is null)`),
  ],
);

/** Append-only consent proof (Stripe tos_acceptance style): withdrawal adds a record. */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: id(),
    tenantId: tenantRef(),
    customerId: uuid('customer_id').notNull(),
    consentType: text('consent_type').notNull(),
    version: text('version').notNull(),
    status: text('status', { enum: ['ACCEPTED', 'WITHDRAWN'] }).notNull(),
    /** the address the request claims for the end user: the left-most X-Forwarded-For entry */
    ipAddress: text('ip_address'),
    /** the address we trust (lib/http/client-ip.ts clientIp()): the socket peer, or behind TRUSTED_PROXIES the forwarded client */
    clientIp: text('client_ip'),
    userAgent: text('user_agent'),
    actorUserId: uuid('actor_user_id'),
    /** where it was given: REGISTRATION (the registration request), PANEL (the panel's session), API (a bearer token); null before consent templates */
    channel: text('channel', { enum: ['REGISTRATION', 'PANEL', 'API'] }),
    /** SHA-256 of the text accepted (the version's body) */
    textSha256: text('text_sha256'),
    createdAt: createdAt(),
  },
  (t) => [
    index('consent_records_tenant_customer_idx').on(t.tenantId, t.customerId, t.consentType, t.createdAt),
    customerFk('consent_records_customer_fk', t),
    check('consent_records_status_ck', sql`${t.status} in ('ACCEPTED', 'WITHDRAWN')`),
  ],
);

/** KYC/KYB review cases. */
export const verifications = pgTable(
  'verifications',
  {
    id: id(),
    tenantId: tenantRef(),
    customerId: uuid('customer_id').notNull(),
    customerType: text('customer_type', { enum: ['INDIVIDUAL', 'ORGANIZATION'] }).notNull(),
    status: text('status', { enum: ['NOT_STARTED', 'PENDING_REVIEW', 'IN_REVIEW', 'REVISION_REQUESTED', 'APPROVED', 'REJECTED'] }).notNull(),
    assigneeUserId: uuid('assignee_user_id'),
    registeredByUserId: uuid('registered_by_user_id'),
    /** Who submitted the case last (registration, or the upload that answered a revision request). */
    submittedByUserId: uuid('submitted_by_user_id'),
    /** The rule-based risk level and the reasons (lib/contract/review.ts RISK_RULES), kept current. */
    riskLevel: text('risk_level').notNull().default('LOW'),
    riskReasons: jsonb('risk_reasons').$type<{ rule: string; level: string; reason: string }[]>().notNull().default([]),
    /** The open revision request: documents to replace and requirements to add. */
    revisionRequest: jsonb('revision_request').$type<{ documentIds: string[]; requirements: string[]; comment: string | null; requestedBy: string; requestedAt: string } | null>(),
    /** The first of two approvals when the tenant requires two. */
    firstApprovedBy: uuid('first_approved_by'),
    firstApprovedAt: ts('first_approved_at'),
    reasonCode: text('reason_code'),
    comment: text('comment'),
    decidedBy: uuid('decided_by'),
    decidedAt: ts('decided_at'),
    submittedAt: ts('submitted_at').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('verifications_tenant_id_uq').on(t.tenantId, t.id),
    unique('verifications_tenant_customer_uq').on(t.tenantId, t.customerId),
    index('verifications_tenant_status_idx').on(t.tenantId, t.status, t.submittedAt),
    index('verifications_tenant_assignee_idx').on(t.tenantId, t.assigneeUserId),
    index('verifications_tenant_risk_idx').on(t.tenantId, t.riskLevel),
    customerFk('verifications_customer_fk', t),
  ],
);

export const verificationNotes = pgTable(
  'verification_notes',
  {
    id: id(),
    tenantId: tenantRef(),
    verificationId: uuid('verification_id').notNull(),
    authorUserId: uuid('author_user_id').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('verification_notes_tenant_verification_idx').on(t.tenantId, t.verificationId),
    foreignKey({ name: 'verification_notes_verification_fk', columns: [t.tenantId, t.verificationId], foreignColumns: [verifications.tenantId, verifications.id] }).onDelete('cascade'),
  ],
);

/** Append-only audit log of decisions and status changes. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    tenantId: tenantRef().references(() => tenants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id'),
    actorUserId: uuid('actor_user_id'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: uuid('entity_id'),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    createdAt: createdAt(),
    /** Insertion order: entries of one transaction share a time; this keeps their order. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [index('audit_log_tenant_customer_idx').on(t.tenantId, t.customerId, t.createdAt)],
);

/** Review settings per tenant (changed with verification:configure): when two approvals by two different officers are needed. */
export const reviewSettings = pgTable('review_settings', {
  tenantId: tenantRef()
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  twoApprovalsForOrganizations: boolean('two_approvals_for_organizations').notNull().default(false),
  twoApprovalsForHighRisk: boolean('two_approvals_for_high_risk').notNull().default(false),
  updatedBy: uuid('updated_by'),
  updatedAt: updatedAt(),
});
