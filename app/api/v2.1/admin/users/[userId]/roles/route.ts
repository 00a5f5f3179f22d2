import { identityRoutes } from '@/lib/contract/routes/identity';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { setUserRoles } from '@/lib/services/identity/user-admin';

// PUT /api/v2.1/admin/users/{userId}/roles - replace the user's roles
const putRoles = endpoint(identityRoutes.setRoles, async ({ db, tenant, params, body }) =>
  envelopeA(await setUserRoles(db, tenant.id, params.userId, body.roles), { message: 'roles updated' }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(putRoles);
