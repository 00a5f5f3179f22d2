import { resetPasswordBodySchema, userIdParamsSchema } from '@/lib/contract/identity';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { resetUserPassword } from '@/lib/services/identity/user-admin';

// POST /api/v2.1/admin/users/{userId}/password - set a new password; ends every session of the user
const postPassword = withAuth(
  async ({ db, tenant, params, body }) => envelopeA(await resetUserPassword(db, tenant.id, params.userId, body.password), { message: 'password reset' }),
  { roles: ['ADMIN_USER'], params: userIdParamsSchema, body: resetPasswordBodySchema },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ POST: postPassword });
