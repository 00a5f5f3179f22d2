import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import { draftConsumed, draftExpired, notFound, validationFailed } from '@/lib/contract/api-errors';
import { DRAFT_NEVER_KEPT, DRAFT_TTL_DAYS, type Draft, type DraftCustomerType, type DraftSummary, type SaveDraftBody } from '@/lib/contract/drafts';
import type { Db, DbOrTx } from '@/lib/db/client';
import { drafts, users, type DraftRow } from '@/lib/db/schema';
import { clock } from '@/lib/clock';
import { audit } from '@/lib/services/onboarding/audit';

/**
 * Registration drafts (docs/drafts.md). A staff draft is reached by its id by any member of the
 * tenant's staff (another device, another colleague); a self sign-up's draft only with its resume
 * token, of which only the SHA-256 hash is stored. Every statement names the tenant. A draft expires
 * DRAFT_TTL_DAYS after its last save (refused with 410, removed by the retention job) and is
 * consumed in the transaction of the registration that finishes it.
 */

/** Who saves: a staff user, or null for the anonymous self sign-up. */
export type DraftActor = { userId: string | null };
/** How a registration names the draft it finishes. */
export type DraftReference = { draftId?: string; resumeToken?: string };

const DAY_MS = 86_400_000;
const expiryFrom = (at: Date) => new Date(at.getTime() + DRAFT_TTL_DAYS * DAY_MS);
export const hashResumeToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newResumeToken = () => `drt_${randomBytes(32).toString('base64url')}`;

/** Defence in depth: whatever the schema let through, no key named like a secret or a file reaches the row. */
export function withoutNeverKept(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNeverKept);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k, v]) => v !== undefined && !(DRAFT_NEVER_KEPT as readonly string[]).includes(k))
      .map(([k, v]) => [k, withoutNeverKept(v)]),
  );
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** The customer's name as typed so far, else the email. */
function labelOf(type: DraftCustomerType, content: Record<string, unknown>): string | null {
  const c = content as { email?: unknown; PERSONAL_INFO?: { firstName?: unknown; lastName?: unknown }; organizationCustomer?: { organization?: { legalName?: unknown } } };
  const name =
    type === 'INDIVIDUAL' ? [str(c.PERSONAL_INFO?.firstName), str(c.PERSONAL_INFO?.lastName)].filter(Boolean).join(' ') || null : str(c.organizationCustomer?.organization?.legalName);
  return name ?? str(c.email);
}

const starterName = sql<string | null>`coalesce(nullif(concat_ws(' ', ${users.firstName}, ${users.lastName}), ''), ${users.username})`;

function summaryOf(row: DraftRow, name: string | null): DraftSummary {
  return {
    id: row.id,
    customerType: row.customerType,
    status: row.status,
    step: row.step,
    label: labelOf(row.customerType, row.content),
    startedBy: row.createdBy ? { userId: row.createdBy, name: name ?? 'a user no longer on file' } : null,
    selfSignUp: row.createdBy === null,
    revision: row.revision,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

const draftOf = (row: DraftRow, name: string | null): Draft => ({ ...summaryOf(row, name), content: row.content, consumedCustomerId: row.consumedCustomerId });

/** One row with its starter's name, or undefined (the tenant leads the condition). */
async function findRow(db: DbOrTx, tenantId: string, where: { id?: string; tokenHash?: string }) {
  const [found] = await db
    .select({ row: drafts, name: starterName })
    .from(drafts)
    .leftJoin(users, and(eq(users.tenantId, drafts.tenantId), eq(users.id, drafts.createdBy)))
    .where(and(eq(drafts.tenantId, tenantId), where.id ? eq(drafts.id, where.id) : eq(drafts.resumeTokenHash, where.tokenHash!)))
    .limit(1);
  return found;
}

/** Why a draft cannot be used: unknown (404), consumed (409) or expired (410). */
function refusal(row: DraftRow | undefined, now: Date) {
  if (!row) return notFound('draft');
  if (row.status === 'CONSUMED') return draftConsumed(row.id, row.consumedCustomerId);
  if (row.expiresAt.getTime() <= now.getTime()) return draftExpired(row.id, row.expiresAt.toISOString());
  return null;
}

/**
 * Starts a draft. A staff user's draft is found by id; an anonymous one gets a resume token, which is
 * in this answer only. Audited without its content.
 */
export async function createDraft(db: Db, tenantId: string, body: SaveDraftBody, actor: DraftActor): Promise<Draft & { resumeToken?: string }> {
  const now = clock.now();
  const resumeToken = actor.userId ? undefined : newResumeToken();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(drafts)
      .values({
        tenantId,
        customerType: body.customerType,
        step: body.step,
        content: withoutNeverKept(body.content) as Record<string, unknown>,
        createdBy: actor.userId,
        updatedBy: actor.userId,
        resumeTokenHash: resumeToken ? hashResumeToken(resumeToken) : null,
        createdAt: now,
        updatedAt: now,
        expiresAt: expiryFrom(now),
      })
      .returning();
    await audit(tx, tenantId, {
      customerId: null,
      actorUserId: actor.userId,
      action: 'DRAFT_STARTED',
      entityType: 'DRAFT',
      entityId: row!.id,
      after: { customerType: row!.customerType, selfSignUp: !actor.userId },
    });
    const name = actor.userId ? ((await findRow(tx, tenantId, { id: row!.id }))?.name ?? null) : null;
    return { ...draftOf(row!, name), ...(resumeToken ? { resumeToken } : {}) };
  });
}

/** The tenant's open drafts that have not expired, last saved first. */
export async function listDrafts(db: DbOrTx, tenantId: string, query: { pageNo: number; pageSize: number; customerType?: DraftCustomerType }) {
  const now = clock.now();
  const where = and(eq(drafts.tenantId, tenantId), eq(drafts.status, 'OPEN'), gt(drafts.expiresAt, now), query.customerType ? eq(drafts.customerType, query.customerType) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: drafts, name: starterName })
      .from(drafts)
      .leftJoin(users, and(eq(users.tenantId, drafts.tenantId), eq(users.id, drafts.createdBy)))
      .where(where)
      .orderBy(desc(drafts.updatedAt), desc(drafts.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db.select({ n: count() }).from(drafts).where(where),
  ]);
  return { items: rows.map((r) => summaryOf(r.row, r.name)), pageNo: query.pageNo, pageSize: query.pageSize, total: Number(total?.n ?? 0) };
}

type Locator = { id: string } | { tokenHash: string };

async function readDraft(db: DbOrTx, tenantId: string, at: Locator): Promise<Draft> {
  const found = await findRow(db, tenantId, at);
  const refused = refusal(found?.row, clock.now());
  if (refused) throw refused;
  return draftOf(found!.row, found!.name);
}

/**
 * Saves the wizard's values and step over the draft's (the last save wins) and moves its expiry.
 * One statement checks tenant, id or token, status, expiry and customer type and writes; when it
 * writes nothing, the row says why.
 */
async function saveDraft(db: Db, tenantId: string, at: Locator, body: SaveDraftBody, actor: DraftActor): Promise<Draft> {
  const now = clock.now();
  const match = 'id' in at ? eq(drafts.id, at.id) : eq(drafts.resumeTokenHash, at.tokenHash);
  const [row] = await db
    .update(drafts)
    .set({
      step: body.step,
      content: withoutNeverKept(body.content) as Record<string, unknown>,
      updatedBy: actor.userId,
      revision: sql`${drafts.revision} + 1`,
      updatedAt: now,
      expiresAt: expiryFrom(now),
    })
    .where(and(eq(drafts.tenantId, tenantId), match, eq(drafts.status, 'OPEN'), gt(drafts.expiresAt, now), eq(drafts.customerType, body.customerType)))
    .returning();
  if (row) return readDraft(db, tenantId, { id: row.id });
  const found = await findRow(db, tenantId, at);
  const refused = refusal(found?.row, now);
  if (refused) throw refused;
  throw validationFailed([{ field: 'customerType', message: `must stay ${found!.row.customerType}: a draft keeps the customer type it was started with` }]);
}

export const getDraft = (db: DbOrTx, tenantId: string, draftId: string) => readDraft(db, tenantId, { id: draftId });
export const getDraftByToken = (db: DbOrTx, tenantId: string, token: string) => readDraft(db, tenantId, { tokenHash: hashResumeToken(token) });
export const updateDraft = (db: Db, tenantId: string, draftId: string, body: SaveDraftBody, actor: DraftActor) => saveDraft(db, tenantId, { id: draftId }, body, actor);
export const updateDraftByToken = (db: Db, tenantId: string, token: string, body: SaveDraftBody) => saveDraft(db, tenantId, { tokenHash: hashResumeToken(token) }, body, { userId: null });

/** Discards a draft for good (whatever its state), audited. */
export async function discardDraft(db: Db, tenantId: string, draftId: string, actor: DraftActor): Promise<{ id: string; discarded: true }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(drafts)
      .where(and(eq(drafts.tenantId, tenantId), eq(drafts.id, draftId)))
      .returning();
    if (!row) throw notFound('draft');
    await audit(tx, tenantId, {
      customerId: null,
      actorUserId: actor.userId,
      action: 'DRAFT_DISCARDED',
      entityType: 'DRAFT',
      entityId: row.id,
      before: { customerType: row.customerType, selfSignUp: row.createdBy === null, revision: row.revision, status: row.status },
    });
    return { id: row.id, discarded: true as const };
  });
}

/**
 * In the registration's transaction: the draft it finishes becomes CONSUMED and its content is
 * emptied. A staff registration names it by id, a self sign-up by its resume token; a draft that
 * cannot be used refuses the registration (nothing is written).
 */
export async function consumeDraft(tx: DbOrTx, tenantId: string, ref: DraftReference, customerType: DraftCustomerType, customerId: string, registrarUserId: string | null): Promise<void> {
  if (ref.draftId && !registrarUserId) throw validationFailed([{ field: 'draftId', message: 'needs a staff session; a self sign-up names its draft with draftResumeToken' }]);
  const at: Locator = ref.draftId ? { id: ref.draftId } : { tokenHash: hashResumeToken(ref.resumeToken!) };
  const now = clock.now();
  const match = 'id' in at ? eq(drafts.id, at.id) : eq(drafts.resumeTokenHash, at.tokenHash);
  const [row] = await tx
    .update(drafts)
    .set({ status: 'CONSUMED', content: {}, consumedCustomerId: customerId, consumedAt: now, updatedAt: now, updatedBy: registrarUserId })
    .where(and(eq(drafts.tenantId, tenantId), match, eq(drafts.status, 'OPEN'), gt(drafts.expiresAt, now), eq(drafts.customerType, customerType)))
    .returning();
  if (!row) {
    const found = await findRow(tx, tenantId, at);
    const field = ref.draftId ? 'draftId' : 'draftResumeToken';
    const refused = refusal(found?.row, now);
    if (refused) throw refused;
    throw validationFailed([{ field, message: `names a draft of ${found!.row.customerType === 'INDIVIDUAL' ? 'an individual' : 'an organization'}` }]);
  }
  await audit(tx, tenantId, {
    customerId,
    actorUserId: registrarUserId,
    action: 'DRAFT_CONSUMED',
    entityType: 'DRAFT',
    entityId: row.id,
    before: { customerType: row.customerType, selfSignUp: row.createdBy === null, revision: row.revision },
    after: { status: 'CONSUMED' },
  });
}
