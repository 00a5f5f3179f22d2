import { notFound, productCodeExists, validationFailed } from '../api-errors';
import { createProductBodySchema, listProductsQuerySchema, productIdParamsSchema, productListSchema, productSchema, updateProductBodySchema } from '../products';
import { EXAMPLE_ID } from './shared';
import { defineRoute } from './types';

// ------------------------------------------------------------------------------------- products (docs/products.md)
// lib/services/products/products.ts; the tenant's wallet and card products with their fees and limits.
const read = { tags: ['Products'], auth: 'bearer', allow: 'tenant:staff' } as const;
const manage = { tags: ['Products'], auth: 'bearer', allow: 'product:manage' } as const;

const listProducts = defineRoute({
  ...read,
  method: 'GET',
  path: '/api/v2.1/products',
  summary: "The tenant's wallet and card products (the defaults default-wallet and default-card included)",
  query: listProductsQuerySchema,
  response: productListSchema,
});

const createProduct = defineRoute({
  ...manage,
  method: 'POST',
  path: '/api/v2.1/products',
  idempotency: true,
  summary: 'Create a wallet product (currency, fees, default limits) or a card product (BIN range, spending limits, merchant categories)',
  message: 'product created',
  body: createProductBodySchema,
  response: productSchema,
  errors: [validationFailed([{ field: 'payoutFee.fixed', message: 'must not be negative' }]), productCodeExists('premium-eur', EXAMPLE_ID)],
});

const getProduct = defineRoute({
  ...read,
  method: 'GET',
  path: '/api/v2.1/products/{productId}',
  summary: 'One product',
  params: productIdParamsSchema,
  response: productSchema,
  errors: [notFound('product')],
});

const updateProduct = defineRoute({
  ...manage,
  method: 'PATCH',
  path: '/api/v2.1/products/{productId}',
  summary: "Change a product's name, fees, limits, BIN range or merchant categories (a changed fee applies to later payments only)",
  message: 'product updated',
  params: productIdParamsSchema,
  body: updateProductBodySchema,
  response: productSchema,
  errors: [notFound('product'), validationFailed([{ field: 'binRange', message: 'applies to card products only; this is a wallet product' }])],
});

export const productRoutes = { listProducts, createProduct, getProduct, updateProduct } as const;
