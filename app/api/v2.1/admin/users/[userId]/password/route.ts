import { identityRoutes } from '@/lib/contract/routes/identity';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { resetUserPassword } from '@/lib/services/identity/user-admin';

// POST /api/v2.1/admin/users/{userId}/password - set a new password; ends every session of the user
const postPassword = endpoint(identityRoutes.resetPassword, async ({ db, tenant, params, body }) =>
  envelopeA(await resetUserPassword(db, tenant.id, params.userId, body.password), { message: 'password reset' }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postPassword);
