import { productRoutes } from '@/lib/contract/routes/products';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { getProduct, updateProduct } from '@/lib/services/products/products';

// GET /api/v2.1/products/{productId} - one product
const getOne = endpoint(productRoutes.getProduct, async ({ db, tenant, params }) => envelopeA(await getProduct(db, tenant.id, params.productId)));

// PATCH /api/v2.1/products/{productId} - change a product (a changed fee applies to later payments only)
const patchOne = endpoint(productRoutes.updateProduct, async ({ db, principal, params, body }) =>
  envelopeA(await updateProduct(db, { tenantId: principal.tenantId, userId: principal.userId }, params.productId, body), { message: 'product updated' }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getOne, patchOne);
