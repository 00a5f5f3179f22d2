import { userIdParamsSchema } from '@/lib/contract/identity';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { setUserActive } from '@/lib/services/identity/user-admin';

// POST /api/v2.1/admin/users/{userId}/disable - disable the user; ends every session of it
const postDisable = withAuth(
  async ({ db, tenant, params }) => envelopeA(await setUserActive(db, tenant.id, params.userId, false), { message: 'user disabled' }),
  { roles: ['ADMIN_USER'], params: userIdParamsSchema },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ POST: postDisable });
