import { beneficiaryIdParamsSchema } from '@/lib/contract/wallets';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { actorOf, READ_ROLES } from '@/lib/services/wallets/access';
import { getBeneficiary } from '@/lib/services/wallets/beneficiaries';

// GET /api/v2.1/beneficiaries/{beneficiaryId} - one beneficiary
const getOne = withAuth(async ({ db, tenant, principal, params }) => envelopeA(await getBeneficiary(db, tenant.id, actorOf(principal), params.beneficiaryId)), {
  roles: READ_ROLES,
  params: beneficiaryIdParamsSchema,
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: getOne });
