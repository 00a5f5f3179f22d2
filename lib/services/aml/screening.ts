import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { type AmlEntry, type AmlSearchBody, type ScreeningHitView } from '@/lib/contract/aml';
import type { ScreeningHit, ScreeningSubject } from '@/lib/contract/aml-model';
import type { Db, DbOrTx } from '@/lib/db/client';
import {
  addresses,
  amlAlerts,
  amlListEntries,
  amlLists,
  amlScreenings,
  beneficiaries,
  customers,
  organizations,
  persons,
  representatives,
  users,
  type AmlListEntryRow,
} from '@/lib/db/schema';
import { clock } from '@/lib/clock';
import { emitEvent } from '@/lib/services/events/emit';
import { indexOf, listsInForce, type ListInForce, type Searchable } from './index-cache';
import { getAmlSettings } from './settings';
import { recordAlertEvent } from './timeline';

/**
 * Screening (docs/aml.md): who is screened, against which lists, and what a hit does. A subject is
 * a customer (the person, or the organization under its legal and trading names), a representative
 * or owner of an organization, or a beneficiary. Each screening is recorded; each hit at or above the
 * tenant's threshold raises an alert unless the same subject already had an alert for the same entry
 * with the same content (a decided hit is not raised again unless its list entry changed).
 */
export type SubjectType = 'CUSTOMER' | 'REPRESENTATIVE' | 'BENEFICIARY';
export type ScreeningTrigger = 'REGISTRATION' | 'BENEFICIARY_CREATED' | 'ON_DEMAND' | 'LIST_UPDATE';

export interface Subject {
  type: SubjectType;
  id: string;
  customerId: string;
  /** the subject's name as the alert queue shows it */
  label: string;
  subject: ScreeningSubject;
  /** further names screened for the same subject (an organization's trading name) */
  otherNames: string[];
}

/** What a screening needs, prepared before the caller's transaction: the lists in force, their indexes, the threshold. */
export interface ScreeningContext {
  tenantId: string;
  lists: ListInForce[];
  indexes: Map<string, Searchable>;
  threshold: number;
}

/**
 * The lists screened for the tenant, each with the index of its version in force (built here when
 * this process has none yet: outside any transaction of the caller's).
 */
export async function screeningContext(db: DbOrTx, tenantId: string, threshold?: string): Promise<ScreeningContext> {
  const [lists, own] = await Promise.all([listsInForce(db, tenantId), threshold ? Promise.resolve(threshold) : getAmlSettings(db, tenantId).then((s) => s.matchThreshold)]);
  const indexes = new Map<string, Searchable>();
  for (const list of lists) indexes.set(list.listId, await indexOf(db, list.listId, list.versionId, list.versionNo));
  return { tenantId, lists, indexes, threshold: Number(own) };
}

export interface FoundHit {
  listId: string;
  entryId: string;
  hit: ScreeningHit;
}

/** The hits of one subject over every list, best first; an organization's other names count too (best score per entry). */
export function searchSubject(ctx: ScreeningContext, subject: ScreeningSubject, otherNames: string[] = [], limit = 20, threshold = ctx.threshold): FoundHit[] {
  const best = new Map<string, FoundHit>();
  for (const list of ctx.lists) {
    const index = ctx.indexes.get(list.listId)!;
    for (const name of [subject.name, ...otherNames]) {
      for (const hit of index.search({ ...subject, name }, { threshold, limit })) {
        const seen = best.get(hit.entryKey);
        if (!seen || seen.hit.score < hit.score) best.set(hit.entryKey, { listId: list.listId, entryId: hit.entryKey, hit });
      }
    }
  }
  return [...best.values()].sort((a, b) => b.hit.score - a.hit.score || a.entryId.localeCompare(b.entryId)).slice(0, limit);
}

// ------------------------------------------------------------------------------------------------
// Subjects
// ------------------------------------------------------------------------------------------------

const upper = (c: string | null | undefined) => (c ? c.trim().toUpperCase() : null);
const uniqueCountries = (values: (string | null | undefined)[]) => [...new Set(values.map(upper).filter((c): c is string => !!c && /^[A-Z]{2}$/.test(c)))];

/** The customer itself, its representatives and owners, and (optionally) its active beneficiaries. */
export async function subjectsOfCustomer(db: DbOrTx, tenantId: string, customerId: string, options: { beneficiaries?: boolean } = {}): Promise<Subject[]> {
  const [customer] = await db
    .select({ id: customers.id, type: customers.customerType, displayName: customers.displayName })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)));
  if (!customer) return [];
  const countries = (
    await db
      .select({ country: addresses.country })
      .from(addresses)
      .where(and(eq(addresses.tenantId, tenantId), eq(addresses.customerId, customerId)))
  ).map((a) => a.country);
  const out: Subject[] = [];
  if (customer.type === 'INDIVIDUAL') {
    const [p] = await db
      .select()
      .from(persons)
      .where(and(eq(persons.tenantId, tenantId), eq(persons.customerId, customerId)));
    const name = p ? `${p.firstName} ${p.lastName}` : customer.displayName;
    out.push({
      type: 'CUSTOMER',
      id: customerId,
      customerId,
      label: name,
      subject: { name, entityType: 'PERSON', birthDate: p?.dateOfBirth ?? null, countries: uniqueCountries([p?.nationality, ...countries]) },
      otherNames: [],
    });
  } else {
    const [o] = await db
      .select()
      .from(organizations)
      .where(and(eq(organizations.tenantId, tenantId), eq(organizations.customerId, customerId)));
    const name = o?.legalName || o?.name || customer.displayName;
    const otherNames = [...new Set([o?.name, o?.tradingName].filter((n): n is string => !!n && n !== name))];
    out.push({
      type: 'CUSTOMER',
      id: customerId,
      customerId,
      label: name,
      subject: { name, entityType: 'ORGANIZATION', birthDate: null, countries: uniqueCountries(countries) },
      otherNames,
    });
    if (o) {
      const reps = await db
        .select()
        .from(representatives)
        .where(and(eq(representatives.tenantId, tenantId), eq(representatives.organizationId, o.id)));
      for (const r of reps) {
        const repName = `${r.firstName} ${r.lastName}`;
        out.push({
          type: 'REPRESENTATIVE',
          id: r.id,
          customerId,
          label: repName,
          subject: { name: repName, entityType: 'PERSON', birthDate: r.dateOfBirth, countries: uniqueCountries([r.nationality]) },
          otherNames: [],
        });
      }
    }
  }
  if (options.beneficiaries) {
    const rows = await db
      .select()
      .from(beneficiaries)
      .where(and(eq(beneficiaries.tenantId, tenantId), eq(beneficiaries.customerId, customerId), ne(beneficiaries.status, 'INACTIVE')));
    for (const b of rows) out.push(beneficiarySubject(b));
  }
  return out;
}

export function beneficiarySubject(b: { id: string; customerId: string; name: string; country: string }): Subject {
  return {
    type: 'BENEFICIARY',
    id: b.id,
    customerId: b.customerId,
    label: b.name,
    subject: { name: b.name, entityType: null, birthDate: null, countries: uniqueCountries([b.country]) },
    otherNames: [],
  };
}

// ------------------------------------------------------------------------------------------------
// Screening and alerts
// ------------------------------------------------------------------------------------------------

export interface ScreeningOutcome {
  screeningIds: string[];
  alertIds: string[];
}

/**
 * Screens the subjects against the prepared context in the caller's transaction: one screening row
 * per subject, one alert per new hit (with its timeline entry and the aml.alert.created event).
 */
export async function screenSubjects(tx: DbOrTx, ctx: ScreeningContext, subjects: Subject[], trigger: ScreeningTrigger, actorUserId: string | null): Promise<ScreeningOutcome> {
  const outcome: ScreeningOutcome = { screeningIds: [], alertIds: [] };
  const listVersions = Object.fromEntries(ctx.lists.map((l) => [l.listId, l.versionId]));
  const now = clock.now();
  for (const s of subjects) {
    const hits = searchSubject(ctx, s.subject, s.otherNames);
    const alertIds = hits.length ? await raiseScreeningAlerts(tx, ctx.tenantId, s, hits) : [];
    const [row] = await tx
      .insert(amlScreenings)
      .values({
        tenantId: ctx.tenantId,
        customerId: s.customerId,
        subjectType: s.type,
        subjectId: s.id,
        subject: s.subject,
        trigger,
        listVersions,
        hits: hits.length,
        topScore: hits[0] ? hits[0].hit.score.toFixed(3) : null,
        alertsCreated: alertIds.length,
        screenedBy: actorUserId,
        createdAt: now,
      })
      .returning({ id: amlScreenings.id });
    outcome.screeningIds.push(row!.id);
    outcome.alertIds.push(...alertIds);
  }
  return outcome;
}

/** Inserts the alerts of hits not raised before for this subject and entry content; returns the new alerts' ids. */
export async function raiseScreeningAlerts(tx: DbOrTx, tenantId: string, s: Subject, hits: FoundHit[]): Promise<string[]> {
  const entries = await tx
    .select({ id: amlListEntries.id, hash: amlListEntries.hash, listId: amlListEntries.listId })
    .from(amlListEntries)
    .where(
      inArray(
        amlListEntries.id,
        hits.map((h) => h.entryId),
      ),
    );
  const hashOf = new Map(entries.map((e) => [e.id, e.hash]));
  const created: string[] = [];
  const now = clock.now();
  for (const h of hits) {
    const hash = hashOf.get(h.entryId);
    if (!hash) continue;
    const inserted = (await tx.execute(sql`
      insert into aml_alerts (tenant_id, kind, status, customer_id, subject_type, subject_id, subject_name, subject, list_id, entry_id, entry_hash, score, hit, created_at, updated_at)
      values (${tenantId}::uuid, 'SCREENING', 'OPEN', ${s.customerId}::uuid, ${s.type}, ${s.id}::uuid, ${s.label}, ${JSON.stringify(s.subject)}::jsonb,
        ${h.listId}::uuid, ${h.entryId}::uuid, ${hash}, ${h.hit.score.toFixed(3)}::numeric, ${JSON.stringify(h.hit)}::jsonb, ${now}, ${now})
      on conflict (tenant_id, subject_type, subject_id, entry_id, entry_hash) where kind = 'SCREENING' do nothing
      returning id`)) as unknown as { rows: { id: string }[] };
    const id = inserted.rows[0]?.id;
    if (!id) continue;
    created.push(id);
    // raised by the platform's screening (who screened is on the screening record)
    await recordAlertEvent(tx, tenantId, id, { actorUserId: null, action: 'CREATED', toStatus: 'OPEN', details: { score: h.hit.score, matchedName: h.hit.matchedName } });
    await emitEvent(tx, tenantId, 'aml.alert.created', {
      alertId: id,
      kind: 'SCREENING',
      customerId: s.customerId,
      subjectType: s.type,
      subjectId: s.id,
      score: h.hit.score.toFixed(3),
      listId: h.listId,
      transferId: null,
      holdsTransfer: false,
    });
  }
  return created;
}

/** Screens a customer (with its representatives, owners and beneficiaries) on demand, in one transaction. */
export async function screenCustomer(db: Db, tenantId: string, customerId: string, actorUserId: string, trigger: ScreeningTrigger = 'ON_DEMAND'): Promise<ScreeningOutcome | null> {
  const subjects = await subjectsOfCustomer(db, tenantId, customerId, { beneficiaries: true });
  if (!subjects.length) return null;
  const ctx = await screeningContext(db, tenantId);
  return db.transaction((tx) => screenSubjects(tx, ctx, subjects, trigger, actorUserId));
}

// ------------------------------------------------------------------------------------------------
// Entries as the API shows them
// ------------------------------------------------------------------------------------------------

export function entryView(row: AmlListEntryRow, listName: string): AmlEntry {
  const d = row.data;
  return {
    id: row.id,
    listId: row.listId,
    listName,
    sourceId: row.sourceId,
    entityType: d.entityType,
    primaryName: d.primaryName,
    names: d.names,
    birthDates: d.birthDates,
    countries: d.countries,
    programs: d.programs,
    remarks: d.remarks,
    details: d.details,
    removed: row.removedVersionId !== null,
  };
}

/** The entries of hits with their lists' names, keyed by entry id. */
export async function entriesById(db: DbOrTx, ids: string[]): Promise<Map<string, AmlEntry>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ entry: amlListEntries, listName: amlLists.name })
    .from(amlListEntries)
    .innerJoin(amlLists, eq(amlLists.id, amlListEntries.listId))
    .where(inArray(amlListEntries.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.entry.id, entryView(r.entry, r.listName)]));
}

/** The ad hoc search of an officer (Watchman's search): hits with their entries, nothing recorded. */
export async function adHocSearch(db: DbOrTx, tenantId: string, body: AmlSearchBody) {
  const ctx = await screeningContext(db, tenantId, body.threshold);
  const subject: ScreeningSubject = { name: body.name, entityType: body.entityType ?? null, birthDate: body.birthDate ?? null, countries: body.countries ?? [] };
  const found = searchSubject(ctx, subject, [], body.limit ?? 20);
  const entries = await entriesById(
    db,
    found.map((f) => f.entryId),
  );
  const hits: ScreeningHitView[] = found.flatMap((f) => {
    const entry = entries.get(f.entryId);
    return entry ? [{ ...hitView(f.hit), entry }] : [];
  });
  return {
    threshold: ctx.threshold.toFixed(3),
    hits,
    listVersions: ctx.lists.map((l) => ({ listId: l.listId, listName: l.listName, versionId: l.versionId, versionNo: l.versionNo, names: ctx.indexes.get(l.listId)!.nameCount })),
  };
}

export function hitView(hit: ScreeningHit): Omit<ScreeningHitView, 'entry'> {
  return { score: hit.score, matchedName: hit.matchedName, matchedNameKind: hit.matchedNameKind, tokens: hit.tokens, contributions: hit.contributions };
}

/** Still-open screening alerts of a customer (its own, its representatives' and its beneficiaries'): they block the approval of its case. */
export async function openScreeningAlertIds(db: DbOrTx, tenantId: string, customerId: string): Promise<string[]> {
  const rows = await db
    .select({ id: amlAlerts.id })
    .from(amlAlerts)
    .where(
      and(
        eq(amlAlerts.tenantId, tenantId),
        eq(amlAlerts.customerId, customerId),
        eq(amlAlerts.kind, 'SCREENING'),
        inArray(amlAlerts.status, ['OPEN', 'IN_REVIEW', 'ESCALATED', 'PENDING_SECOND_APPROVAL', 'CONFIRMED']),
      ),
    )
    .orderBy(amlAlerts.createdAt);
  return rows.map((r) => r.id);
}

/** Screenings, newest first, with the screening officer's name (filter by customer). */
export async function listScreenings(db: DbOrTx, tenantId: string, query: { page: number; pageSize: number; customerId?: string }) {
  const where = and(eq(amlScreenings.tenantId, tenantId), query.customerId ? eq(amlScreenings.customerId, query.customerId) : undefined);
  const [rows, totals] = await Promise.all([
    db
      .select({ s: amlScreenings, username: users.username, firstName: users.firstName, lastName: users.lastName })
      .from(amlScreenings)
      .leftJoin(users, and(eq(users.tenantId, amlScreenings.tenantId), eq(users.id, amlScreenings.screenedBy)))
      .where(where)
      .orderBy(desc(amlScreenings.createdAt), desc(amlScreenings.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(amlScreenings)
      .where(where),
  ]);
  return {
    items: rows.map(({ s, username, firstName, lastName }) => ({
      id: s.id,
      customerId: s.customerId,
      subjectType: s.subjectType,
      subjectId: s.subjectId,
      subject: { ...s.subject, countries: s.subject.countries ? [...s.subject.countries] : [] },
      trigger: s.trigger,
      hits: s.hits,
      topScore: s.topScore === null ? null : Number(s.topScore).toFixed(3),
      alertsCreated: s.alertsCreated,
      screenedBy: s.screenedBy,
      screenedByName: s.screenedBy ? [firstName, lastName].filter(Boolean).join(' ') || username : null,
      createdAt: s.createdAt.toISOString(),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(totals[0]?.total ?? 0),
  };
}

/**
 * The confirmed screening match that holds a customer (its own, or a representative's or owner's),
 * if any: while it stands the customer may not lift its cards' freeze or get new cards (docs/aml.md).
 */
export async function confirmedMatchOf(db: DbOrTx, tenantId: string, customerId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: amlAlerts.id })
    .from(amlAlerts)
    .where(
      and(
        eq(amlAlerts.tenantId, tenantId),
        eq(amlAlerts.customerId, customerId),
        eq(amlAlerts.kind, 'SCREENING'),
        eq(amlAlerts.status, 'CONFIRMED'),
        ne(amlAlerts.subjectType, 'BENEFICIARY'),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}
