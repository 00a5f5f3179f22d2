import { moneyRoutes } from '@/lib/contract/routes/money';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { actorOf } from '@/lib/services/wallets/access';
import { deactivateBeneficiary } from '@/lib/services/wallets/beneficiaries';

// POST /api/v2.1/beneficiaries/{beneficiaryId}/deactivate - set a beneficiary INACTIVE (no more transfers to it)
const post = endpoint(moneyRoutes.deactivateBeneficiary, async ({ db, tenant, principal, params }) =>
  envelopeA(await deactivateBeneficiary(db, tenant.id, actorOf(principal), params.beneficiaryId), { message: 'beneficiary deactivated' }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(post);
