import { createUserBodySchema, listUsersQuerySchema } from '@/lib/contract/identity';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { createAdminUser, listAdminUsers } from '@/lib/services/identity/user-admin';

// GET /api/v2.1/admin/users - the tenant's administrator users (search, role, active filter, paged)
const getUsers = withAuth(async ({ db, tenant, query }) => envelopeA(await listAdminUsers(db, tenant.id, query)), {
  roles: ['ADMIN_USER'],
  query: listUsersQuerySchema,
});

// POST /api/v2.1/admin/users - create an administrator user with roles
const postUser = withAuth(
  async ({ db, tenant, body, log }) => {
    const user = await createAdminUser(db, tenant.id, body);
    log.info({ createdUserId: user.id, roles: user.roles }, 'user created');
    return envelopeA(user, { message: 'user created' });
  },
  { roles: ['ADMIN_USER'], body: createUserBodySchema },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: getUsers, POST: postUser });
