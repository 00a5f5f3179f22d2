import { moneyRoutes } from '@/lib/contract/routes/money';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { actorOf } from '@/lib/services/wallets/access';
import { createBeneficiary, listBeneficiaries } from '@/lib/services/wallets/beneficiaries';

// GET /api/v2.1/beneficiaries - saved beneficiaries (a customer: its own)
const getList = endpoint(moneyRoutes.listBeneficiaries, async ({ db, tenant, principal, query }) => envelopeA(await listBeneficiaries(db, tenant.id, actorOf(principal), query)));

// POST /api/v2.1/beneficiaries - save a beneficiary (IBAN mod-97 and BIC checked)
const post = endpoint(moneyRoutes.createBeneficiary, async ({ db, tenant, principal, body }) =>
  envelopeA(await createBeneficiary(db, tenant.id, actorOf(principal), body), { message: 'beneficiary created' }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getList, post);
