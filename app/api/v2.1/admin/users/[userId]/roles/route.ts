import { setRolesBodySchema, userIdParamsSchema } from '@/lib/contract/identity';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { setUserRoles } from '@/lib/services/identity/user-admin';

// PUT /api/v2.1/admin/users/{userId}/roles - replace the user's roles
const putRoles = withAuth(
  async ({ db, tenant, params, body }) => envelopeA(await setUserRoles(db, tenant.id, params.userId, body.roles), { message: 'roles updated' }),
  { roles: ['ADMIN_USER'], params: userIdParamsSchema, body: setRolesBodySchema },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ PUT: putRoles });
