import { endUserIp } from '@/lib/contract/headers';
import { CONSENT_SLUGS } from '@/lib/contract/onboarding';
import { customerRecordRoutes } from '@/lib/contract/routes/onboarding';
import { customerDocuments, uploadCustomerDocument } from '@/lib/services/onboarding/review-documents';
import { customerTimeline, timelineCsv } from '@/lib/services/onboarding/timeline';
import { activateCustomer, deactivateCustomer } from '@/lib/services/onboarding/activation';
import { customerAuditLog } from '@/lib/services/onboarding/audit';
import { listConsents, recordConsent } from '@/lib/services/onboarding/consents';
import { customerFor } from '@/lib/services/onboarding/customers';
import { initiateVerification } from '@/lib/services/onboarding/verification';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA, file } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';

type CustomerType = 'INDIVIDUAL' | 'ORGANIZATION';

/**
 * The handlers of /api/v2.1/customer/{individual|organization}/{customerId}/...: consents,
 * verification, activation, deactivation, documents, the timeline and the audit log, bound to the
 * type's definitions (customerRecordRoutes). Tenant staff reach every customer; a customer's own
 * session reaches only its own record (others: 404).
 */
export function customerRoutes(type: CustomerType) {
  const routes = customerRecordRoutes[type === 'INDIVIDUAL' ? 'individual' : 'organization'];

  // POST|DELETE .../consents/{terms|privacy|data-processing|marketing} - accept or withdraw a consent
  const consentChange = (definition: typeof routes.acceptConsent | typeof routes.withdrawConsent, status: 'ACCEPTED' | 'WITHDRAWN') =>
    endpoint(definition, async ({ db, principal, params, body, headers, identity }) => {
      const consentType = CONSENT_SLUGS[params.consent];
      const state = await db.transaction(async (tx) => {
        const customer = await customerFor(tx, principal, params.customerId, type, { forUpdate: true });
        return recordConsent(
          tx,
          principal.tenantId,
          customer,
          consentType,
          status,
          {
            ipAddress: headers['X-Forwarded-For'] ? endUserIp(headers['X-Forwarded-For']) : null,
            clientIp: identity.ip,
            userAgent: headers['User-Agent'] ?? null,
            actorUserId: principal.userId,
            channel: principal.kind === 'PANEL' ? 'PANEL' : 'API',
          },
          body?.version,
        );
      });
      return envelopeA(state, { message: status === 'ACCEPTED' ? 'consent accepted' : 'consent withdrawn' });
    });

  // GET .../consents - current state of each consent and the full history
  const getConsents = endpoint(routes.consents, async ({ db, principal, params }) => {
    await customerFor(db, principal, params.customerId, type);
    return envelopeA(await listConsents(db, principal.tenantId, params.customerId));
  });

  // POST .../verification - initiate or re-initiate KYC/KYB (the definition's capability: verification:review)
  const postVerification = endpoint(routes.initiateVerification, async ({ db, principal, params }) => {
    const customer = await customerFor(db, principal, params.customerId, type);
    const v = await initiateVerification(db, principal, customer);
    return envelopeA({ verificationId: v.id, customerId: v.customerId, verificationStatus: v.status, submittedAt: v.submittedAt.toISOString() }, { message: 'verification initiated' });
  });

  // POST .../activation - activate once consents are accepted and verification is approved
  const postActivation = endpoint(routes.activate, async ({ db, principal, params }) =>
    envelopeA(await activateCustomer(db, principal, params.customerId, type), { message: 'customer activated' }),
  );

  // POST .../deactivation - suspend or close a customer (customer:deactivate)
  const postDeactivation = endpoint(routes.deactivate, async ({ db, principal, params, body }) =>
    envelopeA(await deactivateCustomer(db, principal, params.customerId, type, body), { message: `customer ${body.status.toLowerCase()}` }),
  );

  // GET .../documents - documents (metadata), required documents, open revision request
  const getDocuments = endpoint(routes.documents, async ({ db, principal, params }) => {
    const customer = await customerFor(db, principal, params.customerId, type);
    return envelopeA(await customerDocuments(db, principal, customer));
  });

  // POST .../documents - a new or replacement document (tenant staff, or the customer itself)
  const postDocument = endpoint(routes.uploadDocument, async ({ db, principal, params, body }) => {
    const result = await db.transaction(async (tx) => {
      const customer = await customerFor(tx, principal, params.customerId, type, { forUpdate: true });
      return uploadCustomerDocument(tx, principal, customer, body);
    });
    return envelopeA(result, { message: result.replacedDocumentId ? 'document replaced' : 'document uploaded' });
  });

  // GET .../timeline - every event with actor name and roles, oldest first; ?format=csv exports it
  const getTimeline = endpoint(routes.timeline, async ({ db, principal, params, query }) => {
    await customerFor(db, principal, params.customerId, type);
    const events = await customerTimeline(db, principal.tenantId, params.customerId);
    if (query.format === 'csv') {
      return file(timelineCsv(events), {
        status: 200,
        headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="timeline-${params.customerId}.csv"`, 'cache-control': 'no-store' },
      });
    }
    return envelopeA({ items: events });
  });

  // GET .../audit - the customer's append-only audit log, newest first
  const getAudit = endpoint(routes.audit, async ({ db, principal, params }) => {
    await customerFor(db, principal, params.customerId, type);
    return envelopeA({ items: await customerAuditLog(db, principal.tenantId, params.customerId) });
  });

  return {
    consents: route(getConsents),
    consent: route(consentChange(routes.acceptConsent, 'ACCEPTED'), consentChange(routes.withdrawConsent, 'WITHDRAWN')),
    verification: route(postVerification),
    activation: route(postActivation),
    deactivation: route(postDeactivation),
    documents: route(getDocuments, postDocument),
    timeline: route(getTimeline),
    audit: route(getAudit),
  };
}

export const individualRoutes = customerRoutes('INDIVIDUAL');
export const organizationRoutes = customerRoutes('ORGANIZATION');
