import { categoryProcessRoutes } from '@/lib/contract/routes/category-processes';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { categoryRequirements } from '@/lib/services/categorization/processes';

// GET /api/v2.1/category-processes/{categoryId}/requirements - what a registration of the category must provide (X-Tenant-ID)
const getOne = endpoint(categoryProcessRoutes.categoryRequirements, async ({ db, tenant, params }) => envelopeA(await categoryRequirements(db, tenant.id, params.categoryId)));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getOne);
