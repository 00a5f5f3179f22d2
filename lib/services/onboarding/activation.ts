import { and, eq, sql } from 'drizzle-orm';
import { clock } from '@/lib/clock';
import type { ConsentType } from '@/lib/contract/enums';
import { CONSENT_SLUGS } from '@/lib/contract/onboarding';
import type { Db, DbOrTx } from '@/lib/db/client';
import { customers, organizations, userRoles, users, verifications } from '@/lib/db/schema';
import { conflict, customerNotVerified, missingRequiredConsents as missingConsentsError, missingRequiredRole, reconsentRequired } from '@/lib/contract/api-errors';
import { emitEvent } from '@/lib/services/events/emit';
import { revokeAllSessions, type Principal } from '@/lib/services/identity/sessions';
import { audit } from './audit';
import { missingRequiredConsents, requiredReconsents } from './consents';
import { customerFor } from './customers';
import { REVIEW_SLA_HOURS } from './verification';

type CustomerType = 'INDIVIDUAL' | 'ORGANIZATION';
const segment = (type: CustomerType) => (type === 'INDIVIDUAL' ? 'individual' : 'organization');

/** The address that accepts a consent of this customer (the activation error's acceptUrl). */
export function consentPathFor(type: CustomerType) {
  return (customerId: string, consent: ConsentType) => {
    const slug = Object.entries(CONSENT_SLUGS).find(([, t]) => t === consent)![0];
    return `/api/v2.1/customer/${segment(type)}/${customerId}/consents/${slug}`;
  };
}

const REASONS: Record<string, string> = {
  NOT_STARTED: 'the verification has not been initiated',
  PENDING_REVIEW: 'the verification is waiting for a compliance review',
  IN_REVIEW: 'the verification is being reviewed by a compliance officer',
  REVISION_REQUESTED: 'the reviewer requested a revision',
  REJECTED: 'the verification was rejected',
};

/**
 * Activation, with the rules in the contract's order: already active (409), required consents
 * missing (400 with what to accept and where), a required consent accepted before a material change (400 RECONSENT_REQUIRED), verification not APPROVED (422), and for a
 * BUSINESS_TYPE_CLIENT_TO_TENANT organization an active ADMIN_USER employee (400). Success makes
 * the customer and its users active.
 */
export async function activateCustomer(db: Db, principal: Principal, customerId: string, type: CustomerType) {
  return db.transaction(async (tx) => {
    const customer = await customerFor(tx, principal, customerId, type, { forUpdate: true });
    const t = principal.tenantId;
    if (customer.status === 'ACTIVE') throw conflict('the customer is already active', { activationStatus: 'ACTIVE' });
    if (customer.status === 'CLOSED') throw conflict('the customer is closed and cannot be activated', { activationStatus: 'CLOSED' });
    const missing = await missingRequiredConsents(tx, t, customerId);
    if (missing.length) throw missingConsentsError(customerId, missing, consentPathFor(type));
    // a material change published since: the customer accepts the version in force first (docs/consent-templates.md)
    const outdated = await requiredReconsents(tx, t, customerId);
    if (outdated.length) throw reconsentRequired(customerId, outdated, consentPathFor(type));
    const [verification] = await tx
      .select()
      .from(verifications)
      .where(and(eq(verifications.tenantId, t), eq(verifications.customerId, customerId)));
    const status = verification?.status ?? 'NOT_STARTED';
    if (status !== 'APPROVED') {
      const waiting = status === 'PENDING_REVIEW' || status === 'IN_REVIEW';
      throw customerNotVerified({
        verificationStatus: status,
        reason: verification?.reasonCode && !waiting ? `${REASONS[status]} (${verification.reasonCode})` : REASONS[status]!,
        estimatedCompletionTime: waiting && verification ? new Date(verification.submittedAt.getTime() + REVIEW_SLA_HOURS * 3_600_000) : null,
      });
    }
    if (type === 'ORGANIZATION') {
      const [org] = await tx
        .select()
        .from(organizations)
        .where(and(eq(organizations.tenantId, t), eq(organizations.customerId, customerId)));
      if (org?.businessType === 'BUSINESS_TYPE_CLIENT_TO_TENANT' && !(await hasActiveAdmin(tx, t, org.id))) throw missingRequiredRole();
    }
    const now = clock.now();
    await tx
      .update(customers)
      .set({ status: 'ACTIVE', activatedAt: now, statusReason: null, updatedAt: now })
      .where(and(eq(customers.tenantId, t), eq(customers.id, customerId)));
    await tx
      .update(users)
      .set({ isActive: true, updatedAt: now })
      .where(and(eq(users.tenantId, t), eq(users.customerId, customerId)));
    await audit(tx, t, {
      customerId,
      actorUserId: principal.userId,
      action: 'CUSTOMER_ACTIVATED',
      entityType: 'CUSTOMER',
      entityId: customerId,
      before: { status: customer.status },
      after: { status: 'ACTIVE' },
    });
    await emitEvent(tx, t, 'customer.activated', { customerId, customerType: type, status: 'ACTIVE' });
    return { customerId, customerType: type, customerStatus: 'ACTIVE' as const, activatedAt: now.toISOString(), verificationStatus: 'APPROVED' as const };
  });
}

export async function hasActiveAdmin(tx: DbOrTx, tenantId: string, organizationId: string): Promise<boolean> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.tenantId, users.tenantId), eq(userRoles.userId, users.id), eq(userRoles.role, 'ADMIN_USER')))
    .where(and(eq(users.tenantId, tenantId), eq(users.organizationId, organizationId), eq(users.isActive, true)));
  return (row?.n ?? 0) > 0;
}

/** Suspends or closes a customer: its users' sessions end at once. */
export async function deactivateCustomer(db: Db, principal: Principal, customerId: string, type: CustomerType, input: { status: 'SUSPENDED' | 'CLOSED'; reason: string }) {
  return db.transaction(async (tx) => {
    const customer = await customerFor(tx, principal, customerId, type, { forUpdate: true });
    const t = principal.tenantId;
    if (customer.status === 'CLOSED') throw conflict('the customer is closed');
    if (customer.status === input.status) throw conflict(`the customer is already ${input.status.toLowerCase()}`);
    const now = clock.now();
    await tx
      .update(customers)
      .set({ status: input.status, statusReason: input.reason, updatedAt: now })
      .where(and(eq(customers.tenantId, t), eq(customers.id, customerId)));
    const customerUsers = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, t), eq(users.customerId, customerId)));
    for (const u of customerUsers) await revokeAllSessions(tx, t, u.id, `CUSTOMER_${input.status}`);
    await audit(tx, t, {
      customerId,
      actorUserId: principal.userId,
      action: `CUSTOMER_${input.status}`,
      entityType: 'CUSTOMER',
      entityId: customerId,
      before: { status: customer.status },
      after: { status: input.status, reason: input.reason },
    });
    await emitEvent(tx, t, 'customer.deactivated', { customerId, customerType: type, status: input.status, reason: input.reason });
    return { customerId, customerType: type, customerStatus: input.status, reason: input.reason };
  });
}
