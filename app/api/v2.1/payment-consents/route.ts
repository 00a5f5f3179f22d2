import { createPaymentConsentBodySchema, listPaymentConsentsQuerySchema } from '@/lib/contract/wallets';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { actorOf, MANAGE_ROLES, READ_ROLES } from '@/lib/services/wallets/access';
import { createPaymentConsent, listPaymentConsents } from '@/lib/services/wallets/payment-consents';

// GET /api/v2.1/payment-consents - payment consents (a customer: its own; filter by wallet, status)
const getList = withAuth(async ({ db, tenant, principal, query }) => envelopeA(await listPaymentConsents(db, tenant.id, actorOf(principal), query)), {
  roles: READ_ROLES,
  query: listPaymentConsentsQuerySchema,
});

// POST /api/v2.1/payment-consents - authorize payments from a wallet (scope, max per payment, expiry)
const post = withAuth(
  async ({ db, tenant, principal, body }) => envelopeA(await createPaymentConsent(db, tenant.id, actorOf(principal), body), { message: 'payment consent authorized' }),
  { roles: MANAGE_ROLES, body: createPaymentConsentBodySchema, idempotency: true },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: getList, POST: post });
