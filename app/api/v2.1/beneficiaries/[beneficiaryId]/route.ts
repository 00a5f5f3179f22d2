import { moneyRoutes } from '@/lib/contract/routes/money';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { actorOf } from '@/lib/services/wallets/access';
import { getBeneficiary } from '@/lib/services/wallets/beneficiaries';

// GET /api/v2.1/beneficiaries/{beneficiaryId} - one beneficiary
const getOne = endpoint(moneyRoutes.getBeneficiary, async ({ db, tenant, principal, params }) => envelopeA(await getBeneficiary(db, tenant.id, actorOf(principal), params.beneficiaryId)));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getOne);
