import { createBeneficiaryBodySchema, listBeneficiariesQuerySchema } from '@/lib/contract/wallets';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { actorOf, MANAGE_ROLES, READ_ROLES } from '@/lib/services/wallets/access';
import { createBeneficiary, listBeneficiaries } from '@/lib/services/wallets/beneficiaries';

// GET /api/v2.1/beneficiaries - saved beneficiaries (a customer: its own)
const getList = withAuth(async ({ db, tenant, principal, query }) => envelopeA(await listBeneficiaries(db, tenant.id, actorOf(principal), query)), {
  roles: READ_ROLES,
  query: listBeneficiariesQuerySchema,
});

// POST /api/v2.1/beneficiaries - save a beneficiary (IBAN mod-97 and BIC checked)
const post = withAuth(
  async ({ db, tenant, principal, body }) => envelopeA(await createBeneficiary(db, tenant.id, actorOf(principal), body), { message: 'beneficiary created' }),
  { roles: MANAGE_ROLES, body: createBeneficiaryBodySchema, idempotency: true },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: getList, POST: post });
