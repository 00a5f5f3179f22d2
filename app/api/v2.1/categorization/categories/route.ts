import { createCategoryBodySchema } from '@/lib/contract/onboarding';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { withAuth } from '@/lib/http/with-auth';
import { createCategory } from '@/lib/services/categorization/admin';

// POST /api/v2.1/categorization/categories - create a category of the caller's tenant (ADMIN_USER)
const postCategory = withAuth(async ({ db, tenant, body }) => envelopeA(await createCategory(db, tenant.id, body), { message: 'category created' }), {
  roles: ['ADMIN_USER'],
  body: createCategoryBodySchema,
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ POST: postCategory });
