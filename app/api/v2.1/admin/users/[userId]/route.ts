import { userIdParamsSchema } from '@/lib/contract/identity';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { getAdminUser } from '@/lib/services/identity/user-admin';

// GET /api/v2.1/admin/users/{userId} - one administrator user with its lock state
const getUser = withAuth(async ({ db, tenant, params }) => envelopeA(await getAdminUser(db, tenant.id, params.userId)), {
  roles: ['ADMIN_USER'],
  params: userIdParamsSchema,
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: getUser });
