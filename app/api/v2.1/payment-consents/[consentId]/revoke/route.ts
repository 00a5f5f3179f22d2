import { moneyRoutes } from '@/lib/contract/routes/money';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { actorOf } from '@/lib/services/wallets/access';
import { revokePaymentConsent } from '@/lib/services/wallets/payment-consents';

// POST /api/v2.1/payment-consents/{consentId}/revoke - revoke an AUTHORIZED payment consent
const post = endpoint(moneyRoutes.revokePaymentConsent, async ({ db, tenant, principal, params }) =>
  envelopeA(await revokePaymentConsent(db, tenant.id, actorOf(principal), params.consentId), { message: 'payment consent revoked' }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(post);
