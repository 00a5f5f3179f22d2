import { userIdParamsSchema } from '@/lib/contract/identity';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { setUserActive } from '@/lib/services/identity/user-admin';

// POST /api/v2.1/admin/users/{userId}/enable - enable the user
const postEnable = withAuth(
  async ({ db, tenant, params }) => envelopeA(await setUserActive(db, tenant.id, params.userId, true), { message: 'user enabled' }),
  { roles: ['ADMIN_USER'], params: userIdParamsSchema },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ POST: postEnable });
