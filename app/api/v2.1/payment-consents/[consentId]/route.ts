import { moneyRoutes } from '@/lib/contract/routes/money';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { actorOf } from '@/lib/services/wallets/access';
import { getPaymentConsent } from '@/lib/services/wallets/payment-consents';

// GET /api/v2.1/payment-consents/{consentId} - one payment consent (status EXPIRED once past expiresAt)
const getOne = endpoint(moneyRoutes.getPaymentConsent, async ({ db, tenant, principal, params }) => envelopeA(await getPaymentConsent(db, tenant.id, actorOf(principal), params.consentId)));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getOne);
