import { moneyRoutes } from '@/lib/contract/routes/money';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { actorOf } from '@/lib/services/wallets/access';
import { createPaymentConsent, listPaymentConsents } from '@/lib/services/wallets/payment-consents';

// GET /api/v2.1/payment-consents - payment consents (a customer: its own; filter by wallet, status)
const getList = endpoint(moneyRoutes.listPaymentConsents, async ({ db, tenant, principal, query }) => envelopeA(await listPaymentConsents(db, tenant.id, actorOf(principal), query)));

// POST /api/v2.1/payment-consents - authorize payments from a wallet (scope, max per payment, expiry)
const post = endpoint(moneyRoutes.createPaymentConsent, async ({ db, tenant, principal, body }) =>
  envelopeA(await createPaymentConsent(db, tenant.id, actorOf(principal), body), { message: 'payment consent authorized' }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getList, post);
