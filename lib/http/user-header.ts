import { z } from 'zod';
import { forbidden, validationFailed } from '@/lib/contract/api-errors';

const uuid = z.uuid();

/**
 * The contract's optional `X-User-ID` header (endpoint 6). The signed-in user is the authority: the
 * header, when sent, must be a UUID (400) naming that same user (403).
 */
export function assertUserHeader(headers: Headers, userId: string): void {
  const value = headers.get('x-user-id');
  if (value === null) return;
  if (!uuid.safeParse(value.trim()).success) throw validationFailed([{ field: 'X-User-ID', message: 'must be a UUID' }]);
  if (value.trim().toLowerCase() !== userId.toLowerCase()) throw forbidden('X-User-ID must name the signed-in user');
}
