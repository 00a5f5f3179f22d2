import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ParsedEntry, RuleFiring, ScreeningHit, ScreeningSubject } from '@/lib/contract/aml-model';
import { createdAt, id, tenantRef, updatedAt } from './columns';
import { customers } from './customers';
import { tenants } from './tenants';

/**
 * AML (docs/aml.md): sanctions and PEP lists with their versions and entries, screenings, alerts with
 * their timeline, transaction-monitoring rules with their versions, and the re-screening runs of
 * ongoing monitoring.
 *
 * A list belongs to a tenant or, with tenant_id null, to the platform operator (shared by every
 * tenant). Lists, versions and entries are therefore not tenant-owned rows; everything a tenant
 * does with them (settings, screenings, alerts, rules, runs) is, with tenant_id first in its keys.
 */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const AML_LIST_KINDS = ['SANCTIONS', 'PEP', 'INTERNAL'] as const;

export const amlLists = pgTable(
  'aml_lists',
  {
    id: id(),
    /** null: a platform list, screened for every tenant */
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: AML_LIST_KINDS }).notNull(),
    format: text('format', { enum: ['OFAC_SDN_CSV', 'EU_CSV', 'UN_XML', 'OWN_CSV'] }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** fetched by the worker every refresh_hours when both are set (off by default; docs/aml.md) */
    sourceUrl: text('source_url'),
    refreshHours: integer('refresh_hours'),
    nextFetchAt: ts('next_fetch_at'),
    lastFetchedAt: ts('last_fetched_at'),
    /** why the last scheduled fetch imported nothing (null: it imported, or none ran yet) */
    lastFetchError: text('last_fetch_error'),
    currentVersionId: uuid('current_version_id'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('aml_lists_tenant_name_uq').on(t.tenantId, t.name).nullsNotDistinct(),
    check('aml_lists_kind_ck', sql`${t.kind} in ('SANCTIONS', 'PEP', 'INTERNAL')`),
    check('aml_lists_format_ck', sql`${t.format} in ('OFAC_SDN_CSV', 'EU_CSV', 'UN_XML', 'OWN_CSV')`),
    check('aml_lists_refresh_ck', sql`${t.refreshHours} is null or ${t.refreshHours} between 1 and 720`),
  ],
);

/** One import of a list: its counts and its difference to the version before. */
export const amlListVersions = pgTable(
  'aml_list_versions',
  {
    id: id(),
    listId: uuid('list_id')
      .notNull()
      .references(() => amlLists.id, { onDelete: 'cascade' }),
    versionNo: integer('version_no').notNull(),
    entryCount: integer('entry_count').notNull(),
    nameCount: integer('name_count').notNull(),
    added: integer('added').notNull(),
    changed: integer('changed').notNull(),
    removed: integer('removed').notNull(),
    /** sha256 of the uploaded files, in the order main, alt, add */
    sha256: text('sha256').notNull(),
    fileNames: jsonb('file_names').$type<string[]>().notNull(),
    source: text('source', { enum: ['UPLOAD', 'URL'] }).notNull(),
    /** the tenant user who imported it; null: the platform operator or the scheduled fetch */
    importedBy: uuid('imported_by'),
    createdAt: createdAt(),
  },
  (t) => [unique('aml_list_versions_list_no_uq').on(t.listId, t.versionNo)],
);

/**
 * The entries of a list, one row per entry id of the list (stable across versions): its current
 * content and hash, the version that last added or changed it, and the version that removed it.
 */
export const amlListEntries = pgTable(
  'aml_list_entries',
  {
    id: id(),
    listId: uuid('list_id')
      .notNull()
      .references(() => amlLists.id, { onDelete: 'cascade' }),
    sourceId: text('source_id').notNull(),
    entityType: text('entity_type').notNull(),
    primaryName: text('primary_name').notNull(),
    data: jsonb('data').$type<ParsedEntry>().notNull(),
    hash: text('hash').notNull(),
    changedVersionId: uuid('changed_version_id').notNull(),
    removedVersionId: uuid('removed_version_id'),
  },
  (t) => [unique('aml_list_entries_list_source_uq').on(t.listId, t.sourceId), index('aml_list_entries_list_changed_idx').on(t.listId, t.changedVersionId)],
);

/** The difference of a version to the one before it, entry by entry. */
export const amlListChanges = pgTable(
  'aml_list_changes',
  {
    versionId: uuid('version_id')
      .notNull()
      .references(() => amlListVersions.id, { onDelete: 'cascade' }),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => amlListEntries.id, { onDelete: 'cascade' }),
    change: text('change', { enum: ['ADDED', 'CHANGED', 'REMOVED'] }).notNull(),
  },
  (t) => [primaryKey({ name: 'aml_list_changes_pk', columns: [t.versionId, t.entryId] }), check('aml_list_changes_change_ck', sql`${t.change} in ('ADDED', 'CHANGED', 'REMOVED')`)],
);

/** Per-tenant screening settings; a tenant without a row has the defaults (docs/aml.md). */
export const amlSettings = pgTable('aml_settings', {
  tenantId: tenantRef()
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  matchThreshold: numeric('match_threshold', { precision: 4, scale: 3 }).notNull(),
  updatedBy: uuid('updated_by'),
  updatedAt: updatedAt(),
});

export const AML_SUBJECT_TYPES = ['CUSTOMER', 'REPRESENTATIVE', 'BENEFICIARY'] as const;
export const AML_SCREENING_TRIGGERS = ['REGISTRATION', 'BENEFICIARY_CREATED', 'ON_DEMAND', 'LIST_UPDATE'] as const;

/** One screening of one subject: what was screened, against which list versions, with what result. */
export const amlScreenings = pgTable(
  'aml_screenings',
  {
    id: id(),
    tenantId: tenantRef().references(() => tenants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').notNull(),
    subjectType: text('subject_type', { enum: AML_SUBJECT_TYPES }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    subject: jsonb('subject').$type<ScreeningSubject>().notNull(),
    trigger: text('trigger', { enum: AML_SCREENING_TRIGGERS }).notNull(),
    /** list id -> version id screened against */
    listVersions: jsonb('list_versions').$type<Record<string, string>>().notNull(),
    hits: integer('hits').notNull(),
    topScore: numeric('top_score', { precision: 4, scale: 3 }),
    alertsCreated: integer('alerts_created').notNull(),
    screenedBy: uuid('screened_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('aml_screenings_tenant_customer_idx').on(t.tenantId, t.customerId, t.createdAt),
    foreignKey({ name: 'aml_screenings_customer_fk', columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id] }).onDelete('cascade'),
  ],
);

export const AML_ALERT_KINDS = ['SCREENING', 'TRANSACTION'] as const;
export const AML_ALERT_STATUSES = ['OPEN', 'IN_REVIEW', 'ESCALATED', 'PENDING_SECOND_APPROVAL', 'CONFIRMED', 'FALSE_POSITIVE', 'CLEARED', 'RELEASED', 'REFUSED', 'CLOSED'] as const;

export const amlAlerts = pgTable(
  'aml_alerts',
  {
    id: id(),
    tenantId: tenantRef().references(() => tenants.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: AML_ALERT_KINDS }).notNull(),
    status: text('status', { enum: AML_ALERT_STATUSES }).notNull(),
    customerId: uuid('customer_id').notNull(),
    subjectType: text('subject_type', { enum: AML_SUBJECT_TYPES }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    subjectName: text('subject_name').notNull(),
    /** screening: the subject as screened */
    subject: jsonb('subject').$type<ScreeningSubject>(),
    listId: uuid('list_id'),
    entryId: uuid('entry_id'),
    /** the entry's content hash when the alert was raised: a changed entry raises a new alert */
    entryHash: text('entry_hash'),
    score: numeric('score', { precision: 4, scale: 3 }),
    hit: jsonb('hit').$type<ScreeningHit>(),
    /** transaction: the transfer that triggered the rules, and the rules that fired */
    transferId: uuid('transfer_id'),
    firings: jsonb('firings').$type<RuleFiring[]>(),
    /** the transfer is held until the alert is released or refused */
    holdsTransfer: boolean('holds_transfer').notNull().default(false),
    assigneeUserId: uuid('assignee_user_id'),
    /** a decision that needs a second officer, proposed by the first */
    pendingDecision: text('pending_decision'),
    pendingBy: uuid('pending_by'),
    pendingReasonCode: text('pending_reason_code'),
    pendingComment: text('pending_comment'),
    pendingAt: ts('pending_at'),
    /** the status the alert returns to when the proposal is declined */
    pendingFromStatus: text('pending_from_status'),
    decision: text('decision'),
    decisionReasonCode: text('decision_reason_code'),
    decidedBy: uuid('decided_by'),
    decidedAt: ts('decided_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('aml_alerts_tenant_id_uq').on(t.tenantId, t.id),
    // a hit is raised once per subject and entry content: decided hits are not raised again unless the entry changed
    uniqueIndex('aml_alerts_screening_uq')
      .on(t.tenantId, t.subjectType, t.subjectId, t.entryId, t.entryHash)
      .where(sql`${t.kind} = 'SCREENING'`),
    index('aml_alerts_tenant_status_idx').on(t.tenantId, t.status, t.createdAt),
    index('aml_alerts_tenant_customer_idx').on(t.tenantId, t.customerId, t.createdAt),
    index('aml_alerts_tenant_assignee_idx').on(t.tenantId, t.assigneeUserId),
    index('aml_alerts_tenant_transfer_idx').on(t.tenantId, t.transferId),
    foreignKey({ name: 'aml_alerts_customer_fk', columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id] }).onDelete('cascade'),
    check('aml_alerts_kind_ck', sql`${t.kind} in ('SCREENING', 'TRANSACTION')`),
    check(
      'aml_alerts_status_ck',
      sql`${t.status} in ('OPEN', 'IN_REVIEW', 'ESCALATED', 'PENDING_SECOND_APPROVAL', 'CONFIRMED', 'FALSE_POSITIVE', 'CLEARED', 'RELEASED', 'REFUSED', 'CLOSED')`,
    ),
  ],
);

/** The timeline of an alert: every assignment, proposal and decision, append-only. */
export const amlAlertEvents = pgTable(
  'aml_alert_events',
  {
    id: id(),
    tenantId: tenantRef(),
    alertId: uuid('alert_id').notNull(),
    actorUserId: uuid('actor_user_id'),
    action: text('action').notNull(),
    decision: text('decision'),
    reasonCode: text('reason_code'),
    comment: text('comment'),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('aml_alert_events_tenant_alert_idx').on(t.tenantId, t.alertId, t.seq),
    foreignKey({ name: 'aml_alert_events_alert_fk', columns: [t.tenantId, t.alertId], foreignColumns: [amlAlerts.tenantId, amlAlerts.id] }).onDelete('cascade'),
  ],
);

export const AML_RULE_TYPES = ['LARGE_TRANSFER', 'VELOCITY', 'STRUCTURING', 'NEW_BENEFICIARY', 'HIGH_RISK_COUNTRY', 'RAPID_OUT'] as const;

/** Transaction-monitoring rules of a tenant; every change is a new version (aml_rule_versions). */
export const amlRules = pgTable(
  'aml_rules',
  {
    id: id(),
    tenantId: tenantRef().references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ruleType: text('rule_type', { enum: AML_RULE_TYPES }).notNull(),
    enabled: boolean('enabled').notNull(),
    action: text('action', { enum: ['ALERT', 'HOLD'] }).notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    version: integer('version').notNull(),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('aml_rules_tenant_id_uq').on(t.tenantId, t.id),
    index('aml_rules_tenant_enabled_idx').on(t.tenantId, t.enabled),
    check('aml_rules_type_ck', sql`${t.ruleType} in ('LARGE_TRANSFER', 'VELOCITY', 'STRUCTURING', 'NEW_BENEFICIARY', 'HIGH_RISK_COUNTRY', 'RAPID_OUT')`),
    check('aml_rules_action_ck', sql`${t.action} in ('ALERT', 'HOLD')`),
  ],
);

export const amlRuleVersions = pgTable(
  'aml_rule_versions',
  {
    tenantId: tenantRef(),
    ruleId: uuid('rule_id').notNull(),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull(),
    action: text('action').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    changedBy: uuid('changed_by'),
    changedAt: ts('changed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'aml_rule_versions_pk', columns: [t.tenantId, t.ruleId, t.version] }),
    foreignKey({ name: 'aml_rule_versions_rule_fk', columns: [t.tenantId, t.ruleId], foreignColumns: [amlRules.tenantId, amlRules.id] }).onDelete('cascade'),
  ],
);

/**
 * Ongoing monitoring: one run per (tenant, list version), re-screening the tenant's subjects against
 * what the version added or changed, in batches, under a lease; the cursor makes it resumable.
 */
export const amlRescreenRuns = pgTable(
  'aml_rescreen_runs',
  {
    id: id(),
    tenantId: tenantRef().references(() => tenants.id, { onDelete: 'cascade' }),
    listId: uuid('list_id')
      .notNull()
      .references(() => amlLists.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id')
      .notNull()
      .references(() => amlListVersions.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['PENDING', 'RUNNING', 'DONE', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    /** the last subject screened, `<subject type>:<subject id>`: the run goes on after it */
    cursor: text('cursor'),
    subjectsScreened: integer('subjects_screened').notNull().default(0),
    alertsCreated: integer('alerts_created').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    leaseHolder: uuid('lease_holder'),
    leaseUntil: ts('lease_until'),
    lastError: text('last_error'),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    createdAt: createdAt(),
  },
  (t) => [unique('aml_rescreen_runs_tenant_version_uq').on(t.tenantId, t.versionId), index('aml_rescreen_runs_status_idx').on(t.status, t.createdAt)],
);

export type AmlListRow = typeof amlLists.$inferSelect;
export type AmlListVersionRow = typeof amlListVersions.$inferSelect;
export type AmlListEntryRow = typeof amlListEntries.$inferSelect;
export type AmlAlertRow = typeof amlAlerts.$inferSelect;
export type AmlRuleRow = typeof amlRules.$inferSelect;
export type AmlScreeningRow = typeof amlScreenings.$inferSelect;
