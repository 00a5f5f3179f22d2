import { identityRoutes } from '@/lib/contract/routes/identity';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { unlockUser } from '@/lib/services/identity/user-admin';

// POST /api/v2.1/admin/users/{userId}/unlock - clear failed sign-in attempts and any lockout
const postUnlock = endpoint(identityRoutes.unlockUser, async ({ db, tenant, params }) => envelopeA(await unlockUser(db, tenant.id, params.userId), { message: 'user unlocked' }));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postUnlock);
