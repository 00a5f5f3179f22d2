import { and, asc, eq } from 'drizzle-orm';
import { clock } from '@/lib/clock';
import { CONSENT_TYPES, REQUIRED_CONSENT_TYPES, type ConsentType } from '@/lib/contract/enums';
import type { DbOrTx } from '@/lib/db/client';
import { consentRecords, consentTexts } from '@/lib/db/schema';
import { conflict, validationFailed } from '@/lib/contract/api-errors';
import type { ConsentChannel } from '@/lib/contract/consent-templates';
import { consentIndex, outdatedConsents, textSha256, type ConsentIndex, type VersionFacts } from '@/lib/services/consent-templates/versions';
import { emitEvent } from '@/lib/services/events/emit';
import { audit } from './audit';

/** The texts every new tenant starts with (version 1.0); tenants publish newer versions later. */
export const DEFAULT_CONSENT_TEXTS: Record<ConsentType, { title: string; body: string }> = {
  TERMS: { title: 'Terms and conditions', body: 'The terms and conditions of the account and card services.' },
  PRIVACY_POLICY: { title: 'Privacy policy', body: 'How we collect, use and protect your personal data.' },
  DATA_PROCESSING: { title: 'Data processing', body: 'Processing of your personal data for identity verification and the services you use.' },
  MARKETING: { title: 'Marketing', body: 'News and offers by email. Optional; you can withdraw it at any time.' },
};
export const DEFAULT_CONSENT_VERSION = '1.0';

export async function seedConsentTexts(tx: DbOrTx, tenantId: string): Promise<void> {
  await tx
    .insert(consentTexts)
    .values(
      CONSENT_TYPES.map((consentType) => ({
        tenantId,
        consentType,
        version: DEFAULT_CONSENT_VERSION,
        ...DEFAULT_CONSENT_TEXTS[consentType],
        sha256: textSha256(DEFAULT_CONSENT_TEXTS[consentType].body),
        status: 'PUBLISHED' as const,
        material: true,
        publishedAt: clock.now(),
      })),
    )
    .onConflictDoNothing();
}

/** Stripe's tos_acceptance: time, address, user agent, version. The address twice: as claimed and as seen. */
export interface ConsentProof {
  /** claimed: the left-most X-Forwarded-For entry (any client can write it) */
  ipAddress: string | null;
  /** trusted: clientIp() of the request (the socket peer, or behind TRUSTED_PROXIES the forwarded client) */
  clientIp: string | null;
  userAgent: string | null;
  actorUserId: string | null;
  /** REGISTRATION (the registration request), PANEL (the panel's session cookie), API (a bearer token) */
  channel: ConsentChannel;
}

interface ConsentState {
  consentType: ConsentType;
  status: 'ACCEPTED' | 'WITHDRAWN' | 'MISSING';
  version: string | null;
  at: string | null;
}

/** A customer's consent records, oldest first (the order every view below relies on). */
export interface ConsentRecordView {
  id: string;
  consentType: string;
  version: string;
  status: 'ACCEPTED' | 'WITHDRAWN';
  ipAddress: string | null;
  clientIp: string | null;
  userAgent: string | null;
  actorUserId: string | null;
  channel: ConsentChannel | null;
  textSha256: string | null;
  createdAt: Date;
}

async function consentRecordsOf(db: DbOrTx, tenantId: string, customerId: string): Promise<ConsentRecordView[]> {
  return db
    .select()
    .from(consentRecords)
    .where(and(eq(consentRecords.tenantId, tenantId), eq(consentRecords.customerId, customerId)))
    .orderBy(asc(consentRecords.createdAt), asc(consentRecords.id));
}

/** The state of every consent type: the latest record of each, or MISSING. */
function consentStates(rows: ConsentRecordView[]): ConsentState[] {
  const latest = new Map<ConsentType, ConsentRecordView>();
  for (const r of rows) latest.set(r.consentType as ConsentType, r);
  return CONSENT_TYPES.map((consentType) => {
    const r = latest.get(consentType);
    return { consentType, status: r ? r.status : 'MISSING', version: r?.version ?? null, at: r?.createdAt.toISOString() ?? null };
  });
}

export async function currentConsents(db: DbOrTx, tenantId: string, customerId: string): Promise<ConsentState[]> {
  return consentStates(await consentRecordsOf(db, tenantId, customerId));
}

export async function missingRequiredConsents(db: DbOrTx, tenantId: string, customerId: string): Promise<ConsentType[]> {
  const state = await currentConsents(db, tenantId, customerId);
  return REQUIRED_CONSENT_TYPES.filter((t) => state.find((s) => s.consentType === t)?.status !== 'ACCEPTED');
}

/** The required consents accepted in a version older than the material version in force (activation refuses them). */
export async function requiredReconsents(db: DbOrTx, tenantId: string, customerId: string) {
  const [state, index] = await Promise.all([currentConsents(db, tenantId, customerId), consentIndex(db, tenantId)]);
  const required = REQUIRED_CONSENT_TYPES as readonly string[];
  return outdatedConsents(
    index,
    state.flatMap((s) => (s.version && s.status !== 'MISSING' && required.includes(s.consentType) ? [{ ...s, version: s.version }] : [])),
  );
}

/** Current state and the whole history, oldest first. */
export async function listConsents(db: DbOrTx, tenantId: string, customerId: string) {
  const [rows, index] = await Promise.all([consentRecordsOf(db, tenantId, customerId), consentIndex(db, tenantId)]);
  return consentsView(customerId, rows, index);
}

/** Current state, what is missing, what must be accepted again and the whole history, from the records (oldest first). */
export function consentsView(customerId: string, rows: ConsentRecordView[], index: ConsentIndex<VersionFacts>) {
  const current = consentStates(rows);
  return {
    customerId,
    current,
    missingRequired: REQUIRED_CONSENT_TYPES.filter((t) => current.find((s) => s.consentType === t)?.status !== 'ACCEPTED'),
    reconsentRequired: outdatedConsents(
      index,
      current.flatMap((s) => (s.version && s.status !== 'MISSING' ? [{ ...s, version: s.version }] : [])),
    ),
    history: rows.map((r) => ({
      id: r.id,
      consentType: r.consentType,
      version: r.version,
      status: r.status,
      ipAddress: r.ipAddress,
      clientIp: r.clientIp,
      userAgent: r.userAgent,
      actorUserId: r.actorUserId,
      channel: r.channel,
      textSha256: r.textSha256,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/**
 * Records an acceptance or a withdrawal (a new record; nothing is ever deleted). Accepting what is
 * accepted (same version) and withdrawing what is not accepted are 409 conflicts.
 */
export async function recordConsent(
  tx: DbOrTx,
  tenantId: string,
  customer: { id: string; customerType: 'INDIVIDUAL' | 'ORGANIZATION' },
  type: ConsentType,
  status: 'ACCEPTED' | 'WITHDRAWN',
  proof: ConsentProof,
  requestedVersion?: string,
): Promise<ConsentState> {
  // only a published version can be accepted; the default is the one in force
  const kind = (await consentIndex(tx, tenantId, type)).get(type);
  const current = kind?.inForce.version ?? DEFAULT_CONSENT_VERSION;
  const version = requestedVersion ?? current;
  if (requestedVersion && kind && !kind.versions.has(requestedVersion)) {
    throw validationFailed([{ field: 'version', message: `unknown version; current is ${current}` }]);
  }
  const rows = await consentRecordsOf(tx, tenantId, customer.id);
  const last = rows.findLast((r) => r.consentType === type);
  if (status === 'ACCEPTED' && last?.status === 'ACCEPTED' && last.version === version) {
    throw conflict(`the ${type} consent (version ${version}) is already accepted`);
  }
  if (status === 'WITHDRAWN' && last?.status !== 'ACCEPTED') throw conflict(`the ${type} consent is not accepted`);
  // The current state is the newest record by time: keep the times of one customer's records
  // strictly increasing, so that an acceptance and a withdrawal within one millisecond keep their
  // order (ties were broken by the random id). Callers hold the customer's row lock.
  const newest = rows[rows.length - 1]?.createdAt.getTime() ?? 0;
  const now = new Date(Math.max(clock.now().getTime(), newest + 1));
  const [row] = await tx
    .insert(consentRecords)
    .values({
      tenantId,
      customerId: customer.id,
      consentType: type,
      version: status === 'WITHDRAWN' ? last!.version : version,
      status,
      ...proof,
      textSha256: kind?.versions.get(status === 'WITHDRAWN' ? last!.version : version)?.sha256 ?? null,
      createdAt: now,
    })
    .returning();
  await audit(tx, tenantId, {
    customerId: customer.id,
    actorUserId: proof.actorUserId,
    action: status === 'ACCEPTED' ? 'CONSENT_ACCEPTED' : 'CONSENT_WITHDRAWN',
    entityType: 'CONSENT',
    entityId: row!.id,
    before: last ? { status: last.status, version: last.version } : null,
    after: { status, version: row!.version },
  });
  await emitEvent(tx, tenantId, status === 'ACCEPTED' ? 'customer.consent.accepted' : 'customer.consent.withdrawn', {
    customerId: customer.id,
    customerType: customer.customerType,
    consentType: type,
    version: row!.version,
  });
  return { consentType: type, status, version: row!.version, at: now.toISOString() };
}
