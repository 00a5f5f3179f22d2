import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { notFound } from '@/lib/contract/api-errors';
import { externalEventPath, KNOWN_EVENT_TYPES, type CreateExternalPartnerBody, type ExternalPartner, type UpdateExternalPartnerBody } from '@/lib/contract/external-events';
import { open, seal } from '@/lib/crypto/aead';
import type { Db, DbOrTx } from '@/lib/db/client';
import { externalEventPartners, type ExternalEventPartnerRow } from '@/lib/db/schema';
import { encryptionKey } from '@/lib/services/data-key';
import { audit } from '@/lib/services/onboarding/audit';
import { generateSecret } from '@/lib/services/webhooks/signer';

/**
 * The partners that send a tenant signed events (docs/external-events.md): register, list, rename,
 * disable or enable, rotate the secret. Every statement names the tenant; another tenant's partner
 * is not found. The secret (`whsec_...`, the Standard Webhooks format) is stored encrypted under the
 * platform data key with the row as additional data, and answered only when generated or rotated.
 * Every change is audited (audit_log, no customer).
 */
const aad = (tenantId: string, partnerId: string) => `external-partner-secret:${tenantId}:${partnerId}`;

export function toPartnerView(row: ExternalEventPartnerRow): ExternalPartner {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    enabled: row.enabled,
    endpointPath: externalEventPath(row.id),
    knownEventTypes: [...KNOWN_EVENT_TYPES[row.kind]],
    secretRotatedAt: row.secretRotatedAt ? row.secretRotatedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const publicFields = (p: ExternalPartner) => ({ name: p.name, kind: p.kind, enabled: p.enabled });

export async function createPartner(db: Db, tenantId: string, actorUserId: string, body: CreateExternalPartnerBody): Promise<{ partner: ExternalPartner; secret: string }> {
  const { key } = await encryptionKey(db);
  const id = randomUUID();
  const secret = generateSecret();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(externalEventPartners)
      .values({ id, tenantId, name: body.name, kind: body.kind, secretCiphertext: seal(key, secret, aad(tenantId, id)), createdBy: actorUserId })
      .returning();
    const partner = toPartnerView(row!);
    await audit(tx, tenantId, { customerId: null, actorUserId, action: 'EXTERNAL_PARTNER_CREATED', entityType: 'external_event_partner', entityId: id, after: publicFields(partner) });
    return { partner, secret };
  });
}

export async function listPartners(db: DbOrTx, tenantId: string): Promise<ExternalPartner[]> {
  const rows = await db.select().from(externalEventPartners).where(eq(externalEventPartners.tenantId, tenantId)).orderBy(asc(externalEventPartners.createdAt), asc(externalEventPartners.id));
  return rows.map(toPartnerView);
}

async function lockedPartner(tx: DbOrTx, tenantId: string, partnerId: string): Promise<ExternalEventPartnerRow> {
  const [row] = await tx
    .select()
    .from(externalEventPartners)
    .where(and(eq(externalEventPartners.tenantId, tenantId), eq(externalEventPartners.id, partnerId)))
    .for('update');
  if (!row) throw notFound('external event partner');
  return row;
}

export async function updatePartner(db: Db, tenantId: string, actorUserId: string, partnerId: string, body: UpdateExternalPartnerBody): Promise<ExternalPartner> {
  return db.transaction(async (tx) => {
    const before = toPartnerView(await lockedPartner(tx, tenantId, partnerId));
    const [row] = await tx
      .update(externalEventPartners)
      .set({ ...(body.name === undefined ? {} : { name: body.name }), ...(body.enabled === undefined ? {} : { enabled: body.enabled }), updatedAt: sql`now()` })
      .where(and(eq(externalEventPartners.tenantId, tenantId), eq(externalEventPartners.id, partnerId)))
      .returning();
    const partner = toPartnerView(row!);
    await audit(tx, tenantId, {
      customerId: null,
      actorUserId,
      action: 'EXTERNAL_PARTNER_UPDATED',
      entityType: 'external_event_partner',
      entityId: partnerId,
      before: publicFields(before),
      after: publicFields(partner),
    });
    return partner;
  });
}

/** A new secret at once; the previous one stops verifying in the same commit (docs/external-events.md, "Rotation"). */
export async function rotatePartnerSecret(db: Db, tenantId: string, actorUserId: string, partnerId: string): Promise<{ partner: ExternalPartner; secret: string }> {
  const { key } = await encryptionKey(db);
  const secret = generateSecret();
  return db.transaction(async (tx) => {
    await lockedPartner(tx, tenantId, partnerId);
    const [row] = await tx
      .update(externalEventPartners)
      .set({ secretCiphertext: seal(key, secret, aad(tenantId, partnerId)), secretRotatedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(externalEventPartners.tenantId, tenantId), eq(externalEventPartners.id, partnerId)))
      .returning();
    await audit(tx, tenantId, { customerId: null, actorUserId, action: 'EXTERNAL_PARTNER_SECRET_ROTATED', entityType: 'external_event_partner', entityId: partnerId });
    return { partner: toPartnerView(row!), secret };
  });
}

/** The partner's secret in clear, for verifying one event. */
export function partnerSecret(key: Buffer, row: Pick<ExternalEventPartnerRow, 'tenantId' | 'id' | 'secretCiphertext'>): string {
  return open(key, row.secretCiphertext, aad(row.tenantId, row.id));
}
