import { userIdParamsSchema } from '@/lib/contract/identity';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { unlockUser } from '@/lib/services/identity/user-admin';

// POST /api/v2.1/admin/users/{userId}/unlock - clear failed sign-in attempts and any lockout
const postUnlock = withAuth(
  async ({ db, tenant, params }) => envelopeA(await unlockUser(db, tenant.id, params.userId), { message: 'user unlocked' }),
  { roles: ['ADMIN_USER'], params: userIdParamsSchema },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ POST: postUnlock });
