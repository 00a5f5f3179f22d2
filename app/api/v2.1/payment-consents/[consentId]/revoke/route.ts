import { paymentConsentIdParamsSchema } from '@/lib/contract/wallets';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { actorOf, MANAGE_ROLES } from '@/lib/services/wallets/access';
import { revokePaymentConsent } from '@/lib/services/wallets/payment-consents';

// POST /api/v2.1/payment-consents/{consentId}/revoke - revoke an AUTHORIZED payment consent
const post = withAuth(
  async ({ db, tenant, principal, params }) =>
    envelopeA(await revokePaymentConsent(db, tenant.id, actorOf(principal), params.consentId), { message: 'payment consent revoked' }),
  { roles: MANAGE_ROLES, params: paymentConsentIdParamsSchema },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ POST: post });
