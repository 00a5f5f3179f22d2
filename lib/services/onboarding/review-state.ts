import { and, asc, eq, getTableColumns, inArray } from 'drizzle-orm';
import { clock } from '@/lib/clock';
import type { RiskLevel } from '@/lib/contract/enums';
import { requiredByCategory } from '@/lib/contract/category-processes';
import { approvalBlockers, assessRisk, isExpired, requirementStates, type CustomerType, type DocumentRequirement, type RequirementPerson } from '@/lib/contract/review';
import type { DbOrTx } from '@/lib/db/client';
import { addresses, categories, customerCategorizations, documents, organizations, persons, representatives, userRoles, users, verifications } from '@/lib/db/schema';
import { categoryProcessRules } from '@/lib/services/categorization/processes';

/** Today in UTC (YYYY-MM-DD) by the application clock: the day documents expire against. */
export const today = () => clock.now().toISOString().slice(0, 10);

/** The customer's category (null: none), whose process (docs/category-processes.md) sets the case's requirements. */
export async function categoryOf(db: DbOrTx, tenantId: string, customerId: string) {
  const [row] = await db
    .select({ id: categories.id, code: categories.code, riskLevel: categories.riskLevel, name: categories.name })
    .from(customerCategorizations)
    .innerJoin(categories, and(eq(categories.tenantId, customerCategorizations.tenantId), eq(categories.id, customerCategorizations.categoryId)))
    .where(and(eq(customerCategorizations.tenantId, tenantId), eq(customerCategorizations.customerId, customerId)));
  return row ?? null;
}

const { content: _content, ...metadataColumns } = getTableColumns(documents);
/** A document's columns but its bytes: what every listing, decision and upload answer reads. */
export const documentMetadata = metadataColumns;
export type DocumentMetadata = Omit<typeof documents.$inferSelect, 'content'>;

/** Every document of a customer (replaced ones too: they carry `supersededBy`), metadata only: the bytes are read by the content route alone. */
export async function currentDocuments(db: DbOrTx, tenantId: string, customerId: string): Promise<DocumentMetadata[]> {
  return db
    .select(documentMetadata)
    .from(documents)
    .where(and(eq(documents.tenantId, tenantId), eq(documents.customerId, customerId)))
    .orderBy(asc(documents.createdAt), asc(documents.id));
}

/** The process the customer's case follows: its category's (or the default), and the words naming that rule. */
export async function processOfCustomer(db: DbOrTx, tenantId: string, customerId: string, customerType: CustomerType) {
  const category = await categoryOf(db, tenantId, customerId);
  const { rules, isDefault } = await categoryProcessRules(db, tenantId, category?.id);
  return { category, rules, isDefault, requiredBy: requiredByCategory(category?.name, customerType) };
}

/** The required documents of a customer (its category's process), their states and what still blocks an approval. */
export async function documentRequirements(db: DbOrTx, tenantId: string, customerId: string, customerType: CustomerType) {
  const process = await processOfCustomer(db, tenantId, customerId, customerType);
  const required: DocumentRequirement[] = [...process.rules.requiredDocuments[customerType]];
  const docs = await currentDocuments(db, tenantId, customerId);
  const people = customerType === 'ORGANIZATION' ? await organizationPeople(db, tenantId, customerId) : [];
  return {
    category: process.category,
    process,
    required,
    docs,
    people,
    requirements: requirementStates(required, docs, people, process.requiredBy),
    blockers: approvalBlockers(required, docs, people),
  };
}

/** An organization's representatives and owners, in registration order: each needs an identity document of their own. */
export async function organizationPeople(db: DbOrTx, tenantId: string, customerId: string): Promise<RequirementPerson[]> {
  const rows = await db
    .select({ id: representatives.id, firstName: representatives.firstName, lastName: representatives.lastName })
    .from(representatives)
    .innerJoin(organizations, and(eq(organizations.tenantId, representatives.tenantId), eq(organizations.id, representatives.organizationId)))
    .where(and(eq(representatives.tenantId, tenantId), eq(organizations.customerId, customerId)))
    .orderBy(asc(representatives.createdAt), asc(representatives.id));
  return rows.map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}`.trim() }));
}

/**
 * Recomputes and stores the rule-based risk of a customer's case (lib/contract/review.ts RISK_RULES),
 * in the caller's transaction; called after registration, document uploads and document decisions.
 */
export async function refreshRisk(
  tx: DbOrTx,
  tenantId: string,
  customerId: string,
  customerType: CustomerType,
): Promise<{ riskLevel: RiskLevel; riskReasons: { rule: string; level: RiskLevel; reason: string }[] }> {
  const { category, docs, blockers } = await documentRequirements(tx, tenantId, customerId, customerType);
  const [person] = await tx
    .select({ nationality: persons.nationality })
    .from(persons)
    .where(and(eq(persons.tenantId, tenantId), eq(persons.customerId, customerId)));
  const [organization] = await tx
    .select({ id: organizations.id, businessType: organizations.businessType, industry: organizations.industry })
    .from(organizations)
    .where(and(eq(organizations.tenantId, tenantId), eq(organizations.customerId, customerId)));
  const addressCountries = (
    await tx
      .select({ country: addresses.country })
      .from(addresses)
      .where(and(eq(addresses.tenantId, tenantId), eq(addresses.customerId, customerId)))
  ).map((a) => a.country);
  const reps = organization
    ? await tx
        .select({ nationality: representatives.nationality, ownershipShare: representatives.ownershipShare })
        .from(representatives)
        .where(and(eq(representatives.tenantId, tenantId), eq(representatives.organizationId, organization.id)))
    : [];
  const day = today();
  const current = docs.filter((d) => !d.supersededBy);
  const result = assessRisk({
    customerType,
    categoryRiskLevel: (category?.riskLevel as RiskLevel | undefined) ?? null,
    countries: [person?.nationality, ...addressCountries, ...reps.map((r) => r.nationality), ...current.map((d) => d.issuingCountry)]
      .filter((c): c is string => !!c)
      .map((c) => c.toUpperCase()),
    businessType: organization?.businessType ?? null,
    industry: organization?.industry ?? null,
    documents: current.map((d) => ({ status: d.status, expired: isExpired(d.expiryDate, day) })),
    missingRequirements: blockers.unmetRequirements.filter(
      (r) => !current.some((d) => (r.documentTypes as string[]).includes(d.documentType) && (!r.representativeId || d.representativeId === r.representativeId)),
    ).length,
    representativesWithoutOwnership: reps.length > 0 && reps.every((r) => Number(r.ownershipShare) === 0),
  });
  await tx
    .update(verifications)
    .set({ riskLevel: result.riskLevel, riskReasons: result.riskReasons })
    .where(and(eq(verifications.tenantId, tenantId), eq(verifications.customerId, customerId)));
  return result;
}

export interface UserLabel {
  name: string;
  roles: string[];
}

/** Display names and roles of users of the tenant (for assignees, actors, uploaders). */
export async function userLabels(db: DbOrTx, tenantId: string, ids: (string | null | undefined)[]): Promise<Map<string, UserLabel>> {
  const unique = [...new Set(ids.filter((i): i is string => !!i))];
  const out = new Map<string, UserLabel>();
  if (!unique.length) return out;
  const rows = await db
    .select({ id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, unique)));
  const roles = await db
    .select({ userId: userRoles.userId, role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.tenantId, tenantId), inArray(userRoles.userId, unique)));
  for (const r of rows) {
    const name = [r.firstName, r.lastName].filter(Boolean).join(' ').trim() || r.username;
    out.set(r.id, {
      name,
      roles: roles
        .filter((x) => x.userId === r.id)
        .map((x) => x.role)
        .sort(),
    });
  }
  return out;
}

export const nameOf = (labels: Map<string, UserLabel>, id: string | null | undefined, fallback = 'Self sign-up') => (id ? (labels.get(id)?.name ?? 'Unknown user') : fallback);
