import { endUserIp } from '@/lib/contract/headers';
import { consentBodySchema, consentParamsSchema, CONSENT_SLUGS, customerParamsSchema, deactivationBodySchema, REGISTRATION_MAX_BODY_BYTES } from '@/lib/contract/onboarding';
import { documentUploadBodySchema, timelineQuerySchema } from '@/lib/contract/review';
import { customerDocuments, uploadCustomerDocument } from '@/lib/services/onboarding/review-documents';
import { customerTimeline, timelineCsv } from '@/lib/services/onboarding/timeline';
import { activateCustomer, deactivateCustomer } from '@/lib/services/onboarding/activation';
import { customerAuditLog } from '@/lib/services/onboarding/audit';
import { listConsents, recordConsent } from '@/lib/services/onboarding/consents';
import { customerFor } from '@/lib/services/onboarding/customers';
import { assertVerificationRole, initiateVerification } from '@/lib/services/onboarding/verification';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';

type CustomerType = 'INDIVIDUAL' | 'ORGANIZATION';
const proofHeaders = { required: [], optional: ['X-Forwarded-For', 'User-Agent'] } as const;

/**
 * The handlers of /api/v2.1/customer/{individual|organization}/{customerId}/...: consents,
 * verification, activation, deactivation and the audit log. Administrators of the tenant reach
 * every customer; a customer's own session reaches only its own record (others: 404).
 */
export function customerRoutes(type: CustomerType) {
  // POST|DELETE .../consents/{terms|privacy|data-processing|marketing} - accept or withdraw a consent
  const consentChange = (status: 'ACCEPTED' | 'WITHDRAWN') =>
    withAuth(
      async ({ db, principal, params, body, headers }) => {
        const consentType = CONSENT_SLUGS[params.consent];
        const state = await db.transaction(async (tx) => {
          const customer = await customerFor(tx, principal, params.customerId, type, { forUpdate: true });
          return recordConsent(tx, principal.tenantId, customer, consentType, status, {
            ipAddress: headers['X-Forwarded-For'] ? endUserIp(headers['X-Forwarded-For']) : null,
            userAgent: headers['User-Agent'] ?? null,
            actorUserId: principal.userId,
          }, body?.version);
        });
        return envelopeA(state, { message: status === 'ACCEPTED' ? 'consent accepted' : 'consent withdrawn' });
      },
      { headers: proofHeaders, params: consentParamsSchema, body: consentBodySchema },
    );

  return {
    // GET .../consents - current state of each consent and the full history
    consents: route({
      GET: withAuth(
        async ({ db, principal, params }) => {
          await customerFor(db, principal, params.customerId, type);
          return envelopeA(await listConsents(db, principal.tenantId, params.customerId));
        },
        { params: customerParamsSchema },
      ),
    }),
    consent: route({ POST: consentChange('ACCEPTED'), DELETE: consentChange('WITHDRAWN') }),
    // POST .../verification - initiate or re-initiate KYC/KYB (COMPLIANCE_OFFICER or ADMIN_USER)
    verification: route({
      POST: withAuth(
        async ({ db, principal, params }) => {
          assertVerificationRole(principal);
          const customer = await customerFor(db, principal, params.customerId, type);
          const v = await initiateVerification(db, principal, customer);
          return envelopeA(
            { verificationId: v.id, customerId: v.customerId, verificationStatus: v.status, submittedAt: v.submittedAt.toISOString() },
            { message: 'verification initiated' },
          );
        },
        { params: customerParamsSchema },
      ),
    }),
    // POST .../activation - activate once consents are accepted and verification is approved
    activation: route({
      POST: withAuth(async ({ db, principal, params }) => envelopeA(await activateCustomer(db, principal, params.customerId, type), { message: 'customer activated' }), {
        params: customerParamsSchema,
      }),
    }),
    // POST .../deactivation - suspend or close a customer (ADMIN_USER, COMPLIANCE_OFFICER)
    deactivation: route({
      POST: withAuth(
        async ({ db, principal, params, body }) =>
          envelopeA(await deactivateCustomer(db, principal, params.customerId, type, body), { message: `customer ${body.status.toLowerCase()}` }),
        { roles: ['ADMIN_USER', 'COMPLIANCE_OFFICER'], params: customerParamsSchema, body: deactivationBodySchema },
      ),
    }),
    // GET .../documents - documents (metadata), required documents, open revision request
    // POST .../documents - a new or replacement document (administrators, or the customer itself)
    documents: route({
      GET: withAuth(
        async ({ db, principal, params }) => {
          const customer = await customerFor(db, principal, params.customerId, type);
          return envelopeA(await customerDocuments(db, principal, customer));
        },
        { params: customerParamsSchema },
      ),
      POST: withAuth(
        async ({ db, principal, params, body }) => {
          const result = await db.transaction(async (tx) => {
            const customer = await customerFor(tx, principal, params.customerId, type, { forUpdate: true });
            return uploadCustomerDocument(tx, principal, customer, body);
          });
          return envelopeA(result, { message: result.replacedDocumentId ? 'document replaced' : 'document uploaded' });
        },
        { params: customerParamsSchema, body: documentUploadBodySchema, maxBodyBytes: REGISTRATION_MAX_BODY_BYTES, idempotency: true },
      ),
    }),
    // GET .../timeline - every event with actor name and roles, oldest first; ?format=csv exports it
    timeline: route({
      GET: withAuth(
        async ({ db, principal, params, query }) => {
          await customerFor(db, principal, params.customerId, type);
          const events = await customerTimeline(db, principal.tenantId, params.customerId);
          if (query.format === 'csv') {
            return new Response(timelineCsv(events), {
              status: 200,
              headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="timeline-${params.customerId}.csv"`, 'cache-control': 'no-store' },
            });
          }
          return envelopeA({ items: events });
        },
        { roles: ['ADMIN_USER', 'COMPLIANCE_OFFICER', 'EMPLOYEE'], params: customerParamsSchema, query: timelineQuerySchema },
      ),
    }),
    // GET .../audit - the customer's append-only audit log, newest first
    audit: route({
      GET: withAuth(
        async ({ db, principal, params }) => {
          await customerFor(db, principal, params.customerId, type);
          return envelopeA({ items: await customerAuditLog(db, principal.tenantId, params.customerId) });
        },
        { roles: ['ADMIN_USER', 'COMPLIANCE_OFFICER', 'EMPLOYEE'], params: customerParamsSchema },
      ),
    }),
  };
}

export const individualRoutes = customerRoutes('INDIVIDUAL');
export const organizationRoutes = customerRoutes('ORGANIZATION');
