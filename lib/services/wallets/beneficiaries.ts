import { and, eq } from 'drizzle-orm';
import { clock } from '@/lib/clock';
import type { Beneficiary, CreateBeneficiaryBody, ListBeneficiariesQuery } from '@/lib/contract/wallets';
import type { DbOrTx } from '@/lib/db/client';
import { beneficiaries, type BeneficiaryRow } from '@/lib/db/schema';
import { notFound, beneficiaryExists } from '@/lib/contract/api-errors';
import { emptyPage, listCustomer, pageRows, targetCustomer, type Actor } from './access';
import { beneficiarySubject, screeningContext, screenSubjects } from '@/lib/services/aml/screening';

/** Beneficiaries (payees) of a customer: create, list, get, deactivate. IBAN and BIC are validated by the contract. */
export function toBeneficiary(row: BeneficiaryRow): Beneficiary {
  return {
    id: row.id,
    customerId: row.customerId,
    name: row.name,
    iban: row.iban,
    bic: row.bic,
    country: row.country,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function createBeneficiary(db: DbOrTx, tenantId: string, actor: Actor, body: CreateBeneficiaryBody): Promise<Beneficiary> {
  const customer = await targetCustomer(db, tenantId, actor, body.customerId);
  const [existing] = await db
    .select({ id: beneficiaries.id })
    .from(beneficiaries)
    .where(and(eq(beneficiaries.tenantId, tenantId), eq(beneficiaries.customerId, customer.id), eq(beneficiaries.iban, body.iban), eq(beneficiaries.status, 'ACTIVE')));
  if (existing) {
    throw beneficiaryExists(existing.id);
  }
  // AML (docs/aml.md): a new beneficiary is screened with its creation, in the same transaction
  const amlContext = await screeningContext(db, tenantId);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(beneficiaries)
      .values({ tenantId, customerId: customer.id, name: body.name, iban: body.iban, bic: body.bic ?? null, country: body.country })
      .returning();
    await screenSubjects(tx, amlContext, [beneficiarySubject(row!)], 'BENEFICIARY_CREATED', actor.userId);
    return toBeneficiary(row!);
  });
}

export async function listBeneficiaries(db: DbOrTx, tenantId: string, actor: Actor, query: ListBeneficiariesQuery) {
  const customerId = listCustomer(actor, query.customerId);
  if (customerId === false) return emptyPage(query);
  const where = and(
    eq(beneficiaries.tenantId, tenantId),
    customerId ? eq(beneficiaries.customerId, customerId) : undefined,
    query.status ? eq(beneficiaries.status, query.status) : undefined,
  );
  const { rows, total } = await pageRows(db, beneficiaries, where, query);
  return { items: rows.map(toBeneficiary), page: query.page, pageSize: query.pageSize, total };
}

const scoped = (tenantId: string, actor: Actor, id: string) =>
  and(eq(beneficiaries.tenantId, tenantId), eq(beneficiaries.id, id), actor.customerId ? eq(beneficiaries.customerId, actor.customerId) : undefined);

export async function getBeneficiary(db: DbOrTx, tenantId: string, actor: Actor, id: string): Promise<Beneficiary> {
  const [row] = await db
    .select()
    .from(beneficiaries)
    .where(scoped(tenantId, actor, id));
  if (!row) throw notFound('beneficiary');
  return toBeneficiary(row);
}

/** ACTIVE -> INACTIVE in one statement; deactivating an inactive one answers it unchanged. */
export async function deactivateBeneficiary(db: DbOrTx, tenantId: string, actor: Actor, id: string): Promise<Beneficiary> {
  const [row] = await db
    .update(beneficiaries)
    .set({ status: 'INACTIVE', updatedAt: clock.now() })
    .where(and(scoped(tenantId, actor, id), eq(beneficiaries.status, 'ACTIVE')))
    .returning();
  return row ? toBeneficiary(row) : getBeneficiary(db, tenantId, actor, id);
}
