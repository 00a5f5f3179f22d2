import { paymentConsentIdParamsSchema } from '@/lib/contract/wallets';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { actorOf, READ_ROLES } from '@/lib/services/wallets/access';
import { getPaymentConsent } from '@/lib/services/wallets/payment-consents';

// GET /api/v2.1/payment-consents/{consentId} - one payment consent (status EXPIRED once past expiresAt)
const getOne = withAuth(async ({ db, tenant, principal, params }) => envelopeA(await getPaymentConsent(db, tenant.id, actorOf(principal), params.consentId)), {
  roles: READ_ROLES,
  params: paymentConsentIdParamsSchema,
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: getOne });
