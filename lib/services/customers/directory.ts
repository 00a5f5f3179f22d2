import { and, asc, count, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import { csvDocument } from '@/lib/contract/csv';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import { clock } from '@/lib/clock';
import { CUSTOMER_STATUSES, VERIFICATION_STATUSES, type ConsentType } from '@/lib/contract/enums';
import { CUSTOMER_EXPORT_MAX_ROWS, type CustomerDetail, type CustomerListItem, type DashboardSummary, type ListCustomersQuery } from '@/lib/contract/customers';
import type { Db, DbOrTx } from '@/lib/db/client';
import {
  addresses,
  auditLog,
  categories,
  consentRecords,
  contacts,
  customerCategorizations,
  customers,
  documents,
  organizations,
  persons,
  representatives,
  verifications,
  webhookDeliveries,
  consentTexts,
} from '@/lib/db/schema';
import { CardProcessorUnavailableError, type CardProcessor } from '@/lib/contract/card-processor';
import { CARD_STATUSES } from '@/lib/contract/card-operations';
import { notFound } from '@/lib/contract/api-errors';
import { can } from '@/lib/contract/access';
import type { Principal } from '@/lib/services/identity/sessions';
import { isUuid } from '@/lib/contract/common';
import type { JsonText } from '@/lib/contract/envelopes';
import { indexVersions } from '@/lib/services/consent-templates/versions';
import { consentsView, type ConsentRecordView } from '@/lib/services/onboarding/consents';

/**
 * The admin panel's customer directory: one query with the verification state and category of each
 * customer, filtered, sorted and paged; the CSV export runs the same query without paging.
 */

type Filters = Omit<ListCustomersQuery, 'pageNo' | 'pageSize'>;

function escapeLike(q: string): string {
  return `%${q.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
}

function directoryWhere(tenantId: string, filters: Filters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(customers.tenantId, tenantId)];
  if (filters.type) conditions.push(eq(customers.customerType, filters.type));
  if (filters.status) conditions.push(eq(customers.status, filters.status));
  if (filters.verificationStatus) conditions.push(eq(verifications.status, filters.verificationStatus));
  if (filters.categoryId) conditions.push(eq(customerCategorizations.categoryId, filters.categoryId));
  if (filters.organizationId) conditions.push(eq(organizations.id, filters.organizationId));
  if (filters.q) {
    const like = escapeLike(filters.q);
    conditions.push(
      sql`(lower(${customers.displayName}) like ${like} or lower(coalesce(${customers.email}, '')) like ${like} or lower(coalesce(${organizations.registrationNumber}, '')) like ${like})`,
    );
  }
  return and(...conditions);
}

/** The joins of the directory, every one on (tenant_id, customer_id). */
function withJoins<T extends PgSelect>(qb: T) {
  return qb
    .leftJoin(verifications, and(eq(verifications.tenantId, customers.tenantId), eq(verifications.customerId, customers.id)))
    .leftJoin(customerCategorizations, and(eq(customerCategorizations.tenantId, customers.tenantId), eq(customerCategorizations.customerId, customers.id)))
    .leftJoin(categories, and(eq(categories.tenantId, customerCategorizations.tenantId), eq(categories.id, customerCategorizations.categoryId)))
    .leftJoin(organizations, and(eq(organizations.tenantId, customers.tenantId), eq(organizations.customerId, customers.id)));
}

const ORDER = {
  createdAt: [asc(customers.createdAt)],
  '-createdAt': [desc(customers.createdAt)],
  displayName: [asc(sql`lower(${customers.displayName})`)],
  '-displayName': [desc(sql`lower(${customers.displayName})`)],
  status: [asc(customers.status), desc(customers.createdAt)],
} as const;

const itemColumns = {
  id: customers.id,
  customerType: customers.customerType,
  displayName: customers.displayName,
  email: customers.email,
  status: customers.status,
  createdAt: customers.createdAt,
  activatedAt: customers.activatedAt,
  verificationStatus: verifications.status,
  verificationId: verifications.id,
  categoryId: customerCategorizations.categoryId,
  categoryName: categories.name,
  riskLevel: customerCategorizations.riskLevel,
  registrationNumber: organizations.registrationNumber,
};

type ItemRow = {
  [K in keyof typeof itemColumns]: unknown;
};

function toItem(r: ItemRow): CustomerListItem {
  return {
    id: r.id as string,
    customerType: r.customerType as CustomerListItem['customerType'],
    displayName: r.displayName as string,
    email: (r.email as string | null) ?? null,
    status: r.status as CustomerListItem['status'],
    verificationStatus: (r.verificationStatus as CustomerListItem['verificationStatus']) ?? null,
    verificationId: (r.verificationId as string | null) ?? null,
    categoryId: (r.categoryId as string | null) ?? null,
    categoryName: (r.categoryName as string | null) ?? null,
    riskLevel: (r.riskLevel as CustomerListItem['riskLevel']) ?? null,
    registrationNumber: (r.registrationNumber as string | null) ?? null,
    createdAt: (r.createdAt as Date).toISOString(),
    activatedAt: (r.activatedAt as Date | null)?.toISOString() ?? null,
  };
}

export async function listCustomers(db: DbOrTx, tenantId: string, query: ListCustomersQuery) {
  const where = directoryWhere(tenantId, query);
  const rows = await withJoins(db.select(itemColumns).from(customers).$dynamic())
    .where(where)
    .orderBy(...ORDER[query.sort], asc(customers.id))
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize);
  const [{ total }] = (await withJoins(db.select({ total: count() }).from(customers).$dynamic()).where(where)) as [{ total: number }];
  return { items: rows.map((r) => toItem(r as ItemRow)), pageNo: query.pageNo, pageSize: query.pageSize, total: Number(total) };
}

const CSV_COLUMNS: (keyof CustomerListItem)[] = [
  'id',
  'customerType',
  'displayName',
  'email',
  'status',
  'verificationStatus',
  'categoryName',
  'riskLevel',
  'registrationNumber',
  'createdAt',
  'activatedAt',
];

/** The filtered directory as CSV (header line + at most CUSTOMER_EXPORT_MAX_ROWS rows). */
export async function exportCustomersCsv(db: DbOrTx, tenantId: string, filters: Filters): Promise<string> {
  const rows = await withJoins(db.select(itemColumns).from(customers).$dynamic())
    .where(directoryWhere(tenantId, filters))
    .orderBy(...ORDER[filters.sort], asc(customers.id))
    .limit(CUSTOMER_EXPORT_MAX_ROWS);
  return csvDocument(
    CSV_COLUMNS,
    rows.map((r) => {
      const item = toItem(r as ItemRow);
      return CSV_COLUMNS.map((c) => item[c]);
    }),
  );
}

/** A JSON array of rows built in the database: `[]` when there are none. */
const jsonRows = (fields: SQL, from: SQL, where: SQL, orderBy: SQL): SQL =>
  sql`coalesce((select json_agg(json_build_object(${fields}) order by ${orderBy}) from ${from} where ${where}), '[]'::json)`;

/** A time as the API writes it (`Date.prototype.toISOString`: UTC, milliseconds, `Z`), rendered by the database; null stays null. */
const isoText = (column: AnyPgColumn): SQL => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The statement of the customer 360, built once per database handle and prepared (named): it is
 * long (six tables, eight JSON lists), and building it with drizzle and sending its text on every
 * read cost more than running it (bench/_profile.ts customer). PostgreSQL parses and plans it once
 * per connection. It answers the customer as the API shows it, as JSON text that the route sends
 * on unparsed (parsing it and writing it again was a tenth of the read's CPU): every field of
 * customerDetailSchema but the consents, times already ISO text. Only the fields the API shows are
 * read (never a person's PIN code, say). The consents' current state is a rule of
 * lib/services/onboarding/consents.ts, so their records come as a second column for it.
 */
function buildDetailQuery(db: Db) {
  const sameCustomer = (table: { tenantId: AnyPgColumn; customerId: AnyPgColumn }) => sql`${table.tenantId} = ${customers.tenantId} and ${table.customerId} = ${customers.id}`;
  const object = (fields: SQL, present: SQL) => sql`case when ${present} then json_build_object(${fields}) end`;
  // every history line says who: the actor's full name, else username (null: the system or self sign-up)
  const actorName = sql`(select coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.username) from users u where u.tenant_id = ${auditLog.tenantId} and u.id = ${auditLog.actorUserId})`;
  const auditFields = sql`'id', ${auditLog.id}, 'actorUserId', ${auditLog.actorUserId}, 'actorName', ${actorName}, 'action', ${auditLog.action}, 'entityType', ${auditLog.entityType}, 'entityId', ${auditLog.entityId}, 'before', ${auditLog.before}, 'after', ${auditLog.after}, 'createdAt', ${isoText(auditLog.createdAt)}`;
  return db
    .select({
      customerId: customers.id,
      detail: sql<string>`json_build_object(
      'id', ${customers.id}, 'customerType', ${customers.customerType}, 'displayName', ${customers.displayName}, 'email', ${customers.email}, 'status', ${customers.status}, 'statusReason', ${customers.statusReason}, 'createdAt', ${isoText(customers.createdAt)}, 'activatedAt', ${isoText(customers.activatedAt)},
      'person', ${object(sql`'firstName', ${persons.firstName}, 'lastName', ${persons.lastName}, 'email', ${persons.email}, 'dateOfBirth', ${persons.dateOfBirth}, 'gender', ${persons.gender}, 'nationality', ${persons.nationality}, 'placeOfBirth', ${persons.placeOfBirth}`, sql`${persons.id} is not null`)},
      'organization', ${object(sql`'id', ${organizations.id}, 'legalName', ${organizations.legalName}, 'registrationNumber', ${organizations.registrationNumber}, 'taxId', ${organizations.taxId}, 'businessType', ${organizations.businessType}, 'industry', ${organizations.industry}, 'website', ${organizations.website}`, sql`${organizations.id} is not null`)},
      'representatives', ${jsonRows(
        sql`'id', ${representatives.id}, 'firstName', ${representatives.firstName}, 'lastName', ${representatives.lastName}, 'position', ${representatives.position}, 'isPrimaryOwner', ${representatives.isPrimaryOwner}, 'ownershipShare', ${representatives.ownershipShare}::text`,
        sql`${representatives}`,
        sql`${representatives.tenantId} = ${customers.tenantId} and ${representatives.organizationId} = ${organizations.id}`,
        sql`${representatives.createdAt}, ${representatives.id}`,
      )},
      'addresses', ${jsonRows(
        sql`'id', ${addresses.id}, 'addressType', ${addresses.addressType}, 'street', ${addresses.street}, 'building', ${addresses.building}, 'city', ${addresses.city}, 'postalCode', ${addresses.postalCode}, 'country', ${addresses.country}, 'isPrimary', ${addresses.isPrimary}`,
        sql`${addresses}`,
        sameCustomer(addresses),
        sql`${addresses.createdAt}, ${addresses.id}`,
      )},
      'contacts', ${jsonRows(
        sql`'id', ${contacts.id}, 'contactType', ${contacts.contactType}, 'value', ${contacts.value}, 'isPrimary', ${contacts.isPrimary}`,
        sql`${contacts}`,
        sameCustomer(contacts),
        sql`${contacts.createdAt}, ${contacts.id}`,
      )},
      'documents', ${jsonRows(
        sql`'id', ${documents.id}, 'documentType', ${documents.documentType}, 'documentNumber', ${documents.documentNumber}, 'mimeType', ${documents.mimeType}, 'sizeBytes', ${documents.sizeBytes}, 'status', ${documents.status}, 'createdAt', ${isoText(documents.createdAt)}`,
        sql`${documents}`,
        sameCustomer(documents),
        sql`${documents.createdAt}, ${documents.id}`,
      )},
      'categorization', ${object(
        sql`'categoryId', ${customerCategorizations.categoryId}, 'categoryName', ${categories.name}, 'riskLevel', ${customerCategorizations.riskLevel}, 'parameters', ${customerCategorizations.parameters}`,
        sql`${customerCategorizations.categoryId} is not null`,
      )},
      'verification', ${object(
        sql`'id', ${verifications.id}, 'status', ${verifications.status}, 'assigneeUserId', ${verifications.assigneeUserId}, 'reasonCode', ${verifications.reasonCode}, 'comment', ${verifications.comment}, 'decidedAt', ${isoText(verifications.decidedAt)}, 'submittedAt', ${isoText(verifications.submittedAt)}`,
        sql`${verifications.id} is not null`,
      )},
      'verificationHistory', ${jsonRows(auditFields, sql`${auditLog}`, sql`${sameCustomer(auditLog)} and ${auditLog.entityType} = 'VERIFICATION'`, sql`${auditLog.createdAt}, ${auditLog.seq}`)},
      'audit', ${jsonRows(auditFields, sql`${auditLog}`, sameCustomer(auditLog), sql`${auditLog.createdAt} desc, ${auditLog.seq} desc`)}
    )::text`,
      consentRecords: sql<(Omit<ConsentRecordView, 'createdAt'> & { createdAt: string })[]>`${jsonRows(
        sql`'id', ${consentRecords.id}, 'consentType', ${consentRecords.consentType}, 'version', ${consentRecords.version}, 'status', ${consentRecords.status}, 'ipAddress', ${consentRecords.ipAddress}, 'clientIp', ${consentRecords.clientIp}, 'userAgent', ${consentRecords.userAgent}, 'actorUserId', ${consentRecords.actorUserId}, 'channel', ${consentRecords.channel}, 'textSha256', ${consentRecords.textSha256}, 'createdAt', ${consentRecords.createdAt}`,
        sql`${consentRecords}`,
        sameCustomer(consentRecords),
        sql`${consentRecords.createdAt}, ${consentRecords.id}`,
      )}`,
      // the tenant's published consent versions (no texts): whether the customer must accept again, in this same statement
      consentVersions: sql<{ consentType: ConsentType; version: string; material: boolean; publishedAt: string; createdAt: string }[]>`${jsonRows(
        sql`'consentType', ${consentTexts.consentType}, 'version', ${consentTexts.version}, 'material', ${consentTexts.material}, 'publishedAt', ${consentTexts.publishedAt}, 'createdAt', ${consentTexts.createdAt}`,
        sql`${consentTexts}`,
        sql`${consentTexts.tenantId} = ${customers.tenantId} and ${consentTexts.status} = 'PUBLISHED'`,
        sql`${consentTexts.publishedAt}`,
      )}`,
    })
    .from(customers)
    .leftJoin(persons, and(eq(persons.tenantId, customers.tenantId), eq(persons.customerId, customers.id)))
    .leftJoin(organizations, and(eq(organizations.tenantId, customers.tenantId), eq(organizations.customerId, customers.id)))
    .leftJoin(verifications, and(eq(verifications.tenantId, customers.tenantId), eq(verifications.customerId, customers.id)))
    .leftJoin(customerCategorizations, and(eq(customerCategorizations.tenantId, customers.tenantId), eq(customerCategorizations.customerId, customers.id)))
    .leftJoin(categories, and(eq(categories.tenantId, customerCategorizations.tenantId), eq(categories.id, customerCategorizations.categoryId)))
    .where(and(eq(customers.tenantId, sql.placeholder('tenantId')), eq(customers.id, sql.placeholder('customerId'))))
    .prepare('customer_detail');
}
const detailQueries = new WeakMap<Db, ReturnType<typeof buildDetailQuery>>();

/**
 * One customer for the panel, as the JSON text of customerDetailSchema: profile, organization
 * with its representatives, addresses, contacts, documents, category, verification with its
 * history, consents with theirs and the audit log, in ONE statement (the database builds the
 * JSON; docs/performance.md). Another tenant's customer is 404.
 */
export async function customerDetailJson(db: Db, tenantId: string, customerId: string): Promise<JsonText<CustomerDetail>> {
  if (!isUuid(customerId)) throw notFound('customer');
  let query = detailQueries.get(db);
  if (!query) detailQueries.set(db, (query = buildDetailQuery(db)));
  const [found] = await query.execute({ tenantId, customerId });
  if (!found) throw notFound('customer');
  const consents = consentsView(
    found.customerId,
    found.consentRecords.map((r) => ({ ...r, createdAt: new Date(r.createdAt) })),
    indexVersions(found.consentVersions.map((v) => ({ ...v, publishedAt: new Date(v.publishedAt), createdAt: new Date(v.createdAt) }))),
  );
  // the database's object ends in its closing brace: the consents go in before it
  return `${found.detail.slice(0, -1)}, "consents" : ${JSON.stringify(consents)}}` as JsonText<CustomerDetail>;
}

/** customerDetailJson as an object (for callers that read it rather than send it). */
export async function getCustomerDetail(db: Db, tenantId: string, customerId: string): Promise<CustomerDetail> {
  return JSON.parse(await customerDetailJson(db, tenantId, customerId)) as CustomerDetail;
}

/**
 * Cards per state, asked from the card processor (one card/list per state, tenant scope) for a
 * caller who may read the tenant's cards (card:read); null with the reason when the processor does not answer.
 */
async function cardsByState(principal: Principal, requestId: string, cardProcessor: () => Promise<CardProcessor>): Promise<Pick<DashboardSummary, 'cardsByState' | 'cardsUnavailable'>> {
  if (!can(principal, 'card:read')) return { cardsByState: null, cardsUnavailable: null };
  try {
    const processor = await cardProcessor();
    const context = { tenantId: principal.tenantId, userId: principal.userId, requestId, scope: { kind: 'tenant' as const } };
    const counts = await Promise.all(
      CARD_STATUSES.map(async (status) => {
        const result = await processor.execute({ operation: 'card/list', body: { status, pageNo: 1, pageSize: 1 }, context });
        if (!result.ok) throw new CardProcessorUnavailableError('bad_gateway', result.reason);
        return [status, Number((result.data as { total?: number }).total ?? 0)] as const;
      }),
    );
    return { cardsByState: Object.fromEntries(counts), cardsUnavailable: null };
  } catch (error) {
    if (error instanceof CardProcessorUnavailableError) return { cardsByState: null, cardsUnavailable: 'card processor unavailable' };
    throw error;
  }
}

/**
 * The dashboard's counts, each one grouped query scoped to the tenant; cards from the processor the
 * caller hands in (lib/card-processor sits above the services: docs/architecture.md).
 */
export async function dashboardSummary(db: DbOrTx, principal: Principal, requestId: string, cardProcessor: () => Promise<CardProcessor>): Promise<DashboardSummary> {
  const tenantId = principal.tenantId;
  const byStatus = await db.select({ status: customers.status, n: count() }).from(customers).where(eq(customers.tenantId, tenantId)).groupBy(customers.status);
  const customersByStatus = Object.fromEntries(CUSTOMER_STATUSES.map((s) => [s, Number(byStatus.find((r) => r.status === s)?.n ?? 0)])) as DashboardSummary['customersByStatus'];
  const vStatus = await db.select({ status: verifications.status, n: count() }).from(verifications).where(eq(verifications.tenantId, tenantId)).groupBy(verifications.status);
  const verificationsByStatus = Object.fromEntries(VERIFICATION_STATUSES.map((s) => [s, Number(vStatus.find((r) => r.status === s)?.n ?? 0)])) as DashboardSummary['verificationsByStatus'];
  const since = new Date(clock.now().getTime() - 24 * 3_600_000);
  const [failed] = (await db
    .select({ n: count() })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.tenantId, tenantId), eq(webhookDeliveries.status, 'FAILED'), gte(webhookDeliveries.updatedAt, since)))) as [{ n: number }];
  return {
    customersByStatus,
    customersTotal: Object.values(customersByStatus).reduce((a, b) => a + b, 0),
    verificationsWaiting: verificationsByStatus.PENDING_REVIEW + verificationsByStatus.IN_REVIEW,
    verificationsByStatus,
    failedWebhookDeliveries24h: Number(failed.n),
    ...(await cardsByState(principal, requestId, cardProcessor)),
  };
}
