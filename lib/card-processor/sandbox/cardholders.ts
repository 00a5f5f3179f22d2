import { and, eq } from 'drizzle-orm';
import type { CardOperationResult } from '@/lib/contract/card-operations';
import { cardholders, customers, type CardholderRow } from '@/lib/db/schema';
import { fail, scopeCondition, uuidOr, type OpContext, type OpHandler } from './core';

/**
 * Cardholders belong to a customer of the tenant. A customer user creates them for its own
 * customer (customerId may be omitted; another one answers CARDHOLDER_CUSTOMER_REQUIRED); an
 * administrator names the customer.
 */
function holderRecord(h: CardholderRow): CardOperationResult<'cardholder/info'> {
  return {
    cardholderId: h.id,
    customerId: h.customerId,
    firstName: h.firstName,
    lastName: h.lastName,
    email: h.email,
    phone: h.phone,
    dateOfBirth: h.dateOfBirth,
    billingAddress: h.billingAddress,
    createdAt: h.createdAt.toISOString(),
    updatedAt: h.updatedAt.toISOString(),
  };
}

const create: OpHandler<'cardholder/create'> = async ({ tx, ctx, body, now }) => {
  let customerId: string;
  if (ctx.scope.kind === 'customer') {
    if (body.customerId && body.customerId !== ctx.scope.customerId) fail('CARDHOLDER_CUSTOMER_REQUIRED', { details: 'a customer user creates cardholders for its own customer only' });
    customerId = ctx.scope.customerId;
  } else {
    if (!body.customerId) fail('CARDHOLDER_CUSTOMER_REQUIRED', { details: 'customerId is required' });
    customerId = body.customerId;
  }
  const [customer] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.tenantId, ctx.tenantId), eq(customers.id, customerId)));
  if (!customer) fail('CARDHOLDER_CUSTOMER_REQUIRED', { details: 'no such customer' });
  const [row] = await tx
    .insert(cardholders)
    .values({
      tenantId: ctx.tenantId,
      customerId,
      firstName: body.firstName,
      lastName: body.lastName,
      email: body.email,
      phone: body.phone,
      dateOfBirth: body.dateOfBirth,
      billingAddress: body.billingAddress,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return holderRecord(row!);
};

async function visibleHolder(c: Pick<OpContext<never>, 'tx' | 'ctx'>, cardholderId: string, lock: boolean) {
  const q = c.tx
    .select()
    .from(cardholders)
    .where(and(eq(cardholders.tenantId, c.ctx.tenantId), eq(cardholders.id, uuidOr(cardholderId, 'CARDHOLDER_NOT_FOUND')), scopeCondition(c.ctx, cardholders.customerId)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? fail('CARDHOLDER_NOT_FOUND');
}

const info: OpHandler<'cardholder/info'> = async (c) => holderRecord(await visibleHolder(c, c.body.cardholderId, false));

const update: OpHandler<'cardholder/update'> = async (c) => {
  const holder = await visibleHolder(c, c.body.cardholderId, true);
  const [row] = await c.tx
    .update(cardholders)
    .set({
      email: c.body.email ?? holder.email,
      phone: c.body.phone ?? holder.phone,
      billingAddress: c.body.billingAddress ?? holder.billingAddress,
      updatedAt: c.now,
    })
    .where(and(eq(cardholders.tenantId, holder.tenantId), eq(cardholders.id, holder.id)))
    .returning();
  return holderRecord(row!);
};

export const cardholderHandlers = { 'cardholder/create': create, 'cardholder/info': info, 'cardholder/update': update };
