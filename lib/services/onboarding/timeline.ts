import { csvDocument } from '@/lib/contract/csv';
import { EXTERNAL_PARTNER_KIND_LABELS, type ExternalPartnerKind } from '@/lib/contract/external-events';
import { and, eq, inArray } from 'drizzle-orm';
import { CUSTOMER_STATUSES } from '@/lib/contract/enums';
import {
  actionLabel,
  DOCUMENT_REQUIREMENTS,
  DOCUMENT_TYPE_LABELS,
  REASON_CODE_LABELS,
  VERIFICATION_STATUS_LABELS,
  type AuditAction,
  type DocumentType,
  type ReasonCode,
  type TimelineEvent,
} from '@/lib/contract/review';
import type { DbOrTx } from '@/lib/db/client';
import { categories, consentRecords, documents, verificationNotes } from '@/lib/db/schema';
import { customerAuditLog } from './audit';
import { CONSENT_KIND_LABELS } from '@/lib/contract/consent-templates';
import { DEFAULT_CONSENT_TEXTS } from './consents';
import { nameOf, userLabels } from './review-state';

type Obj = Record<string, unknown> | null;

/** What the describers may look up: people, documents, consents, notes and categories by id. */
export interface TimelineLookups {
  name: (userId: string) => string;
  document: (id: string) => { documentType: string; documentNumber: string | null; status: string; supersededBy?: string | null } | undefined;
  consentType: (consentRecordId: string) => string | undefined;
  note: (noteId: string) => string | undefined;
  category: (categoryId: string) => string | undefined;
}

const NO_LOOKUPS: TimelineLookups = { name: (id) => id, document: () => undefined, consentType: () => undefined, note: () => undefined, category: () => undefined };

const DOCUMENT_STATUS_WORDS: Record<string, string> = { PENDING: 'not decided', ACCEPTED: 'accepted', REJECTED: 'rejected' };
const CUSTOMER_STATUS_WORDS: Record<(typeof CUSTOMER_STATUSES)[number], string> = { PENDING_ACTIVATION: 'pending activation', ACTIVE: 'active', SUSPENDED: 'suspended', CLOSED: 'closed' };
const SETTING_WORDS: Record<string, string> = { twoApprovalsForOrganizations: 'two approvals for organizations', twoApprovalsForHighRisk: 'two approvals for high-risk cases' };

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const quoted = (v: unknown) => (str(v) ? `“${str(v)}”` : null);
const verificationStatus = (v: unknown) => (str(v) ? (VERIFICATION_STATUS_LABELS[v as keyof typeof VERIFICATION_STATUS_LABELS] ?? str(v)!).toLowerCase() : 'none');
const customerStatus = (v: unknown) => (str(v) ? (CUSTOMER_STATUS_WORDS[v as keyof typeof CUSTOMER_STATUS_WORDS] ?? str(v)!) : 'none');
const documentStatus = (v: unknown) => (str(v) ? (DOCUMENT_STATUS_WORDS[v as string] ?? str(v)!) : 'none');
const reason = (v: unknown) => (str(v) ? (REASON_CODE_LABELS[v as ReasonCode] ?? str(v)!) : null);
const docType = (v: unknown) => (str(v) ? (DOCUMENT_TYPE_LABELS[v as DocumentType] ?? str(v)!) : 'Document');
const requirement = (v: unknown) => DOCUMENT_REQUIREMENTS[v as keyof typeof DOCUMENT_REQUIREMENTS]?.label ?? String(v);
const person = (v: unknown, l: TimelineLookups) => (str(v) ? l.name(str(v)!) : 'nobody');
const bytes = (n: unknown) => (typeof n !== 'number' ? null : n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KiB` : `${(n / 1024 / 1024).toFixed(2)} MiB`);
const change = (what: string, from: string, to: string) => (from === to ? null : `${what}: ${from} → ${to}`);
const join = (parts: (string | null | undefined | false)[]) => parts.filter(Boolean).join('; ');

/** "Passport P123 (rejected)": a document by id, with its current status. */
function documentName(id: unknown, l: TimelineLookups, withStatus = true): string {
  const d = str(id) ? l.document(str(id)!) : undefined;
  if (!d) return 'a document no longer on file';
  return `${docType(d.documentType)}${d.documentNumber ? ` ${d.documentNumber}` : ''}${withStatus ? ` (${d.supersededBy ? 'replaced since' : documentStatus(d.status)})` : ''}`;
}

/** What a revision request asks for: the documents to replace (with their status) and the kinds to provide. */
function revisionWords(rr: unknown, l: TimelineLookups): string | null {
  if (!rr || typeof rr !== 'object') return null;
  const r = rr as { documentIds?: unknown[]; requirements?: unknown[] };
  return join([
    r.documentIds?.length ? `documents to replace: ${r.documentIds.map((id) => documentName(id, l)).join(', ')}` : null,
    r.requirements?.length ? `documents to provide: ${r.requirements.map(requirement).join(', ')}` : null,
  ]);
}

/**
 * A case's status change (changeStatus writes the same before/after for every decision and
 * assignment); the reason and comment belong to decisions only (an assignment carries the case's
 * earlier ones along).
 */
function caseChange(before: Obj, after: Obj, l: TimelineLookups, decision = false): string {
  return join([
    before ? change('status', verificationStatus(before.status), verificationStatus(after?.status)) : `status: ${verificationStatus(after?.status)}`,
    change('assignee', person(before?.assigneeUserId, l), person(after?.assigneeUserId, l)),
    decision && reason(after?.reasonCode) ? `reason: ${reason(after?.reasonCode)}` : null,
    decision && quoted(after?.comment) ? `comment: ${quoted(after?.comment)}` : null,
    revisionWords(after?.revisionRequest, l),
  ]);
}

const customerChange = (before: Obj, after: Obj) =>
  join([change('status', customerStatus(before?.status), customerStatus(after?.status)), quoted(after?.reason) ? `reason: ${quoted(after?.reason)}` : null]);

const documentDecision = (before: Obj, after: Obj, entityId: string | null, l: TimelineLookups) =>
  join([
    `${documentName(entityId, l, false)}: ${documentStatus(before?.status)} → ${documentStatus(after?.status)}`,
    reason(after?.reasonCode) ? `reason: ${reason(after?.reasonCode)}` : null,
    quoted(after?.comment) ? `comment: ${quoted(after?.comment)}` : null,
  ]);

const consentChange = (before: Obj, after: Obj, entityId: string | null, l: TimelineLookups) => {
  const type = entityId ? l.consentType(entityId) : undefined;
  const title = type ? (DEFAULT_CONSENT_TEXTS[type as keyof typeof DEFAULT_CONSENT_TEXTS]?.title ?? type) : 'consent';
  return join([`${title}, version ${str(after?.version) ?? '—'}`, before ? `before: ${String(before.status ?? '—').toLowerCase()} (version ${str(before.version) ?? '—'})` : null]);
};

const registration = (after: Obj, l: TimelineLookups) =>
  join([
    `status: ${customerStatus(after?.status)}`,
    `review: ${verificationStatus(after?.verificationStatus)}`,
    str(after?.categoryId) ? `category: ${l.category(str(after?.categoryId)!) ?? 'a category since removed'}` : null,
    str(after?.registrationNumber) ? `registration number: ${str(after?.registrationNumber)}` : null,
    str(after?.adminUserId) ? `administrator: ${person(after?.adminUserId, l)}` : null,
    quoted(after?.activationNotes) ? `activation notes: ${quoted(after?.activationNotes)}` : null,
  ]);

/** A category's process before and after a change, in words: what each customer type must provide, screening, approvals, products. */
function processChange(before: Obj, after: Obj): string {
  const docs = (o: Obj, type: 'INDIVIDUAL' | 'ORGANIZATION') => {
    const list = ((o?.requiredDocuments as Record<string, unknown[]> | undefined)?.[type] ?? []).map(requirement);
    return list.length ? list.join(', ') : 'none';
  };
  const approvals = (o: Obj) => (o?.approvalsRequired === 2 ? 'two officers' : 'one officer');
  const products = (o: Obj) => (Array.isArray(o?.productCodes) && o.productCodes.length ? (o.productCodes as string[]).join(', ') : 'any product');
  return join([
    str(after?.categoryName) ? `category ${str(after?.categoryName)}` : null,
    change('documents of individuals', docs(before, 'INDIVIDUAL'), docs(after, 'INDIVIDUAL')),
    change('documents of organizations', docs(before, 'ORGANIZATION'), docs(after, 'ORGANIZATION')),
    change('screening', before?.screeningRequired === false ? 'not required' : 'required', after?.screeningRequired === false ? 'not required' : 'required'),
    change('approvals', approvals(before), approvals(after)),
    change('products', products(before), products(after)),
  ]);
}
const kindWords = (type: unknown) => CONSENT_KIND_LABELS[type as keyof typeof CONSENT_KIND_LABELS] ?? 'Consent text';

type Describer = (e: { before: Obj; after: Obj; entityId: string | null }, l: TimelineLookups) => string;
const onCase: Describer = (e, l) => caseChange(e.before, e.after, l);
const onDecision: Describer = (e, l) => caseChange(e.before, e.after, l, true);
const onCustomer: Describer = (e) => customerChange(e.before, e.after);
const onDocumentDecision: Describer = (e, l) => documentDecision(e.before, e.after, e.entityId, l);
const onConsent: Describer = (e, l) => consentChange(e.before, e.after, e.entityId, l);

/** A registration draft (docs/drafts.md): whose registration, who started it, how often it was saved. */
const draftWords = (o: Obj) =>
  join([
    o?.customerType === 'ORGANIZATION' ? "an organization's registration" : "an individual's registration",
    o?.selfSignUp ? "started by the customer's self sign-up" : 'started by staff',
    typeof o?.revision === 'number' ? `saved ${o.revision} time${o.revision === 1 ? '' : 's'}` : null,
  ]);

/**
 * "What changed" in words, one describer per audit action: document names and statuses, reasons
 * and statuses by their labels, people by name. Typed by AUDIT_ACTIONS: none can be missing.
 */
export const EVENT_DESCRIBERS: Record<AuditAction, Describer> = {
  CUSTOMER_REGISTERED: (e, l) => registration(e.after, l),
  ORGANIZATION_REGISTERED: (e, l) => registration(e.after, l),
  DOCUMENT_UPLOADED: (e) => join([docType(e.after?.documentType), bytes(e.after?.sizeBytes), str(e.after?.sha256) ? `SHA-256 ${str(e.after?.sha256)}` : null]),
  DOCUMENT_REPLACED: (e, l) => `${documentName(e.entityId, l)} replaced by ${documentName(e.after?.replacedBy, l)}`,
  DOCUMENT_ACCEPTED: onDocumentDecision,
  DOCUMENT_REJECTED: onDocumentDecision,
  CONSENT_ACCEPTED: onConsent,
  CONSENT_WITHDRAWN: onConsent,
  // tenant-level entries (no customer): shown in no customer timeline, described for completeness
  CONSENT_TEMPLATE_DRAFTED: (e) => join([`${kindWords(e.after?.consentType)} version ${str(e.after?.version) ?? '—'} drafted`, e.after?.material ? 'material change' : 'editorial change']),
  CONSENT_TEMPLATE_PUBLISHED: (e) =>
    join([`${kindWords(e.after?.consentType)} version ${str(e.after?.version) ?? '—'} in force`, str(e.before?.version) ? `before: version ${str(e.before?.version)}` : null]),
  CONSENT_TEMPLATE_DISCARDED: (e) => `${kindWords(e.before?.consentType)} draft version ${str(e.before?.version) ?? '—'} discarded`,
  VERIFICATION_INITIATED: onCase,
  VERIFICATION_REINITIATED: onCase,
  VERIFICATION_RESUBMITTED: (e, l) =>
    join([caseChange(e.before, e.after, l), revisionWords(e.before?.revisionRequest, l) ? `the revision asked for ${revisionWords(e.before?.revisionRequest, l)}` : null]),
  VERIFICATION_ASSIGNED: onCase,
  VERIFICATION_UNASSIGNED: onCase,
  VERIFICATION_NOTE_ADDED: (e, l) => {
    const body = str(e.after?.noteId) ? l.note(str(e.after?.noteId)!) : undefined;
    return body ? `note: ${quoted(body)}` : 'a note';
  },
  VERIFICATION_FIRST_APPROVAL: onDecision,
  VERIFICATION_APPROVE: onDecision,
  VERIFICATION_REJECT: onDecision,
  VERIFICATION_REQUEST_REVISION: onDecision,
  CUSTOMER_ACTIVATED: onCustomer,
  CUSTOMER_SUSPENDED: onCustomer,
  CUSTOMER_CLOSED: onCustomer,
  DRAFT_STARTED: (e) => draftWords(e.after),
  DRAFT_DISCARDED: (e) => draftWords(e.before),
  DRAFT_CONSUMED: (e) => draftWords(e.before),
  REVIEW_SETTINGS_CHANGED: (e) => join(Object.keys(SETTING_WORDS).map((k) => change(SETTING_WORDS[k]!, e.before?.[k] ? 'on' : 'off', e.after?.[k] ? 'on' : 'off'))),
  CATEGORY_PROCESS_CHANGED: (e) => processChange(e.before, e.after),
  PRODUCT_CREATED: (e) => `product ${str(e.after?.code) ?? ''} (${str(e.after?.name) ?? ''})`,
  PRODUCT_UPDATED: (e) =>
    `product ${str(e.after?.code) ?? ''}: ${
      Object.keys(e.after ?? {})
        .filter((k) => k !== 'updatedAt' && JSON.stringify(e.after?.[k]) !== JSON.stringify(e.before?.[k]))
        .map((k) => `${k.replace(/([A-Z])/g, ' $1').toLowerCase()} changed`)
        .join(', ') || 'no change'
    }`,
  // the tenant's external event partners (no customer: never on a customer's timeline)
  EXTERNAL_PARTNER_CREATED: (e) =>
    join([
      str(e.after?.name) ? `partner ${quoted(e.after?.name)}` : null,
      str(e.after?.kind) ? `kind: ${EXTERNAL_PARTNER_KIND_LABELS[e.after?.kind as ExternalPartnerKind] ?? 'other'}` : null,
    ]),
  EXTERNAL_PARTNER_UPDATED: (e) =>
    join([
      e.before?.name !== e.after?.name ? change('name', String(e.before?.name ?? '—'), String(e.after?.name ?? '—')) : null,
      e.before?.enabled !== e.after?.enabled ? change('enabled', e.before?.enabled ? 'yes' : 'no', e.after?.enabled ? 'yes' : 'no') : null,
    ]),
  EXTERNAL_PARTNER_SECRET_ROTATED: () => 'a new signing secret; the previous one no longer verifies',
  TENANT_BRANDING_CHANGED: (e) => {
    const text = (o: Obj, k: string) => (typeof o?.[k] === 'string' ? (o[k] as string) : 'default');
    const logo = (o: Obj) => o?.logo as { type?: string; bytes?: number; sha256?: string } | null | undefined;
    const logoWords = (l: ReturnType<typeof logo>) =>
      l
        ? `${String(l.type ?? 'image')
            .replace('image/', '')
            .toUpperCase()} image of ${Math.max(1, Math.round((l.bytes ?? 0) / 1024))} KiB`
        : 'none';
    const [lb, la] = [logo(e.before), logo(e.after)];
    const logoChange = lb?.sha256 !== la?.sha256 ? (logoWords(lb) === logoWords(la) ? 'logo: replaced' : `logo: ${logoWords(lb)} → ${logoWords(la)}`) : null;
    return (
      join([
        change('display name', text(e.before, 'displayName'), text(e.after, 'displayName')),
        change('colour', text(e.before, 'primaryColor'), text(e.after, 'primaryColor')),
        logoChange,
      ]) || 'saved without changes'
    );
  },
};

/** The words for one audit entry; an action from before AUDIT_ACTIONS existed lists its changed keys in words. */
export function describeEvent(action: string, before: Obj, after: Obj, entityId: string | null, lookups: Partial<TimelineLookups> = {}): string {
  const l = { ...NO_LOOKUPS, ...lookups };
  const describe = EVENT_DESCRIBERS[action as AuditAction];
  if (describe) return describe({ before, after, entityId }, l);
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter(
    (k) => typeof (after?.[k] ?? before?.[k]) !== 'object' || (after?.[k] ?? before?.[k]) === null,
  );
  const words = (k: string) => k.replace(/([A-Z])/g, ' $1').toLowerCase();
  return join(keys.map((k) => change(words(k), String(before?.[k] ?? '—'), String(after?.[k] ?? '—'))));
}

const PERSON_KEY = /(UserId|By)$/;

/** Ids of people named inside before/after (assignees, revision requesters, administrators). */
function peopleIn(o: Obj): string[] {
  return Object.entries(o ?? {}).flatMap(([k, v]) => (PERSON_KEY.test(k) && typeof v === 'string' ? [v] : k === 'revisionRequest' && v && typeof v === 'object' ? peopleIn(v as Obj) : []));
}

async function lookupsFor(db: DbOrTx, tenantId: string, customerId: string, rows: { before: Obj; after: Obj; action: string; actorUserId: string | null }[]) {
  const people = rows.flatMap((r) => [r.actorUserId, ...peopleIn(r.before), ...peopleIn(r.after)]);
  const labels = await userLabels(db, tenantId, people);
  const docs = await db
    .select({ id: documents.id, documentType: documents.documentType, documentNumber: documents.documentNumber, status: documents.status, supersededBy: documents.supersededBy })
    .from(documents)
    .where(and(eq(documents.tenantId, tenantId), eq(documents.customerId, customerId)));
  const consents = await db
    .select({ id: consentRecords.id, consentType: consentRecords.consentType })
    .from(consentRecords)
    .where(and(eq(consentRecords.tenantId, tenantId), eq(consentRecords.customerId, customerId)));
  const noteIds = rows.flatMap((r) => (r.action === 'VERIFICATION_NOTE_ADDED' && str(r.after?.noteId) ? [str(r.after?.noteId)!] : []));
  const notes = noteIds.length
    ? await db
        .select({ id: verificationNotes.id, body: verificationNotes.body })
        .from(verificationNotes)
        .where(and(eq(verificationNotes.tenantId, tenantId), inArray(verificationNotes.id, noteIds)))
    : [];
  const categoryIds = [...new Set(rows.flatMap((r) => (str(r.after?.categoryId) ? [str(r.after?.categoryId)!] : [])))];
  const cats = categoryIds.length
    ? await db
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(and(eq(categories.tenantId, tenantId), inArray(categories.id, categoryIds)))
    : [];
  const byId = <T extends { id: string }>(xs: T[]) => new Map(xs.map((x) => [x.id, x]));
  const [d, c, n, k] = [byId(docs), byId(consents), byId(notes), byId(cats)];
  return {
    labels,
    lookups: {
      name: (id: string) => labels.get(id)?.name ?? 'a user no longer on file',
      document: (id: string) => d.get(id),
      consentType: (id: string) => c.get(id)?.consentType,
      note: (id: string) => n.get(id)?.body,
      category: (id: string) => k.get(id)?.name,
    } satisfies TimelineLookups,
  };
}

/** Every audited event of a customer, oldest first, with the actor's display name and roles. */
export async function customerTimeline(db: DbOrTx, tenantId: string, customerId: string): Promise<TimelineEvent[]> {
  const rows = (await customerAuditLog(db, tenantId, customerId)).reverse();
  const { labels, lookups } = await lookupsFor(db, tenantId, customerId, rows);
  return rows.map((r) => ({
    id: r.id,
    at: r.createdAt,
    action: r.action,
    label: actionLabel(r.action),
    actorUserId: r.actorUserId,
    actorName: nameOf(labels, r.actorUserId, 'Self sign-up / system'),
    actorRoles: r.actorUserId ? (labels.get(r.actorUserId)?.roles ?? []) : [],
    entityType: r.entityType,
    entityId: r.entityId,
    changes: describeEvent(r.action, r.before, r.after, r.entityId, lookups),
    before: r.before,
    after: r.after,
  }));
}

/** The case's (or customer's) timeline as CSV, with the UTF-8 byte order mark: its arrows, quotes and names stay intact in a spreadsheet. */
export function timelineCsv(events: TimelineEvent[]): string {
  const header = ['time', 'event', 'action', 'actor', 'actor roles', 'actor id', 'entity type', 'entity id', 'changes'];
  return csvDocument(
    header,
    events.map((e) => [e.at, e.label, e.action, e.actorName, e.actorRoles.join(' '), e.actorUserId ?? '', e.entityType, e.entityId ?? '', e.changes]),
    { bom: true },
  );
}
