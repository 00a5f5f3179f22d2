import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { clock } from '@/lib/clock';
import { conflict, notFound } from '@/lib/contract/api-errors';
import {
  CONSENT_KIND_LABELS,
  CONSENT_TYPES,
  isRequiredConsent,
  slugOfConsentType,
  type ConsentTemplate,
  type ConsentTemplateVersion,
  type ConsentTextInForce,
  type CreateConsentVersionBody,
} from '@/lib/contract/consent-templates';
import type { ConsentType } from '@/lib/contract/enums';
import type { Db, DbOrTx } from '@/lib/db/client';
import { consentTexts } from '@/lib/db/schema';
import { emitEvent } from '@/lib/services/events/emit';
import { audit } from '@/lib/services/onboarding/audit';
import { DEFAULT_CONSENT_VERSION } from '@/lib/services/onboarding/consents';
import { consentIndex, nextVersion, textSha256, type ConsentIndex } from './versions';

/**
 * Consent templates (docs/consent-templates.md): a tenant admin drafts a version of a consent text,
 * then publishes it; a published version never changes and the newest one is in force. Everything
 * here is scoped by the tenant; every change is audited, a publication is a webhook event.
 */
type Actor = { tenantId: string; userId: string };
type Row = typeof consentTexts.$inferSelect;

function versionView(r: Row, inForceId: string | null): ConsentTemplateVersion {
  return {
    id: r.id,
    consentType: r.consentType as ConsentType,
    version: r.version,
    status: r.status,
    inForce: r.id === inForceId,
    material: r.material,
    title: r.title,
    body: r.body,
    sha256: r.sha256,
    changeSummary: r.changeSummary,
    createdAt: r.createdAt.toISOString(),
    createdBy: r.createdBy,
    publishedAt: r.publishedAt?.toISOString() ?? null,
    publishedBy: r.publishedBy,
  };
}

/**
 * Customers of the tenant whose latest record of this kind accepts a version published before the
 * baseline (the newest material version): those asked to accept again.
 */
export async function reconsentCount(db: DbOrTx, tenantId: string, type: ConsentType, baselineAt: Date): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from (
      select distinct on (r.customer_id) r.customer_id, r.status, r.version
      from consent_records r
      where r.tenant_id = ${tenantId} and r.consent_type = ${type}
      order by r.customer_id, r.created_at desc, r.id desc
    ) latest
    join consent_texts c on c.tenant_id = ${tenantId} and c.consent_type = ${type} and c.version = latest.version and c.status = 'PUBLISHED'
    where latest.status = 'ACCEPTED' and c.published_at < ${baselineAt}`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

async function drafts(db: DbOrTx, tenantId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ consentType: consentTexts.consentType, version: consentTexts.version })
    .from(consentTexts)
    .where(and(eq(consentTexts.tenantId, tenantId), eq(consentTexts.status, 'DRAFT')));
  return new Map(rows.map((r) => [r.consentType, r.version]));
}

function summary(index: ConsentIndex, type: ConsentType, draft: string | null, reconsentPending: number) {
  const kind = index.get(type);
  if (!kind) throw notFound('consent template');
  return {
    consentType: type,
    kind: slugOfConsentType(type),
    label: CONSENT_KIND_LABELS[type],
    required: isRequiredConsent(type),
    versionInForce: kind.inForce.version,
    titleInForce: kind.inForce.title,
    publishedAt: kind.inForce.publishedAt.toISOString(),
    draftVersion: draft,
    customized: kind.versions.size > 1 || kind.inForce.version !== DEFAULT_CONSENT_VERSION,
    reconsentPending,
  };
}

/** GET /consent-templates: every kind with its version in force and open draft. */
export async function listConsentTemplates(db: DbOrTx, tenantId: string) {
  const [index, open] = await Promise.all([consentIndex(db, tenantId), drafts(db, tenantId)]);
  const items = [];
  for (const type of CONSENT_TYPES) {
    if (!index.has(type)) continue;
    items.push(summary(index, type, open.get(type) ?? null, await reconsentCount(db, tenantId, type, index.get(type)!.baselineAt)));
  }
  return { items };
}

/** GET /consent-templates/{kind}: the kind with every version, the draft first, then newest first. */
export async function getConsentTemplate(db: DbOrTx, tenantId: string, type: ConsentType): Promise<ConsentTemplate> {
  const index = await consentIndex(db, tenantId, type);
  const rows = await db
    .select()
    .from(consentTexts)
    .where(and(eq(consentTexts.tenantId, tenantId), eq(consentTexts.consentType, type)))
    .orderBy(desc(sql`${consentTexts.status} = 'DRAFT'`), desc(consentTexts.publishedAt), desc(consentTexts.createdAt));
  const draft = rows.find((r) => r.status === 'DRAFT');
  const kind = index.get(type);
  return {
    ...summary(index, type, draft?.version ?? null, kind ? await reconsentCount(db, tenantId, type, kind.baselineAt) : 0),
    versions: rows.map((r) => versionView(r, kind?.inForce.id ?? null)),
  };
}

/** POST /consent-templates/{kind}/versions: a new DRAFT (one open draft per kind: 409 otherwise). */
export async function createConsentDraft(db: Db, actor: Actor, type: ConsentType, input: CreateConsentVersionBody): Promise<ConsentTemplateVersion> {
  return db.transaction(async (tx) => {
    const open = (await drafts(tx, actor.tenantId)).get(type);
    if (open) throw conflict(`a draft of ${type} (version ${open}) is open; publish or discard it first`);
    const index = await consentIndex(tx, actor.tenantId, type);
    const version = nextVersion(index.get(type)?.inForce.version ?? null, input.material);
    const [row] = await tx
      .insert(consentTexts)
      .values({
        tenantId: actor.tenantId,
        consentType: type,
        version,
        title: input.title,
        body: input.body,
        sha256: textSha256(input.body),
        status: 'DRAFT',
        material: input.material,
        changeSummary: input.changeSummary || null,
        createdBy: actor.userId,
        createdAt: clock.now(),
      })
      .onConflictDoNothing()
      .returning();
    // a concurrent draft of the same kind won the unique index
    if (!row) throw conflict(`a draft of ${type} is open; publish or discard it first`);
    await audit(tx, actor.tenantId, {
      customerId: null,
      actorUserId: actor.userId,
      action: 'CONSENT_TEMPLATE_DRAFTED',
      entityType: 'CONSENT_TEMPLATE',
      entityId: row.id,
      after: { consentType: type, version, material: input.material, sha256: row.sha256 },
    });
    return versionView(row, null);
  });
}

async function lockedVersion(tx: DbOrTx, tenantId: string, type: ConsentType, version: string): Promise<Row> {
  const [row] = await tx
    .select()
    .from(consentTexts)
    .where(and(eq(consentTexts.tenantId, tenantId), eq(consentTexts.consentType, type), eq(consentTexts.version, version)))
    .for('update');
  if (!row) throw notFound('consent version');
  return row;
}

/**
 * POST /consent-templates/{kind}/versions/{version}/publish: the draft is in force from now on; a
 * material one asks every customer who accepted an older version to accept again.
 */
export async function publishConsentVersion(db: Db, actor: Actor, type: ConsentType, version: string) {
  return db.transaction(async (tx) => {
    const row = await lockedVersion(tx, actor.tenantId, type, version);
    if (row.status === 'PUBLISHED') throw conflict(`version ${version} of ${type} is already published; a published version cannot change`);
    const before = (await consentIndex(tx, actor.tenantId, type)).get(type);
    // strictly after the version in force, so that "newest" is never a tie
    const now = new Date(Math.max(clock.now().getTime(), (before?.inForce.publishedAt.getTime() ?? 0) + 1));
    const [published] = await tx
      .update(consentTexts)
      .set({ status: 'PUBLISHED', publishedAt: now, publishedBy: actor.userId })
      .where(and(eq(consentTexts.tenantId, actor.tenantId), eq(consentTexts.id, row.id), eq(consentTexts.status, 'DRAFT')))
      .returning();
    const after = (await consentIndex(tx, actor.tenantId, type)).get(type)!;
    const reconsentRequired = published!.material ? await reconsentCount(tx, actor.tenantId, type, after.baselineAt) : 0;
    await audit(tx, actor.tenantId, {
      customerId: null,
      actorUserId: actor.userId,
      action: 'CONSENT_TEMPLATE_PUBLISHED',
      entityType: 'CONSENT_TEMPLATE',
      entityId: row.id,
      before: before ? { version: before.inForce.version, sha256: before.inForce.sha256 } : null,
      after: { consentType: type, version, material: published!.material, sha256: published!.sha256, reconsentRequired },
    });
    await emitEvent(tx, actor.tenantId, 'consent.template.published', {
      consentType: type,
      version,
      material: published!.material,
      sha256: published!.sha256,
      previousVersion: before?.inForce.version ?? null,
      reconsentRequired,
    });
    return { ...versionView(published!, published!.id), reconsentRequired };
  });
}

/** DELETE /consent-templates/{kind}/versions/{version}: discards a draft (a published version stays: 409). */
export async function discardConsentDraft(db: Db, actor: Actor, type: ConsentType, version: string) {
  return db.transaction(async (tx) => {
    const row = await lockedVersion(tx, actor.tenantId, type, version);
    if (row.status === 'PUBLISHED') throw conflict(`version ${version} of ${type} is published; a published version cannot be discarded`);
    await tx.delete(consentTexts).where(and(eq(consentTexts.tenantId, actor.tenantId), eq(consentTexts.id, row.id), ne(consentTexts.status, 'PUBLISHED')));
    await audit(tx, actor.tenantId, {
      customerId: null,
      actorUserId: actor.userId,
      action: 'CONSENT_TEMPLATE_DISCARDED',
      entityType: 'CONSENT_TEMPLATE',
      entityId: row.id,
      before: { consentType: type, version, sha256: row.sha256 },
    });
    return { consentType: type, version, discarded: true as const };
  });
}

/** The texts in force, one per kind (public: the wizards and a tenant's own sign-up pages show them; the preload document). */
export async function consentTextsInForce(db: DbOrTx, tenantId: string): Promise<ConsentTextInForce[]> {
  const index = await consentIndex(db, tenantId);
  return CONSENT_TYPES.flatMap((type) => {
    const kind = index.get(type);
    if (!kind) return [];
    const v = kind.inForce;
    return [
      {
        consentType: type,
        kind: slugOfConsentType(type),
        required: isRequiredConsent(type),
        version: v.version,
        title: v.title,
        body: v.body,
        sha256: v.sha256,
        publishedAt: v.publishedAt.toISOString(),
      },
    ];
  });
}

/** True once the tenant published a version of its own of any kind (the set-up checklist's tick). */
export async function consentTemplatesCustomized(db: DbOrTx, tenantId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(consentTexts)
    .where(and(eq(consentTexts.tenantId, tenantId), eq(consentTexts.status, 'PUBLISHED'), ne(consentTexts.version, DEFAULT_CONSENT_VERSION)));
  return (row?.n ?? 0) > 0;
}
