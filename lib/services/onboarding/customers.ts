import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db/client';
import { customers, type CustomerRow } from '@/lib/db/schema';
import { can } from '@/lib/contract/access';
import { notFound } from '@/lib/contract/api-errors';
import type { Principal } from '@/lib/services/identity/sessions';

/**
 * The customer a caller may act on: tenant staff ('tenant:staff') reach every customer of it; a
 * customer user only its own record. Anything else answers 404, exactly like an unknown customer.
 * `forUpdate` takes a row lock for state changes.
 */
export async function customerFor(
  db: DbOrTx,
  principal: Principal,
  customerId: string,
  customerType: 'INDIVIDUAL' | 'ORGANIZATION',
  options: { forUpdate?: boolean } = {},
): Promise<CustomerRow> {
  if (!can(principal, 'tenant:staff') && principal.customerId !== customerId) throw notFound('customer');
  const query = db
    .select()
    .from(customers)
    .where(and(eq(customers.tenantId, principal.tenantId), eq(customers.id, customerId), eq(customers.customerType, customerType)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound('customer');
  return row;
}
