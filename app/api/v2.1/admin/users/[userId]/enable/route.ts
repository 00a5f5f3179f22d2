import { identityRoutes } from '@/lib/contract/routes/identity';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { setUserActive } from '@/lib/services/identity/user-admin';

// POST /api/v2.1/admin/users/{userId}/enable - enable the user
const postEnable = endpoint(identityRoutes.enableUser, async ({ db, tenant, params }) => envelopeA(await setUserActive(db, tenant.id, params.userId, true), { message: 'user enabled' }));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postEnable);
