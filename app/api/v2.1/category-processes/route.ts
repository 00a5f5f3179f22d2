import { categoryProcessRoutes } from '@/lib/contract/routes/category-processes';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { listCategoryProcesses } from '@/lib/services/categorization/processes';

// GET /api/v2.1/category-processes - the process of every category of the caller's tenant
const list = endpoint(categoryProcessRoutes.listCategoryProcesses, async ({ db, principal }) => envelopeA(await listCategoryProcesses(db, principal.tenantId)));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(list);
