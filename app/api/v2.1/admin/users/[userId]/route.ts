import { identityRoutes } from '@/lib/contract/routes/identity';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { getAdminUser } from '@/lib/services/identity/user-admin';

// GET /api/v2.1/admin/users/{userId} - one administrator user with its lock state
const getUser = endpoint(identityRoutes.getUser, async ({ db, tenant, params }) => envelopeA(await getAdminUser(db, tenant.id, params.userId)));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getUser);
