import { categoryProcessRoutes } from '@/lib/contract/routes/category-processes';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { getCategoryProcess, putCategoryProcess } from '@/lib/services/categorization/processes';

// GET /api/v2.1/category-processes/{categoryId} - one category's process
const getOne = endpoint(categoryProcessRoutes.getCategoryProcess, async ({ db, principal, params }) => envelopeA(await getCategoryProcess(db, principal.tenantId, params.categoryId)));

// PUT /api/v2.1/category-processes/{categoryId} - replace it (categorization:manage, audited)
const put = endpoint(categoryProcessRoutes.putCategoryProcess, async ({ db, principal, params, body }) =>
  envelopeA(await putCategoryProcess(db, principal, params.categoryId, body), { message: 'category process updated' }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getOne, put);
