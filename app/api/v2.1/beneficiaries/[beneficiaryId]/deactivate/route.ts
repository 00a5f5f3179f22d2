import { beneficiaryIdParamsSchema } from '@/lib/contract/wallets';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { actorOf, MANAGE_ROLES } from '@/lib/services/wallets/access';
import { deactivateBeneficiary } from '@/lib/services/wallets/beneficiaries';

// POST /api/v2.1/beneficiaries/{beneficiaryId}/deactivate - set a beneficiary INACTIVE (no more transfers to it)
const post = withAuth(
  async ({ db, tenant, principal, params }) =>
    envelopeA(await deactivateBeneficiary(db, tenant.id, actorOf(principal), params.beneficiaryId), { message: 'beneficiary deactivated' }),
  { roles: MANAGE_ROLES, params: beneficiaryIdParamsSchema },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ POST: post });
