import { transferIdParamsSchema } from '@/lib/contract/wallets';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { actorOf, READ_ROLES } from '@/lib/services/wallets/access';
import { getTransfer } from '@/lib/services/wallets/transfers';

// GET /api/v2.1/transfers/{transferId} - one transfer
const getOne = withAuth(async ({ db, tenant, principal, params }) => envelopeA(await getTransfer(db, tenant.id, actorOf(principal), params.transferId)), {
  roles: READ_ROLES,
  params: transferIdParamsSchema,
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: getOne });
