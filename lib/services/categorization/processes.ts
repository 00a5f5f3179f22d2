import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { clock } from '@/lib/clock';
import { notFound, validationFailed } from '@/lib/contract/api-errors';
import {
  defaultCategoryProcess,
  requirementsInWords,
  type CategoryProcess,
  type CategoryProcessBody,
  type CategoryProcessRules,
  type CategoryRequirements,
} from '@/lib/contract/category-processes';
import { isUuid } from '@/lib/contract/common';
import type { CustomerType, DocumentRequirement } from '@/lib/contract/review';
import type { DbOrTx } from '@/lib/db/client';
import { categories, categoryProcesses, customerCategorizations, products } from '@/lib/db/schema';
import { ensureDefaultProducts } from '@/lib/services/products/products';
import { audit } from '@/lib/services/onboarding/audit';

/**
 * The category-to-process mapping (docs/category-processes.md): each category's documents per
 * customer type, screening, approvals and products. A category without a stored row follows the
 * default process (defaultCategoryProcess: the fixed table the platform always had), so existing
 * tenants and categories behave as before until the tenant changes a mapping. Every statement is
 * tenant-scoped; a category of another tenant is not found.
 */

type ProcessRow = typeof categoryProcesses.$inferSelect;
type CategoryRow = Pick<typeof categories.$inferSelect, 'id' | 'code' | 'name' | 'customerType' | 'isActive'>;

const categoryColumns = { id: categories.id, code: categories.code, name: categories.name, customerType: categories.customerType, isActive: categories.isActive };

/** A stored row's rules, or the category's default. */
export function rulesOf(row: ProcessRow | null | undefined, categoryCode: string | null | undefined): CategoryProcessRules {
  if (!row) return defaultCategoryProcess(categoryCode);
  return {
    requiredDocuments: { INDIVIDUAL: row.individualDocuments as DocumentRequirement[], ORGANIZATION: row.organizationDocuments as DocumentRequirement[] },
    screeningRequired: row.screeningRequired,
    approvalsRequired: row.approvalsRequired === 2 ? 2 : 1,
    productCodes: row.productCodes,
  } as CategoryProcessRules;
}

function view(category: CategoryRow, row: ProcessRow | null | undefined): CategoryProcess {
  return {
    categoryId: category.id,
    categoryCode: category.code,
    categoryName: category.name,
    customerType: category.customerType,
    isActive: category.isActive,
    ...rulesOf(row, category.code),
    isDefault: !row,
    updatedBy: row?.updatedBy ?? null,
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

/**
 * The process of every category of the tenant, in the catalog's display order (what the admin
 * screen lists, and what a preload document carries: `listCategoryProcesses(db, tenantId)`).
 */
export async function listCategoryProcesses(db: DbOrTx, tenantId: string): Promise<{ items: CategoryProcess[] }> {
  const rows = await db
    .select({ category: categoryColumns, process: categoryProcesses })
    .from(categories)
    .leftJoin(categoryProcesses, and(eq(categoryProcesses.tenantId, categories.tenantId), eq(categoryProcesses.categoryId, categories.id)))
    .where(eq(categories.tenantId, tenantId))
    .orderBy(asc(categories.sortOrder), asc(categories.code));
  return { items: rows.map((r) => view(r.category, r.process)) };
}

/** One category's process; 404 for a category the tenant does not have. */
export async function getCategoryProcess(db: DbOrTx, tenantId: string, categoryId: string): Promise<CategoryProcess> {
  const [row] = isUuid(categoryId)
    ? await db
        .select({ category: categoryColumns, process: categoryProcesses })
        .from(categories)
        .leftJoin(categoryProcesses, and(eq(categoryProcesses.tenantId, categories.tenantId), eq(categoryProcesses.categoryId, categories.id)))
        .where(and(eq(categories.tenantId, tenantId), eq(categories.id, categoryId)))
    : [];
  if (!row) throw notFound('category');
  return view(row.category, row.process);
}

/**
 * Replaces a category's process (the body is whole: PUT), audited in the same transaction as
 * CATEGORY_PROCESS_CHANGED with the process before and after. The category row is locked, so two
 * administrators saving at once are serialized and each audit entry's `before` is what it replaced.
 */
export async function putCategoryProcess(db: DbOrTx, actor: { tenantId: string; userId: string }, categoryId: string, body: CategoryProcessBody): Promise<CategoryProcess> {
  const t = actor.tenantId;
  return db.transaction(async (tx) => {
    const [category] = isUuid(categoryId)
      ? await tx
          .select(categoryColumns)
          .from(categories)
          .where(and(eq(categories.tenantId, t), eq(categories.id, categoryId)))
          .for('update')
      : [];
    if (!category) throw notFound('category');
    await assertProductsExist(tx, t, body.productCodes);
    const [before] = await tx
      .select()
      .from(categoryProcesses)
      .where(and(eq(categoryProcesses.tenantId, t), eq(categoryProcesses.categoryId, category.id)));
    const now = clock.now();
    const values = {
      individualDocuments: [...body.requiredDocuments.INDIVIDUAL],
      organizationDocuments: [...body.requiredDocuments.ORGANIZATION],
      screeningRequired: body.screeningRequired,
      approvalsRequired: body.approvalsRequired,
      productCodes: [...body.productCodes],
      updatedBy: actor.userId,
      updatedAt: now,
    };
    const [row] = await tx
      .insert(categoryProcesses)
      .values({ tenantId: t, categoryId: category.id, ...values })
      .onConflictDoUpdate({ target: [categoryProcesses.tenantId, categoryProcesses.categoryId], set: values })
      .returning();
    await audit(tx, t, {
      customerId: null,
      actorUserId: actor.userId,
      action: 'CATEGORY_PROCESS_CHANGED',
      entityType: 'CATEGORY',
      entityId: category.id,
      before: { categoryName: category.name, isDefault: !before, ...rulesOf(before, category.code) },
      after: { categoryName: category.name, isDefault: false, ...rulesOf(row, category.code) },
    });
    return view(category, row);
  });
}

/** The process of a category by id (null id: the customer has none, the default without a category's code). */
export async function categoryProcessRules(db: DbOrTx, tenantId: string, categoryId: string | null | undefined): Promise<{ rules: CategoryProcessRules; isDefault: boolean }> {
  if (!categoryId || !isUuid(categoryId)) return { rules: defaultCategoryProcess(null), isDefault: true };
  const [row] = await db
    .select({ code: categories.code, process: categoryProcesses })
    .from(categories)
    .leftJoin(categoryProcesses, and(eq(categoryProcesses.tenantId, categories.tenantId), eq(categoryProcesses.categoryId, categories.id)))
    .where(and(eq(categories.tenantId, tenantId), eq(categories.id, categoryId)));
  return { rules: rulesOf(row?.process, row?.code ?? null), isDefault: !row?.process };
}

/** What a registration of the category must provide (the wizard's public read): the documents of its customer type. */
export async function categoryRequirements(db: DbOrTx, tenantId: string, categoryId: string): Promise<CategoryRequirements> {
  const p = await getCategoryProcess(db, tenantId, categoryId);
  return { categoryId: p.categoryId, categoryName: p.categoryName, customerType: p.customerType, documents: requirementsInWords(p.requiredDocuments[p.customerType as CustomerType]) };
}

/** How many categories of the tenant have a process of their own (not the default): for a set-up checklist. */
export async function changedProcessCount(db: DbOrTx, tenantId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(categoryProcesses)
    .where(eq(categoryProcesses.tenantId, tenantId));
  return Number(row?.n ?? 0);
}

/** 400 naming `productCodes.N` for each code that names no product of the tenant (docs/products.md). */
async function assertProductsExist(db: DbOrTx, tenantId: string, codes: readonly string[]): Promise<void> {
  if (!codes.length) return;
  await ensureDefaultProducts(db, tenantId);
  const known = new Set(
    (
      await db
        .select({ code: products.code })
        .from(products)
        .where(and(eq(products.tenantId, tenantId), inArray(products.code, [...codes])))
    ).map((r) => r.code),
  );
  const errors = codes.flatMap((code, i) => (known.has(code) ? [] : [{ field: `productCodes.${i}`, message: `names no product of this tenant: ${code}` }]));
  if (errors.length) throw validationFailed(errors);
}

/**
 * The product codes a customer's category lets it open wallets and cards on; empty: any product (a
 * customer without a category, or a category on the default process).
 */
export async function allowedProductCodes(db: DbOrTx, tenantId: string, customerId: string): Promise<string[]> {
  const [row] = await db
    .select({ codes: categoryProcesses.productCodes })
    .from(customerCategorizations)
    .innerJoin(categoryProcesses, and(eq(categoryProcesses.tenantId, customerCategorizations.tenantId), eq(categoryProcesses.categoryId, customerCategorizations.categoryId)))
    .where(and(eq(customerCategorizations.tenantId, tenantId), eq(customerCategorizations.customerId, customerId)));
  return row?.codes ?? [];
}
