import { identityRoutes } from '@/lib/contract/routes/identity';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { createAdminUser, listAdminUsers } from '@/lib/services/identity/user-admin';

// GET /api/v2.1/admin/users - the tenant's administrator users (search, role, active filter, paged)
const getUsers = endpoint(identityRoutes.listUsers, async ({ db, tenant, query }) => envelopeA(await listAdminUsers(db, tenant.id, query)));

// POST /api/v2.1/admin/users - create an administrator user with roles
const postUser = endpoint(identityRoutes.createUser, async ({ db, tenant, body, log }) => {
  const user = await createAdminUser(db, tenant.id, body);
  log.info({ createdUserId: user.id, roles: user.roles }, 'user created');
  return envelopeA(user, { message: 'user created' });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getUsers, postUser);
