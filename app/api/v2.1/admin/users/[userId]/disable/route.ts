import { identityRoutes } from '@/lib/contract/routes/identity';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { setUserActive } from '@/lib/services/identity/user-admin';

// POST /api/v2.1/admin/users/{userId}/disable - disable the user; ends every session of it
const postDisable = endpoint(identityRoutes.disableUser, async ({ db, tenant, params }) => envelopeA(await setUserActive(db, tenant.id, params.userId, false), { message: 'user disabled' }));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postDisable);
