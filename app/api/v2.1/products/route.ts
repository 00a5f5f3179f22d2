import { productRoutes } from '@/lib/contract/routes/products';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { createProduct, listProducts } from '@/lib/services/products/products';

// GET /api/v2.1/products - the tenant's wallet and card products
const getList = endpoint(productRoutes.listProducts, async ({ db, tenant, query }) => envelopeA(await listProducts(db, tenant.id, query)));

// POST /api/v2.1/products - create a wallet or card product
const post = endpoint(productRoutes.createProduct, async ({ db, principal, body }) =>
  envelopeA(await createProduct(db, { tenantId: principal.tenantId, userId: principal.userId }, body), { message: 'product created' }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getList, post);
