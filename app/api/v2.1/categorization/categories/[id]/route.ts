import { idParamsSchema, updateCategoryBodySchema } from '@/lib/contract/onboarding';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { updateCategory } from '@/lib/services/categorization/admin';

// PATCH /api/v2.1/categorization/categories/{id} - change a category of the caller's tenant (ADMIN_USER)
const patchCategory = withAuth(async ({ db, tenant, params, body }) => envelopeA(await updateCategory(db, tenant.id, params.id, body), { message: 'category updated' }), {
  roles: ['ADMIN_USER'],
  params: idParamsSchema,
  body: updateCategoryBodySchema,
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ PATCH: patchCategory });
